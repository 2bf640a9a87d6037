import { Fragment, type ReactNode } from "react";
import { textParts } from "../lib/inlineLinks";
import { Ltr } from "./Ltr";

/** A run of Latin letters, digits and signs, words joined by single spaces (an address, a phone). */
const LATIN_RUN = /[\x21-\x7E]*[A-Za-z0-9][\x21-\x7E]*(?: [\x21-\x7E]*[A-Za-z0-9][\x21-\x7E]*)*/g;

/** `text` with its left-to-right runs isolated when the page is right to left (src/lib/bidi.ts). */
function Runs({ text, rtl }: { text: string; rtl: boolean }) {
  if (!rtl) return text;
  const out: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(LATIN_RUN)) {
    if (match.index > at) out.push(text.slice(at, match.index));
    out.push(<Ltr key={match.index}>{match[0]}</Ltr>);
    at = match.index + match[0].length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

/**
 * A text staff wrote, with its links (`[words](https://…)`, `mailto:`) as links and, on a right-to-
 * left page, each run of Latin script (an e-mail address, a phone number, an address, a name)
 * isolated so it reads in its own order.
 */
export function PlainText({ text, rtl }: { text: string; rtl: boolean }) {
  return textParts(text).map((part, i) =>
    typeof part === "string" ? (
      <Fragment key={i}>
        <Runs text={part} rtl={rtl} />
      </Fragment>
    ) : (
      <a key={i} href={part.href}>
        <Runs text={part.text} rtl={rtl} />
      </a>
    ),
  );
}
