/** Spec: anchor targets land this far below the header. */
export const ANCHOR_GAP_PX = 16;
/** Spec: the position is corrected again after these delays (late images, fonts, islands). */
export const ANCHOR_RETRY_MS = [300, 900];
/** How long the scroll to a target may take to end and still be corrected when it does. */
export const ANCHOR_SETTLE_MS = 3000;

/** Document scroll position that puts an element's top header height + 16 px from the top. */
export const anchorScrollTop = (elementTop: number, scrollY: number, headerHeight: number) =>
  Math.max(0, Math.round(elementTop + scrollY - headerHeight - ANCHOR_GAP_PX));
