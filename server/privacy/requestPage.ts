/**
 * /privacy-request: the page the acknowledgement e-mail's signed link opens. GET only shows it
 * (a mail scanner that opens the link changes nothing); its POST form records a request for a
 * copy or an erasure, pending until staff confirm it (requests.ts). In the student's language
 * (en, ar, zh), with JavaScript off: no script, a strict Content-Security-Policy, no cookie.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { readBody } from "../body";
import { log } from "../log";
import { recordRequest, signRequest, verifyRequest } from "./requests";
import { normalEmail } from "./strip";

export const PRIVACY_REQUEST_PATH = "/privacy-request";

type Lang = "en" | "ar" | "zh";
const langOf = (lang: string | null | undefined): Lang =>
  lang === "ar" || lang === "zh" ? lang : "en";

/** The link an acknowledgement carries: the address and language, signed with the links' key. */
export const privacyRequestUrl = (
  publicUrl: string,
  secret: Buffer,
  email: string,
  lang?: string,
) =>
  `${publicUrl}${PRIVACY_REQUEST_PATH}?${new URLSearchParams({
    e: normalEmail(email),
    l: langOf(lang),
    t: signRequest(secret, email),
  }).toString()}`;

const words = {
  en: {
    mailLine: "To ask for a copy of what we hold about you, or for us to erase it:",
    title: "Your data at Eastgate Education",
    intro: "You can ask for a copy of everything we hold about {email}, or for us to erase it.",
    copy: "Send me a copy of my data",
    erase: "Erase my data",
    send: "Send the request",
    note: "An adviser checks every request with you by e-mail before acting on it, within a month.",
    done: "Thank you: your request is with us. An adviser will write to {email} within a month.",
    bad: "This link is not valid. Please use the link in your e-mail from us, or write to us.",
  },
  ar: {
    mailLine: "لطلب نسخة من البيانات التي نحتفظ بها عنك، أو لطلب محوها:",
    title: "بياناتك لدى Eastgate Education",
    intro: "يمكنك طلب نسخة من كل ما نحتفظ به عن {email}، أو أن نمحوه.",
    copy: "أرسلوا لي نسخة من بياناتي",
    erase: "امحوا بياناتي",
    send: "إرسال الطلب",
    note: "يتحقق أحد المستشارين من كل طلب معك عبر البريد الإلكتروني قبل تنفيذه، خلال شهر.",
    done: "شكرًا لك: وصلنا طلبك. سيكتب إليك أحد المستشارين على {email} خلال شهر.",
    bad: "هذا الرابط غير صالح. يرجى استخدام الرابط الوارد في رسالتنا إليك، أو مراسلتنا.",
  },
  zh: {
    mailLine: "如需索取我们所持有的您的资料副本，或要求我们删除这些资料：",
    title: "您在 Eastgate Education 的资料",
    intro: "您可以索取我们所持有的关于 {email} 的全部资料副本，或要求我们删除这些资料。",
    copy: "请发送我的资料副本",
    erase: "请删除我的资料",
    send: "提交申请",
    note: "顾问会在一个月内通过电子邮件与您核实每一项申请，然后再处理。",
    done: "谢谢：我们已收到您的申请。顾问将在一个月内写信至 {email}。",
    bad: "此链接无效。请使用我们邮件中的链接，或直接联系我们。",
  },
} as const;

/** The acknowledgement's line above the link, in its language. */
export const privacyMailLine = (lang?: string) => words[langOf(lang)].mailLine;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function page(res: ServerResponse, status: number, lang: Lang, body: string) {
  const w = words[lang];
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": CSP,
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Content-Language": lang,
  });
  res.end(
    `<!DOCTYPE html><html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(w.title)}</title><style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5}button{font:inherit;padding:.5rem 1rem}</style></head><body><main><h1>${escape(w.title)}</h1>${body}</main></body></html>`,
  );
}

/** The handler: GET shows the form, POST records one pending request; a bad signature, 403. */
export function privacyRequestHandler(options: {
  db: Kysely<Database>;
  ready: Promise<unknown>;
  /** The links' key, once loaded (the manage links' LinkSecret). */
  key: () => Promise<Buffer>;
  now?: () => number;
}) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let params = url.searchParams;
    if (req.method === "POST") {
      try {
        params = new URLSearchParams((await readBody(req, 4096)).toString("utf8"));
      } catch {
        res.writeHead(413).end();
        return;
      }
    } else if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, POST" }).end();
      return;
    }
    const lang = langOf(params.get("l"));
    const w = words[lang];
    const email = normalEmail(params.get("e") ?? "");
    const token = params.get("t") ?? "";
    await options.ready;
    const key = await options.key();
    if (!email || !verifyRequest(key, email, token)) {
      page(res, 403, lang, `<p>${escape(w.bad)}</p>`);
      return;
    }
    const shown = `<bdi dir="ltr">${escape(email)}</bdi>`;
    if (req.method === "POST") {
      const kind = params.get("kind") === "erase" ? "erase" : "copy";
      // The same request sent twice (a double click, a resend) is recorded once.
      const open = await options.db
        .selectFrom("privacyRequests")
        .select("id")
        .where("email", "=", email)
        .where("kind", "=", kind)
        .where("state", "=", "pending")
        .executeTakeFirst();
      if (!open) {
        await recordRequest(options.db, {
          email,
          kind,
          lang,
          now: new Date((options.now ?? Date.now)()),
        });
        log.info(`Privacy: a student asked for ${kind === "erase" ? "erasure" : "a copy"}`);
      }
      page(res, 200, lang, `<p>${escape(w.done).replace("{email}", shown)}</p>`);
      return;
    }
    page(
      res,
      200,
      lang,
      `<p>${escape(w.intro).replace("{email}", shown)}</p><form method="post" action="${PRIVACY_REQUEST_PATH}"><input type="hidden" name="e" value="${escape(email)}"><input type="hidden" name="l" value="${lang}"><input type="hidden" name="t" value="${escape(token)}"><p><label><input type="radio" name="kind" value="copy" checked> ${escape(w.copy)}</label></p><p><label><input type="radio" name="kind" value="erase"> ${escape(w.erase)}</label></p><p>${escape(w.note)}</p><p><button type="submit">${escape(w.send)}</button></p></form>`,
    );
  };
}
