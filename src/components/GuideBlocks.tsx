import type { GuideBlock } from "../content/types";
import { textParts } from "../lib/inlineLinks";

/** A text with its links, `[words](/path)`, as links. */
function Linked({ text }: { text: string }) {
  return textParts(text).map((part, i) =>
    typeof part === "string" ? (
      part
    ) : (
      <a key={i} href={part.href}>
        {part.text}
      </a>
    ),
  );
}

/** A guide section's paragraphs and lists, in order. */
export function GuideBlocks({ blocks }: { blocks: GuideBlock[] }) {
  return blocks.map((block, i) =>
    typeof block === "string" ? (
      <p key={i}>
        <Linked text={block} />
      </p>
    ) : (
      <ul key={i}>
        {block.items.map((item, j) => (
          <li key={j}>
            <Linked text={item} />
          </li>
        ))}
      </ul>
    ),
  );
}
