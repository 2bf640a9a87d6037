/**
 * Resolves once the browser has put the page's content on screen (its first contentful paint), or
 * at once where the Paint Timing API is missing. Start-up work waits for it: none of it is needed
 * to draw the first screen, and done earlier it holds that screen back (reading scroll position
 * forces a layout; a stylesheet added before the first paint blocks it).
 */
export function firstPaint(): Promise<void> {
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return Promise.resolve();
  // A page opened in a background tab is not painted until it is shown: nothing to hold back.
  if (document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => {
    new PerformanceObserver((list, observer) => {
      // A first paint of the background alone can come before it (a loaded phone, a slow page).
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      resolve();
    }).observe({ type: "paint", buffered: true });
  });
}
