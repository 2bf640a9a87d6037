/**
 * Left-to-right runs (a phone number, an e-mail address, a postal address, a code, an English
 * name) put into text that may be right to left, isolated so they keep their own order: in HTML
 * with `<bdi dir="ltr">` (src/components/Ltr.tsx), in plain text (a JSON message, an e-mail's
 * text part or subject, an invite's fields) with Unicode's LEFT-TO-RIGHT ISOLATE ... POP
 * DIRECTIONAL ISOLATE, as W3C's "Inline markup and bidirectional text" advises. Without it
 * "+44 7700 900123" in Arabic reads "900123 7700 44+".
 */
const LRI = "\u2066";
const PDI = "\u2069";

export const isolateLtr = (text: string) => `${LRI}${text}${PDI}`;

/** Written wholly in Latin script, digits and signs (an address, a number): one left-to-right run. */
export const isLatinRun = (text: string) => /^[\x20-\x7E]+$/.test(text) && /[A-Za-z0-9]/.test(text);
