import { ui } from "../../content/ui";
import { builtLocales, localePath, pageLocale } from "../i18n/pageLocale";

/**
 * The same page in each other language, each named in its own language: plain links (they work
 * without JavaScript), marked with the language they lead to. Nothing redirects by the browser's
 * language; a visitor whose browser prefers one of them may be offered it in one line
 * (src/client/languageOffer.ts, whose words in that language ride on its link here). The 404
 * page, which has no address of its own, offers each language's home page.
 */
export function LanguageSwitcher({ path }: { path: string }) {
  const others = builtLocales.filter((l) => l !== pageLocale);
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
