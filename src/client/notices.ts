/**
 * The one fixed stack the toast and the language offer are placed in (styled `.notices`): at the
 * foot of the screen beside the quick-contact button's column, so they never cover it, its open
 * menu or each other. Its height is kept in `--notices-block` on the root and on the footer, so
 * that while a notice is shown, focus is scrolled clear of it (base.css) and the page's end
 * scrolls out from under it (layout.css). Set only when it changes: the empty stack costs nothing.
 */
export function noticeArea(): HTMLElement {
  let area = document.querySelector<HTMLElement>("body > .notices");
  if (!area) {
    area = document.createElement("div");
    area.className = "notices";
    document.body.append(area);
    const readers = [document.documentElement, document.querySelector(".site-footer")];
    new ResizeObserver(([entry]) => {
      const height = entry.target.childElementCount ? Math.ceil(entry.contentRect.height) : 0;
      const value = height ? `${height}px` : "";
      for (const reader of readers)
        if (
          reader instanceof HTMLElement &&
          reader.style.getPropertyValue("--notices-block") !== value
        )
          reader.style.setProperty("--notices-block", value);
    }).observe(area);
  }
  return area;
}
