/**
 * New leads while a page is open (the inbox's newest page, the home page): every so often asks
 * the desk how many leads came since the page was made, with its filter, and says so in the
 * page's polite live region with a link that shows them. Without this script the region stays
 * empty and reloading shows them.
 */
export function watchForNewer(region: HTMLElement) {
  const { newer, show, every } = region.dataset;
  if (!newer || !show) return;
  let shown = 0;
  const ask = async () => {
    const response = await fetch(newer, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    // Signed out (the sign-in page) or refused: nothing to say, and no more asking.
    if (!response.ok || !response.headers.get("content-type")?.includes("json")) return false;
    const { count } = (await response.json()) as { count?: unknown };
    if (typeof count === "number" && count > 0 && count !== shown) {
      shown = count;
      const line = document.createElement("p");
      const link = document.createElement("a");
      link.href = show;
      link.textContent = "Show";
      line.append(`${count} new ${count === 1 ? "lead" : "leads"} since this page opened: `, link);
      region.replaceChildren(line);
    }
    return true;
  };
  const wait = Math.max(1000, Number(every) || 20_000);
  const tick = () => {
    ask().then(
      (again) => {
        if (again) setTimeout(tick, wait);
      },
      // Offline for a moment: ask again later.
      () => setTimeout(tick, wait),
    );
  };
  setTimeout(tick, wait);
}
