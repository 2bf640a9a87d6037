/**
 * The quick-contact menu is a native <details> (it opens with JavaScript off). Loaded when it
 * first opens, this closes it the way a menu closes: Escape (focus back on its button), a click
 * outside it, or focus leaving it, so it never stays open over what the visitor went on to read.
 */
export function startQuickContact(menu: HTMLDetailsElement) {
  const toggle = menu.querySelector("summary");
  menu.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !menu.open) return;
    event.stopPropagation();
    menu.open = false;
    toggle?.focus();
  });
  menu.addEventListener("focusout", (event) => {
    const next = event.relatedTarget as Node | null;
    if (next && !menu.contains(next)) menu.open = false;
  });
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
  menu.dataset.started = "";
}
