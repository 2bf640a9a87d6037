/**
 * How long the header's menu and the home page's hero texts may be, in each language, so that
 * the layout holds: measured in Chromium with the site's fonts (test/browser/layout-limits.test.ts
 * builds the site with every text at its limit and checks). A Chinese character is about twice as
 * wide as a Latin letter; Arabic letters are a little narrower than Latin ones. The English limits
 * stop the build (the schemas below use them); a translation over its limit is a build warning.
 */

/** Why the menu's labels are limited: the header shows them in one row from this width up. */
export const MENU_REASON = "the menu must fit on one line at 1100 px, the narrowest desktop screen";

/** Why the hero's texts are limited: a slide shows them whole, within the first screen. */
export const HERO_REASON = "the slide shows its whole text within a 1280 × 800 screen";

export interface LayoutLimits {
  /** One entry of the main menu. */
  menuLabel: number;
  /** All the main menu's labels together. */
  menuTotal: number;
  /** A hero slide's heading, text and button. */
  heroTitle: number;
  heroText: number;
  heroButton: number;
}

/** Characters (code points) per language; at most MENU_ENTRIES entries in the menu. */
export const layoutLimits = {
  en: { menuLabel: 20, menuTotal: 46, heroTitle: 40, heroText: 180, heroButton: 36 },
  ar: { menuLabel: 24, menuTotal: 56, heroTitle: 40, heroText: 180, heroButton: 36 },
  zh: { menuLabel: 10, menuTotal: 24, heroTitle: 20, heroText: 90, heroButton: 18 },
} satisfies Record<"en" | "ar" | "zh", LayoutLimits>;

/** The menu's budget was measured with this many entries: each one more takes its padding. */
export const MENU_ENTRIES = 6;

/** A text's length as a reader counts characters (an emoji or a CJK character is one). */
export const characters = (text: string) => [...text].length;
