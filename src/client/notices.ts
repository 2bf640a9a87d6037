/**
 * The one fixed stack the toast and the language offer are placed in (styled `.notices`): at the
 * foot of the screen beside the quick-contact button's column, so they never cover it, its open
 * menu or each other. Its height is kept in `--notices-block` on the root, so that while a notice
 * is shown, focus is scrolled clear of it and the page's end scrolls out from under it (base.css).
 */
export function noticeArea(): HTMLElement {
  let area = document.querySelector<HTMLElement>("body > .notices");
  if (!area) {
    area = document.createElement("div");
    area.className = "notices";
    document.body.append(area);
    const root = document.documentElement;
    new ResizeObserver(([entry]) => {
      const height = entry.target.childElementCount ? entry.contentRect.height : 0;
      root.style.setProperty("--notices-block", `${Math.ceil(height)}px`);
    }).observe(area);
  }
  return area;
}
