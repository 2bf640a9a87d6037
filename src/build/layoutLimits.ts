/**
 * The header's menu and the hero's texts in one language against that language's limits
 * (src/content/schema/limits.ts). English over a limit never gets here (the schema stops the
 * build); a translation over one is a warning: the page still builds, a long menu label wraps
 * onto two lines within the header and a long hero text makes the hero taller.
 */
import { mainNav } from "../content/navigation";
import { slides } from "../content/home";
import {
  characters,
  HERO_REASON,
  layoutLimits,
  MENU_REASON,
  type LayoutLimits,
} from "../content/schema/limits";
import type { LocaleCode } from "../i18n/locales";

interface Texts {
  menu: readonly { label: string }[];
  slides: readonly { id: string; title: string; description: string; cta: { label: string } }[];
}

/** What is too long in `texts` for `limits`, each naming its translation key and reason. */
export function overLimits(texts: Texts, limits: LayoutLimits): string[] {
  const over = (key: string, text: string, max: number, reason: string) =>
    characters(text) > max
      ? [`${key}: ${characters(text)} characters, at most ${max}: ${reason}`]
      : [];
  const total = texts.menu.reduce((sum, m) => sum + characters(m.label), 0);
  return [
    ...texts.menu.flatMap((m, i) =>
      over(`navigation mainNav[${i}].label`, m.label, limits.menuLabel, MENU_REASON),
    ),
    ...(total > limits.menuTotal
      ? [
          `navigation mainNav: the labels come to ${total} characters together, at most ${limits.menuTotal}: ${MENU_REASON}`,
        ]
      : []),
    ...texts.slides.flatMap((s) => [
      ...over(`home slides[${s.id}].title`, s.title, limits.heroTitle, HERO_REASON),
      ...over(`home slides[${s.id}].description`, s.description, limits.heroText, HERO_REASON),
      ...over(`home slides[${s.id}].cta.label`, s.cta.label, limits.heroButton, HERO_REASON),
    ]),
  ];
}

/** The built menu and slides of the locale whose scope this runs in (src/i18n/scope.ts). */
export const overLimitsIn = (code: LocaleCode) =>
  overLimits({ menu: mainNav, slides }, layoutLimits[code]);
