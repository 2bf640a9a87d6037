import type { Locale } from "./locales";

/**
 * On a page in `locale`, a link to one of our pages leads to that page in the same language.
 * Links marked with `hreflang` (the language switcher) say where they lead and are left alone,
 * as are files, the API and other sites.
 */
export function localizeLinks(html: string, locale: Locale, pages: ReadonlySet<string>) {
  if (!locale.prefix) return html;
  return html.replace(/<a\b[^>]*>/g, (tag) =>
    /\shreflang=/i.test(tag)
      ? tag
      : tag.replace(/\shref="(\/[^"#?]*)([#?][^"]*)?"/, (link, path: string, rest = "") =>
          pages.has(path) ? ` href="${locale.prefix}${path}${rest as string}"` : link,
        ),
  );
}
