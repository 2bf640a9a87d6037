import { ui } from "../content/ui";
import { localePath, pageLocale } from "../i18n/pageLocale";
import { pathLocales } from "../i18n/pageLanguages";

/**
 * The same page in each other language, each named in its own language: plain links (they work
 * without JavaScript), marked with the language they lead to. Nothing redirects by the browser's
 * language; a visitor whose browser prefers one of them may be offered it in one line
 * (src/client/languageOffer.ts, whose words in that language ride on its link here). The 404
 * page, which has no address of its own, offers each language's home page. A staff page not yet
 * translated into a language offers no link to it.
 */
export function LanguageSwitcher({ path }: { path: string }) {
  // Only the languages the page is in (a staff page may be in English alone).
  const others = pathLocales(path).filter((l) => l !== pageLocale());
  if (!others.length) return null;
  return (
    <ul className="language-switcher" aria-label={ui.header.languages}>
      {others.map((l) => (
        <li key={l.code}>
          <a
            href={localePath(l, path === "/404" ? "/" : path)}
            hrefLang={l.lang}
            lang={l.lang}
            dir={l.dir}
            data-offer={l.offer}
            data-offer-dismiss={l.offerDismiss}
          >
            {l.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
