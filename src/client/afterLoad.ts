import { firstPaint } from "./firstPaint";

/**
 * The build holds some head links back in `<noscript data-after-load>` (the full stylesheet, the
 * web app manifest; src/build/afterLoad.ts). Once the page has loaded and painted, the manifest
 * is added, and the full sheet is only fetched (a low-priority prefetch, for the cache): the
 * inline CSS already holds every rule the page's HTML needs (src/build/critical.ts), and applying
 * the sheet restyles the whole page, a long task on a slow phone. It applies on the visitor's first
 * interaction (menus, dialogs, what islands open then). Markup a script makes before that (the
 * slot picker, the toast's region, the language offer) is styled by the scripts' own small sheet
 * (`scriptSheet()`, src/styles/scripted.css), whose class selectors restyle only their elements.
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

/** Apply the full stylesheet now (once); resolves when it has arrived (or failed). */
function applySheet(): Promise<unknown> {
  return (applied ??= Promise.all(heldLinks().filter(isSheet).map(appendSheet)));
}

/** A stylesheet link added to the head; resolves when it has arrived (or failed). */
function appendSheet(link: HTMLLinkElement) {
  document.head.append(link);
  return new Promise((done) => (link.onload = link.onerror = done));
}

/** The page has loaded and painted: nothing held back competes with the first screen then. */
const loadedAndPainted = () =>
  Promise.all([
    document.readyState === "complete"
      ? undefined
      : new Promise((done) => addEventListener("load", done, { once: true })),
    firstPaint(),
  ]);

let scripted: Promise<unknown> | undefined;
/**
 * The scripts' own sheet, for markup a script makes: applied once the page has loaded (or at
 * once, if the full sheet, which holds the same rules, is already in); resolves when it has
 * arrived (or failed).
 */
export function scriptSheet(): Promise<unknown> {
  return (scripted ??= loadedAndPainted().then(() => {
    if (applied) return applied;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = process.env.SCRIPT_SHEET ?? "";
    return appendSheet(link);
  }));
}
/** After load and first paint: the manifest, the full sheet's prefetch; the sheet on first use. */
export function loadAfterLoadLinks() {
  for (const type of ["pointerdown", "keydown", "focusin"])
    addEventListener(type, () => void applySheet(), { capture: true, passive: true, once: true });
  const add = () => {
    for (const link of heldLinks()) {
      if (isSheet(link)) {
        if (applied) continue;
        link.rel = "prefetch";
        link.as = "style";
      }
      document.head.append(link);
    }
  };
  // When idle: nothing held back competes with what starts after the first paint.
  void loadedAndPainted().then(() =>
    "requestIdleCallback" in window ? requestIdleCallback(add) : setTimeout(add, 200),
  );
}
