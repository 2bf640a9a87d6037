/**
 * /privacy-request: the page the acknowledgement e-mail's signed link opens. GET only shows it
 * (a mail scanner that opens the link changes nothing); its POST form records a request for a
 * copy or an erasure, pending until staff confirm it (requests.ts). In the student's language
 * (en, ar, zh), in the site's frame under its policy (server/privacy/pages.tsx), working with
 * JavaScript off, setting no cookie.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { log } from "../service/log";
import { recordRequest, signRequest, verifyRequest } from "./requests";
import { normalEmail } from "./strip";
import { sendHtml } from "../http/answers";
import type { Posted } from "../http/raw";
import type { Views } from "../languages";
import { PRIVACY_REQUEST_PATH } from "../service/paths";

export { PRIVACY_REQUEST_PATH };

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

/** A request's form is a few hundred bytes. */
export const PRIVACY_BODY_LIMIT = 4096;

/** The handler: GET shows the form, POST records one pending request; a bad signature, 403. */
export function privacyRequestHandler(options: {
  db: Kysely<Database>;
  ready: Promise<unknown>;
  /** The links' key, once loaded (the manage links' LinkSecret). */
  key: () => Promise<Buffer>;
  /** The server's pages in a language (server/languages): the site's frame and policy. */
  views: (lang: Lang) => Views;
  now?: () => number;
}) {
  return async (req: IncomingMessage, res: ServerResponse, posted: Posted) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    let params = url.searchParams;
    if (req.method === "POST") {
      if (typeof posted === "object") {
        res.writeHead(posted.refused).end();
        return;
      }
      params = new URLSearchParams(posted ?? "");
    } else if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, POST" }).end();
      return;
    }
    const lang = langOf(params.get("l"));
    const views = options.views(lang);
    const email = normalEmail(params.get("e") ?? "");
    const token = params.get("t") ?? "";
    await options.ready;
    const key = await options.key();
    if (!email || !verifyRequest(key, email, token)) {
      sendHtml(res, 403, views.privacyRequestPage({ shown: "bad" }));
      return;
    }
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
      sendHtml(res, 200, views.privacyRequestPage({ shown: "done", address: email }));
      return;
    }
    sendHtml(
      res,
      200,
      views.privacyRequestPage({ shown: "form", link: { e: email, l: lang, t: token } }),
    );
  };
}
