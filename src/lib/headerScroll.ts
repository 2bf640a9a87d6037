/** Spec: the header may hide only past 120 px from the top, after a downward move of over 6 px. */
export const HIDE_AFTER_PX = 120;
export const SCROLL_DELTA_PX = 6;

export interface HeaderScrollState {
  hidden: boolean;
  /** Scroll position the next movement is measured from. */
  anchorY: number;
}

/** The header's next state for a new scroll position; any upward move shows it again. */
export function nextHeaderState(
  state: HeaderScrollState,
  y: number,
  menuOpen: boolean,
): HeaderScrollState {
  if (menuOpen || y <= HIDE_AFTER_PX) return { hidden: false, anchorY: y };
  const delta = y - state.anchorY;
  if (delta < 0) return { hidden: false, anchorY: y };
  if (delta > SCROLL_DELTA_PX) return { hidden: true, anchorY: y };
  return state;
}
