/**
 * What the server says, in each language the site is built in: its pages' frame and the
 * student's e-mails, each view in its own language's scope (a language is a value passed down).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { IncomingMessage } from "node:http";
import { localeByCode, sourceLocale, type Locale, type LocaleCode } from "../../src/i18n/locales";
import { applyTranslations } from "../../src/i18n/apply";
import { inLocale } from "../../src/i18n/inLocale";
import { createViews, type Views } from "./views";
import { log } from "../service/log";

export type { Views };

/**
 * The languages the server answers in: the built site's locales (those with a `404.html` under
 * their prefix). A language is a value: every locale is answered in the request's own thread,
 * each view called in its locale's scope (src/i18n/scope.ts), where the content it reads is that
 * locale's (its words put in place once, on its first use).
 */
export class Languages {
  private readonly views = new Map<LocaleCode, Views>();

  constructor(private readonly dist: string) {}

  /** The locale a form named (its hidden `lang` field) if its pages are built, else English. */
  codeOf(value: unknown): LocaleCode {
    const locale = typeof value === "string" ? localeByCode(value) : undefined;
    return locale &&
      locale !== sourceLocale &&
      existsSync(join(this.dist, locale.prefix, "404.html"))
      ? locale.code
      : sourceLocale.code;
  }

  /**
   * The language of a request refused before its body (and the form's `lang` field) is read: that
   * of the page it was sent from (the path of its Referer, on this host: /ar/contact), else the
   * first of the browser's languages (Accept-Language) the site is built in, else English.
   */
  codeOfRequest(req: IncomingMessage): LocaleCode {
    const referer = req.headers.referer;
    if (referer && URL.canParse(referer)) {
      const from = new URL(referer);
      if (from.host === req.headers.host) return this.codeOf(from.pathname.split("/")[1]);
    }
    const wanted = (req.headers["accept-language"] ?? "")
      .split(",")
      .map((part) => {
        const [tag, ...params] = part.trim().split(";");
        const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
        return { primary: tag.split("-")[0].toLowerCase(), q: q === undefined ? 1 : Number(q) };
      })
      .filter((l) => l.primary && l.q > 0)
      .sort((a, b) => b.q - a.q);
    for (const { primary } of wanted) {
      if (primary === sourceLocale.code) return sourceLocale.code;
      const code = this.codeOf(primary);
      if (code !== sourceLocale.code) return code;
    }
    return sourceLocale.code;
  }

  /** The views in a locale (`codeOf` first). */
  in(code: string | undefined): Views {
    const locale = localeByCode(code ?? "") ?? sourceLocale;
    let views = this.views.get(locale.code);
    if (!views) this.views.set(locale.code, (views = this.viewsIn(locale)));
    return views;
  }

  /** Each view, called in `wanted`'s scope once its words are in place (else in English's). */
  private viewsIn(wanted: Locale): Views {
    let locale = wanted;
    try {
      if (locale !== sourceLocale) applyTranslations(locale.code, process.env.TRANSLATIONS_DIR);
    } catch (error) {
      // The build refuses a site with a text untranslated; a server given other translations
      // than its site was built with still answers, in English.
      log.error({ err: error }, `Answering in ${locale.code} fails; answering in English`);
      locale = sourceLocale;
    }
    const { code } = locale;
    return Object.fromEntries(
      Object.entries(createViews(this.dist, locale)).map(([name, view]) => [
        name,
        (...args: unknown[]) =>
          inLocale(code, () => (view as (...a: unknown[]) => unknown)(...args)),
      ]),
    ) as Views;
  }
}
