/** Contact page map: the frame (a request to the map service) loads only when asked for. */
export function startOfficeMap() {
  const map = document.querySelector<HTMLElement>("[data-office-map]");
  const button = map?.querySelector<HTMLButtonElement>("[data-office-map-load]");
  if (!map || !button) return;
  button.hidden = false;
  button.addEventListener("click", () => {
    const frame = document.createElement("iframe");
    frame.src = map.dataset.embed ?? "";
    frame.title = map.dataset.frameTitle ?? "";
    frame.className = "office-map-frame";
    frame.loading = "lazy";
    frame.referrerPolicy = "no-referrer-when-downgrade";
    map.querySelector(".office-map-placeholder")?.classList.add("is-loaded");
    map.prepend(frame);
    frame.focus();
    button.hidden = true;
  });
}
