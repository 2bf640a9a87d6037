import { ANCHOR_RETRY_MS, anchorScrollTop } from "../lib/anchorScroll";

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function targetOf(hash: string) {
  const id = decodeURIComponent(hash.slice(1));
  return id ? document.getElementById(id) : null;
}

/** Scroll so the target sits header height + 16 px from the top, then correct twice. */
function scrollToTarget(target: HTMLElement, smooth: boolean) {
  const go = (behavior: ScrollBehavior) => {
    const headerHeight = document.querySelector<HTMLElement>("[data-header]")?.offsetHeight ?? 0;
    const top = anchorScrollTop(target.getBoundingClientRect().top, window.scrollY, headerHeight);
    if (Math.abs(top - window.scrollY) > 1) window.scrollTo({ top, behavior });
  };
  go(smooth && !reducedMotion() ? "smooth" : "auto");
  for (const delay of ANCHOR_RETRY_MS) setTimeout(() => go("auto"), delay);
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
