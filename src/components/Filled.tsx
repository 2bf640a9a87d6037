import { Fragment, type ReactNode } from "react";

/**
 * A content template with its {placeholders} filled by elements: an e-mail address or a name set
 * apart (`<bdi>`) so that, inside right-to-left text, it never scrambles. A placeholder with no
 * value is an error, as in `fill`.
 */
export function Filled({ text, values }: { text: string; values: Record<string, ReactNode> }) {
  return text.split(/\{(\w+)\}/g).map((part, i) => {
    if (i % 2 === 0) return part;
    if (!(part in values)) throw new Error(`No value for {${part}} in "${text}"`);
    return <Fragment key={i}>{values[part]}</Fragment>;
  });
}
