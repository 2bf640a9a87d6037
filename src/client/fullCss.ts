/**
 * A built page inlines only the rules its HTML uses (src/build/critical.ts) and names the full
 * sheet on that <style>. Add the full sheet once the page has loaded, so it never competes with
 * the first screen's requests. Resolves when it has arrived (or failed): code that creates markup
 * the HTML did not have (the toast) waits for it.
 */
export function loadFullCss(): Promise<void> {
  const href = document.querySelector<HTMLStyleElement>("style[data-full-css]")?.dataset.fullCss;
  if (!href) return Promise.resolve();
  return new Promise((resolve) => {
    const add = () => {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = href;
      link.addEventListener("load", () => resolve());
      link.addEventListener("error", () => resolve());
      document.head.append(link);
    };
    if (document.readyState === "complete") add();
    else addEventListener("load", add, { once: true });
  });
}
