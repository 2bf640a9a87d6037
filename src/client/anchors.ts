import { ANCHOR_RETRY_MS, ANCHOR_SETTLE_MS, anchorScrollTop } from "../lib/anchorScroll";

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function targetOf(hash: string) {
  const id = decodeURIComponent(hash.slice(1));
  return id ? document.getElementById(id) : null;
}

/**
 * Scroll so the target sits header height + 16 px from the top, then correct: after set delays
 * (late images, fonts, islands), and once the scroll has ended, until nothing moves. The home
 * page's lower sections are laid out only as they near the viewport (content-visibility), so
 * the one above the target takes its real height only once the scroll has brought it near.
 */
function scrollToTarget(target: HTMLElement, smooth: boolean) {
  const go = (behavior: ScrollBehavior) => {
    const headerHeight = document.querySelector<HTMLElement>("[data-header]")?.offsetHeight ?? 0;
    const top = anchorScrollTop(target.getBoundingClientRect().top, window.scrollY, headerHeight);
    const moves = Math.abs(top - window.scrollY) > 1;
    if (moves) window.scrollTo({ top, behavior });
    return moves;
  };
  const scrolled = go(smooth && !reducedMotion() ? "smooth" : "auto");
  for (const delay of ANCHOR_RETRY_MS) setTimeout(() => go("auto"), delay);
  if (!scrolled) return;
  const settle = (left: number) =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        if (go("auto") && left > 1) settle(left - 1);
      }),
    );
  const ended = () => settle(5);
  addEventListener("scrollend", ended, { once: true });
  // Not a later scroll of the visitor's own.
  setTimeout(() => removeEventListener("scrollend", ended), ANCHOR_SETTLE_MS);
}

/** Move keyboard and screen reader focus to the target without another jump. */
function focusTarget(target: HTMLElement) {
  if (!target.matches("a, button, input, select, textarea, [tabindex]")) target.tabIndex = -1;
  target.focus({ preventScroll: true });
}

/** In-page anchor links and page loads with a #hash land clear of the sticky header. */
export function startAnchors() {
  document.addEventListener("click", (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey
    )
      return;
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[href*='#']");
    if (!link || link.origin !== location.origin || link.pathname !== location.pathname) return;
    const target = targetOf(link.hash);
    if (!target) return;
    event.preventDefault();
    history.pushState(null, "", link.hash);
    scrollToTarget(target, true);
    focusTarget(target);
  });
  const initial = targetOf(location.hash);
  if (initial) scrollToTarget(initial, false);
}
