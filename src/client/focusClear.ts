/**
 * Keyboard focus never sits under the sticky header, the corner button or a notice, not even in part
 * (WCAG 2.4.11, 2.4.12). The browser scrolls a focused element only when it is off screen (then
 * clear of them, by the page's scroll padding); one on screen but under them stays put, so this
 * scrolls it the least distance that clears them, by the same padding.
 */
export function startFocusClear() {
  document.addEventListener("focusin", ({ target }) => {
    if (!(target instanceof HTMLElement) || !target.matches(":focus-visible")) return;
    // After the browser's own scroll, and the header's answer to it.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const r = target.getBoundingClientRect();
        for (const cover of document.querySelectorAll(
          "[data-header], .quick-contact, .notices > *",
        )) {
          const c = cover.getBoundingClientRect();
          if (cover.contains(target) || document.activeElement !== target) continue;
          if (r.top < c.bottom && r.bottom > c.top && r.left < c.right && r.right > c.left)
            return target.scrollIntoView({ block: "nearest" });
        }
      }),
    );
  });
}
