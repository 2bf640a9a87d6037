import { nextHeaderState, type HeaderScrollState } from "../lib/headerScroll";

const header = () => document.querySelector<HTMLElement>("[data-header]");

/** Header: hide on scroll down, the Courses dropdown, the mobile menu. */
export function startHeader() {
  const el = header();
  if (!el) return;
  startHideOnScroll(el);
  startDropdowns(el);
  startMobileMenu(el);
  startSearchToggle(el);
}

/** The search button opens the header's field (or, on the search page, goes to its own). */
function startSearchToggle(el: HTMLElement) {
  const toggle = el.querySelector<HTMLAnchorElement>("[data-search-toggle]");
  const form = el.querySelector<HTMLFormElement>("[data-header-search]");
  const input = form?.querySelector<HTMLInputElement>("[data-search-input]");
  if (!toggle || !form || !input) return;
  const pageField = document.querySelector<HTMLInputElement>("main [data-search-input]");
  toggle.setAttribute("role", "button");
  if (!pageField) {
    toggle.setAttribute("aria-expanded", "false");
    toggle.setAttribute("aria-controls", form.id);
  }
  const setOpen = (open: boolean) => {
    form.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    if (open) input.focus();
    else toggle.focus();
  };
  const activate = (event: Event) => {
    event.preventDefault();
    if (pageField) pageField.focus();
    else setOpen(form.hidden);
  };
  toggle.addEventListener("click", activate);
  toggle.addEventListener("keydown", (event) => {
    if (event.key === " ") activate(event);
  });
  // Escape in an empty field (the field's own Escape closes its list and clears it first).
  form.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !input.value) setOpen(false);
  });
}

function startHideOnScroll(el: HTMLElement) {
  let state: HeaderScrollState = { hidden: false, anchorY: 0 };
  // Where the page starts (0, or a position the browser restored), read in the next frame:
  // read here, the scroll position forced a layout of the rest of the page into this start-up
  // task (the page after its first screen is laid out after the first paint), one long task
  // on a slow phone; in a frame's callback, before its own layout, it costs nothing more. It
  // is queued first, so it runs before any scroll's update.
  requestAnimationFrame(() => {
    state = { ...state, anchorY: window.scrollY };
  });
  let queued = false;
  const update = () => {
    queued = false;
    state = nextHeaderState(state, window.scrollY, el.classList.contains("nav-open"));
    el.classList.toggle("is-hidden", state.hidden);
  };
  window.addEventListener(
    "scroll",
    () => {
      if (!queued) requestAnimationFrame(update);
      queued = true;
    },
    { passive: true },
  );
  // A keyboard user tabbing into a hidden header must see where focus went.
  el.addEventListener("focusin", () => el.classList.remove("is-hidden"));
}

const hoverCapable = () => window.matchMedia("(hover: hover) and (pointer: fine)").matches;

function startDropdowns(el: HTMLElement) {
  for (const item of el.querySelectorAll<HTMLElement>("[data-dropdown]")) {
    const toggle = item.querySelector<HTMLButtonElement>(".dropdown-toggle");
    if (!toggle) continue;
    let openedByHover = false;
    const setOpen = (open: boolean) => toggle.setAttribute("aria-expanded", String(open));
    const isOpen = () => toggle.getAttribute("aria-expanded") === "true";

    item.addEventListener("mouseenter", () => {
      if (!hoverCapable() || isOpen()) return;
      openedByHover = true;
      setOpen(true);
    });
    item.addEventListener("mouseleave", () => {
      if (openedByHover) setOpen(false);
      openedByHover = false;
    });
    // A click after hover keeps it open (the pointer already opened it); otherwise it toggles.
    toggle.addEventListener("click", () => {
      setOpen(openedByHover || !isOpen());
      openedByHover = false;
    });
    item.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !isOpen()) return;
      event.stopPropagation();
      setOpen(false);
      toggle.focus();
    });
    item.addEventListener("focusout", (event) => {
      if (!item.contains(event.relatedTarget as Node | null)) setOpen(false);
    });
    document.addEventListener("click", (event) => {
      if (!item.contains(event.target as Node)) setOpen(false);
    });
    // This starts after the first paint: a pointer already resting on the menu opens it, as
    // entering would have (without the script, CSS showed it on hover).
    if (hoverCapable() && item.matches(":hover")) {
      openedByHover = true;
      setOpen(true);
    }
  }
}

function startMobileMenu(el: HTMLElement) {
  const toggle = el.querySelector<HTMLAnchorElement>("[data-menu-toggle]");
  const nav = el.querySelector<HTMLElement>("#site-nav");
  if (!toggle || !nav) return;
  toggle.setAttribute("role", "button");
  toggle.setAttribute("aria-expanded", "false");
  const label = toggle.querySelector(".menu-toggle-label");
  // Its words in the page's language: its own, and the menu's close link's while open.
  const openWords = label?.textContent ?? "";
  const closeWords = nav.querySelector("[data-menu-close]")?.textContent ?? openWords;

  const setOpen = (open: boolean, returnFocus = false) => {
    el.classList.toggle("nav-open", open);
    el.classList.remove("is-hidden");
    toggle.setAttribute("aria-expanded", String(open));
    if (label) label.textContent = open ? closeWords : openWords;
    if (open) nav.querySelector<HTMLElement>("a, button")?.focus();
    else if (returnFocus) toggle.focus();
  };
  const isOpen = () => el.classList.contains("nav-open");

  toggle.addEventListener("click", (event) => {
    event.preventDefault();
    setOpen(!isOpen());
  });
  toggle.addEventListener("keydown", (event) => {
    if (event.key !== " ") return;
    event.preventDefault();
    setOpen(!isOpen());
  });
  document.addEventListener("keydown", (event) => {
    if (!isOpen()) return;
    if (event.key === "Escape") setOpen(false, true);
    else if (event.key === "Tab") keepFocusInside(event, [toggle, ...focusables(nav)]);
  });
  nav.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) setOpen(false);
  });
  window.matchMedia("(min-width: 1100px)").addEventListener("change", (mq) => {
    if (mq.matches) setOpen(false);
  });
}

const focusables = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")].filter(
    (e) => e.offsetParent !== null,
  );

function keepFocusInside(event: KeyboardEvent, items: HTMLElement[]) {
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
