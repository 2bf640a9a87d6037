/**
 * The privacy notice's version a form was sent under: a hidden field of every form (the date the
 * notice last changed and a fingerprint of its words, src/content/privacy.ts), kept with the lead.
 */
export const NOTICE_FIELD = "notice";

const VERSION = /^\d{4}-\d{2}-\d{2}\.[0-9a-f]{8}$/;

/** The posted version, or undefined when there is none or it is not one (never refused for it). */
export const noticeOf = (value: unknown) =>
  typeof value === "string" && VERSION.test(value) ? value : undefined;
