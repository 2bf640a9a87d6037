/** Index arithmetic for looping carousels. */
export const wrapIndex = (index: number, count: number) => ((index % count) + count) % count;

export const HERO_INTERVAL_MS = 6000;
