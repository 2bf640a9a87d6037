import { firstPaint } from "./firstPaint";

/**
 * The build holds some head links back in `<noscript data-after-load>` (the full stylesheet, the
 * web app manifest; src/build/afterLoad.ts). Add them once the page has loaded and painted, so
 * they never compete with the first screen's requests. Resolves when the stylesheets have
 * arrived (or failed): code that creates markup the HTML did not have (the toast) waits for them.
 */
export function loadAfterLoadLinks(): Promise<void> {
  const holders = [...document.querySelectorAll("noscript[data-after-load]")];
  if (!holders.length) return Promise.resolve();
  return new Promise((resolve) => {
    const add = () => {
      // With scripts on, a <noscript>'s content is text: parse it inert, then move the links.
      const template = document.createElement("template");
      template.innerHTML = holders.map((holder) => holder.textContent).join("");
      const links = [...template.content.querySelectorAll("link")];
      const sheets = links
        .filter((link) => link.rel === "stylesheet")
        .map(
          (link) =>
            new Promise((done) => {
              link.addEventListener("load", done);
              link.addEventListener("error", done);
            }),
        );
      document.head.append(...links);
      void Promise.all(sheets).then(() => resolve());
    };
    const loaded =
      document.readyState === "complete"
        ? Promise.resolve()
        : new Promise((done) => addEventListener("load", done, { once: true }));
    void Promise.all([loaded, firstPaint()]).then(add);
  });
}
