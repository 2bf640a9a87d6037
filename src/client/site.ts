// Site-wide behaviour that needs no component state, so pages without islands load no React.
import { startHeader } from "./header";
import { startAnchors } from "./anchors";
import { startOfficeMap } from "./officeMap";
import { startHero } from "./hero";
import { loadAfterLoadLinks, scriptSheet } from "./afterLoad";
import { prefillForms } from "./forms/prefill";
import { firstPaint } from "./firstPaint";
import { onceNear } from "./near";

loadAfterLoadLinks();
// Nothing here is needed to draw the first screen (the HTML is complete without it).
void firstPaint().then(() => {
  document.documentElement.classList.add("js");
  startHeader();
  startAnchors();
  const quickContact = document.querySelector<HTMLDetailsElement>("[data-quick-contact]");
  if (quickContact) {
    const start = () =>
      void import("./quickContact")
        .then((m) => m.startQuickContact(quickContact))
        .catch((error: unknown) => console.error(error));
    // Opened before this script ran (a tap while a slow phone loads): start at once.
    if (quickContact.open) start();
    else quickContact.addEventListener("toggle", start, { once: true });
  }
  startOfficeMap();
  const hero = document.querySelector<HTMLElement>("[data-hero]");
  if (hero) startHero(hero);
  if (window.location.search) prefillForms(window.location.search);
  // Only an address from a staff page's button loads it (the server also reads the Referer).
  if (/[?&]campaign=/.test(window.location.search))
    void import("./campaign")
      .then((m) => m.carryCampaign(window.location.search))
      .catch((error: unknown) => console.error(error));
  if (mayOfferLanguage())
    // Markup the HTML did not have: styled by the scripts' own sheet.
    void Promise.all([import("./languageOffer"), scriptSheet()])
      .then(([m]) => m.startLanguageOffer())
      .catch((error: unknown) => console.error(error));
  // The slot picker (booking and manage pages): plain TypeScript, no React.
  if (document.querySelector("[data-slot-picker]"))
    void Promise.all([import("./booking"), scriptSheet()])
      .then(([m]) => m.startBooking())
      .catch((error: unknown) => console.error(error));
  startEventTimes();
  startSiteSearch();
  startVitals();
});

/**
 * Search (96 kB of script: its engine and stemmers) loads when a search field takes focus, or
 * at once on the search page when the address asks a query (a copy of the site with no server
 * answers it there). Loaded at once, it cost the search page 250-430 ms of blocking time.
 */
function startSiteSearch() {
  const start = () =>
    void import("./search")
      .then((m) => m.startSearch())
      .catch((error: unknown) => console.error(error));
  const asked = new URLSearchParams(window.location.search).get("q")?.trim();
  if (asked && document.querySelector("[data-search-results]")) return start();
  const onFocus = (event: FocusEvent) => {
    if (!(event.target instanceof HTMLInputElement) || !("searchInput" in event.target.dataset))
      return;
    document.removeEventListener("focusin", onFocus);
    start();
  };
  document.addEventListener("focusin", onFocus);
  // Focused before this script ran.
  if (document.activeElement?.matches("[data-search-input]")) start();
}

/**
 * Whether the browser prefers, before this page's language, one the switcher links to: only then
 * does the offer's code load (src/client/languageOffer.ts decides exactly).
 */
function mayOfferLanguage() {
  const primary = (tag: string) => tag.split("-")[0].toLowerCase();
  const page = primary(document.documentElement.lang);
  const links = [...document.querySelectorAll<HTMLAnchorElement>("a[data-offer]")];
  for (const tag of navigator.languages) {
    if (primary(tag) === page) return false;
    if (links.some((a) => primary(a.hreflang) === primary(tag))) return true;
  }
  return false;
}

/** The real-visitor reporter, when the build names an endpoint (VITALS_ENDPOINT): on idle. */
function startVitals() {
  const endpoint = process.env.VITALS_ENDPOINT;
  if (!endpoint) return;
  const start = () =>
    void import("./vitals")
      .then((m) => m.reportVitals(endpoint))
      .catch((error: unknown) => console.error(error));
  if ("requestIdleCallback" in window) requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 1000);
}

/**
 * Event times in the visitor's zone and live places (plain TypeScript): loaded as the first of
 * them nears the viewport, or on the visitor's first key, tap or focus, which fills in every time
 * at once (what find in the page or a screen reader reaches says the visitor's time too). The
 * module carries every zone's name: the home pages' events are far below the first screen, and
 * loading it there at once was a long task during their load.
 */
function startEventTimes() {
  const marked = document.querySelectorAll("[data-local-time], [data-places]");
  if (!marked.length) return;
  let interactedYet = false;
  const load = onceNear(marked, () => {
    void import("./events")
      // Read when it has arrived: a key pressed while it loaded counts.
      .then((m) => m.startEvents({ everyTimeNow: interactedYet }))
      .catch((error: unknown) => console.error(error));
  });
  const interacted = () => {
    for (const type of INTERACTIONS) removeEventListener(type, interacted, true);
    interactedYet = true;
    load();
  };
  for (const type of INTERACTIONS)
    addEventListener(type, interacted, { capture: true, passive: true });
}
const INTERACTIONS = ["pointerdown", "keydown", "focusin"];

// The form enhancement loads as a form nears the viewport (or takes focus), not during first paint.
const forms = document.querySelectorAll("form[data-enquiry]");
if (forms.length) {
  const start = onceNear(forms, () => {
    // The toast it creates is styled by the scripts' own sheet.
    Promise.all([import("./forms"), scriptSheet()])
      .then(([m]) => m.startForms())
      .catch((error: unknown) => console.error(error));
  });
  forms.forEach((form) => form.addEventListener("focusin", start, { once: true }));
}
