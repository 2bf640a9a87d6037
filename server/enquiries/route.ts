import type { ProxyTrust } from "../service/proxies";
import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import {
  enquiryValues,
  FORM_FIELD,
  HONEYPOT,
  isFormKind,
  LANG_FIELD,
  normaliseValue,
  type EnquiryValues,
  type FormKind,
} from "../../src/lib/enquiry";
import { CAMPAIGN_FIELD } from "../../src/lib/campaign";
import { NOTICE_FIELD, noticeOf } from "../../src/lib/notice";
import { BODY_LIMIT } from "../service/body";
import { postedCampaign } from "../service/campaign";
import { isIdempotencyKey, type Intake } from "./intake";
import type { Languages } from "../languages";
import { ENQUIRY_PATH } from "../service/paths";
import { clientAddress } from "../service/rateLimit";
import { log } from "../service/log";
import { mediaType, parseFields, sendHtml, sendJson, wantsJson } from "../http/answers";
import { ANY } from "../http/raw";

const FORM_TYPE = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";

interface Options {
  intake: Intake;
  languages: Languages;
  /** Take the client's address from X-Forwarded-For (for the rate limit). */
  trustProxy: ProxyTrust;
}

/** Fastify's refusals of a body it could not read, by the visitor's problem. */
const BODY_PROBLEMS = { 413: "tooLarge", 415: "type", 400: "malformed" } as const;

/**
 * POST /api/enquiry: the form's two types read by Fastify within the limit (as text, parsed
 * here), handed to the intake, answered in JSON or a page in the form's language. A body
 * Fastify refuses (too large, another type, a broken length) is answered in the page's.
 */
export function enquiryRoutes(options: Options): FastifyPluginAsync {
  const { languages } = options;
  const answer = enquiryAnswer(options);
  return (app) => {
    app.removeAllContentTypeParsers();
    for (const type of [FORM_TYPE, JSON_TYPE])
      app.addContentTypeParser(
        type,
        { parseAs: "string", bodyLimit: BODY_LIMIT },
        (_r, body, done) => done(null, body),
      );
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const problem = BODY_PROBLEMS[error.statusCode as keyof typeof BODY_PROBLEMS];
      if (!error.code?.startsWith("FST_ERR_CTP_") || !problem) throw error;
      const views = languages.in(languages.codeOfRequest(request.raw));
      reply.hijack();
      refusal(request, reply.raw, error.statusCode!, views.problem(problem), (text) =>
        views.problemPage(text),
      );
    });
    app.route({ method: ANY, url: "/", handler: answer });
    return Promise.resolve();
  };
}

/** A refusal as the client asked for it: JSON, or the problem page. */
function refusal(
  request: FastifyRequest,
  res: ServerResponse,
  status: number,
  text: string,
  page: (text: string) => string,
) {
  const json =
    wantsJson(request.headers.accept) || mediaType(request.headers["content-type"]) === JSON_TYPE;
  if (json) return sendJson(res, status, { ok: false, errors: { [FORM_FIELD]: text } });
  sendHtml(res, status, page(text));
}

function enquiryAnswer({ intake, languages, trustProxy }: Options) {
  return async (request: FastifyRequest, fastifyReply: FastifyReply) => {
    fastifyReply.hijack();
    const req = request.raw;
    const res = fastifyReply.raw;
    const type = mediaType(req.headers["content-type"]);
    const json = wantsJson(req.headers.accept) || type === JSON_TYPE;
    // Until the body is read, the form's language is the page's it came from, or the browser's.
    let lang = languages.codeOfRequest(req);
    let views = languages.in(lang);
    const reply = (status: number, data: object, html: () => string) => {
      if (json) return sendJson(res, status, data);
      sendHtml(res, status, html());
    };
    const refuse = (status: number, message: string, kind?: FormKind, values?: EnquiryValues) =>
      refusal(request, res, status, message, (text) => views.problemPage(text, kind, values));

    if (req.method !== "POST") {
      res.setHeader("Allow", "POST");
      return refuse(405, views.problem("method"));
    }
    // No body at all (Fastify reads none): the type the form must have.
    if (typeof request.body !== "string") return refuse(415, views.problem("type"));
    const fields = parseFields(type, request.body);
    if (!fields) return refuse(400, views.problem("malformed"));
    // From here on the server answers in the language the form was sent from.
    lang = languages.codeOf(fields[LANG_FIELD]);
    views = languages.in(lang);

    const kind = fields[FORM_FIELD];
    if (normaliseValue(fields[HONEYPOT])) {
      // A bot: it is told what a person would be told, and nothing is kept.
      const values = enquiryValues(isFormKind(kind) ? kind : "enquiry", (n) => fields[n]);
      return reply(200, { ok: true, id: randomUUID() }, () =>
        views.thankYouPage(isFormKind(kind) ? kind : "enquiry", values),
      );
    }
    if (!isFormKind(kind)) return refuse(400, views.problem("unknownForm"));
    const values = enquiryValues(kind, (n) => fields[n]);
    const key = req.headers["idempotency-key"];
    if (key !== undefined && (typeof key !== "string" || !isIdempotencyKey(key)))
      return refuse(400, views.problem("key"), kind, values);

    const campaign = postedCampaign(fields, req, trustProxy);
    const result = await intake.accept(kind, values, {
      key,
      client: clientAddress(req, trustProxy),
      lang,
      campaign,
      notice: noticeOf(fields[NOTICE_FIELD]),
      validate: views.validate,
    });
    switch (result.outcome) {
      case "invalid":
        return reply(400, { ok: false, errors: result.errors }, () =>
          views.fixPage(
            kind,
            // The form again carries its campaign: posted from this page, no Referer names it.
            campaign ? { ...values, [CAMPAIGN_FIELD]: campaign } : values,
            result.errors,
            req.url?.split("?")[0] ?? ENQUIRY_PATH,
          ),
        );
      case "limited":
        res.setHeader("Retry-After", String(result.retryAfterS));
        return refuse(429, views.rateLimited(result.retryAfterS), kind, values);
      case "unstored":
        log.error({ err: result.error }, `Enquiry ${result.id} could not be stored`);
        return refuse(500, views.problem("storage"), kind, values);
      case "accepted":
        return reply(200, { ok: true, id: result.id }, () => views.thankYouPage(kind, values));
    }
  };
}
