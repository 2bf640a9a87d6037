import { firstPaint } from "./firstPaint";

/**
 * The build holds some head links back in `<noscript data-after-load>` (the full stylesheet, the
 * web app manifest; src/build/afterLoad.ts). Once the page has loaded and painted, the manifest
 * is added, and the full sheet is only fetched (a low-priority prefetch, for the cache): the
 * inline CSS already holds every rule the page's HTML needs (src/build/critical.ts), and applying
 * the sheet restyles the whole page, a long task on a slow phone. It applies when something needs
 * a rule the HTML did not (`fullSheet()`: markup a script creates, such as the toast or the
 * language offer) or on the visitor's first interaction (menus, dialogs, what islands open then).
 */

/** The held links, parsed inert (with scripts on, a `<noscript>`'s content is text). */
function heldLinks(): HTMLLinkElement[] {
  const template = document.createElement("template");
  template.innerHTML = [...document.querySelectorAll("noscript[data-after-load]")]
    .map((holder) => holder.textContent)
    .join("");
  return [...template.content.querySelectorAll("link")];
}
const isSheet = (link: HTMLLinkElement) => link.rel === "stylesheet";

let applied: Promise<unknown> | undefined;
/** Whether a script has asked for the full sheet: then it is not prefetched as well. */
let wanted = false;

/** Apply the full stylesheet now (once); resolves when it has arrived (or failed). */
function applySheet(): Promise<unknown> {
  return (applied ??= Promise.all(
    heldLinks()
      .filter(isSheet)
      .map((link) => {
        document.head.append(link);
        return new Promise((done) => (link.onload = link.onerror = done));
      }),
  ));
}

/** The page has loaded and painted: nothing held back competes with the first screen then. */
const loadedAndPainted = () =>
  Promise.all([
    document.readyState === "complete"
      ? undefined
      : new Promise((done) => addEventListener("load", done, { once: true })),
    firstPaint(),
  ]);

/**
 * The full stylesheet, for markup a script creates: applied once the page has loaded (or at
 * the visitor's first interaction, if sooner); resolves when it has arrived (or failed).
 */
export function fullSheet() {
  wanted = true;
  return loadedAndPainted().then(applySheet);
}
/** After load and first paint: the manifest, the full sheet's prefetch; the sheet on first use. */
export function loadAfterLoadLinks() {
  for (const type of ["pointerdown", "keydown", "focusin"])
    addEventListener(type, () => void applySheet(), { capture: true, passive: true, once: true });
  const add = () => {
    for (const link of heldLinks()) {
      if (isSheet(link)) {
        if (applied ?? wanted) continue;
        link.rel = "prefetch";
        link.as = "style";
      }
      document.head.append(link);
    }
  };
  // When idle: the scripts that start after the first paint have said by then if they want it.
  void loadedAndPainted().then(() =>
    "requestIdleCallback" in window ? requestIdleCallback(add) : setTimeout(add, 200),
  );
}
