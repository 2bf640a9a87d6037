/** A link written in a text, `[words](target)`, as guides write them (src/content/guideMarkdown.ts). */
export const INLINE_LINK = /\[([^\]]+)\]\(([^)\s]*)\)/g;

export type TextPart = string | { text: string; href: string };

/** A text cut into its plain runs and its links, in order. */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(INLINE_LINK)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push({ text: match[1], href: match[2] });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
