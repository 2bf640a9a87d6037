/**
 * A built page reduced to its own words, for `npm run audit`: the reference its home pages are
 * judged against (decisions.md, "Performance and CSP"). Its visible text as plain headings
 * (h1-h6 kept) and paragraphs (every other run of text between two block boundaries), with the
 * page's `lang`, `dir` and title; no CSS, script, font or image. Left out, as never painted as
 * text: the head, `<script>`, `<style>`, `<noscript>`, `<template>`, inline `<svg>`, form
 * controls' values (`<select>`, `<textarea>`) and anything under a `hidden` attribute.
 */
import { Parser } from "htmlparser2";

/** Elements whose text runs on inside the paragraph around them. */
const INLINE = new Set(
  (
    "a abbr b bdi bdo br cite code data dfn em i kbd label mark q s samp small span strong sub " +
    "sup time u var button output img input wbr"
  ).split(" "),
);
const SKIP = new Set([
  "head",
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "select",
  "textarea",
]);
const HEADING = /^h[1-6]$/;

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function wordsPage(html: string): string {
  const blocks: string[] = [];
  let lang = "en";
  let dir: string | undefined;
  let title = "";
  let inTitle = false;
  /** Depth inside a skipped element (0: text counts). */
  let skipping = 0;
  /** The open tags, to know which close ends a skip. */
  const stack: { name: string; skips: boolean }[] = [];
  let text = "";
  let heading: string | undefined;

  const flush = () => {
    const words = text.replace(/\s+/g, " ").trim();
    if (words) blocks.push(`<${heading ?? "p"}>${escape(words)}</${heading ?? "p"}>`);
    text = "";
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === "html") {
          lang = attrs.lang ?? lang;
          dir = attrs.dir;
        }
        // The document's title (not an svg's): kept, as the floor keeps its own.
        if (name === "title" && stack.at(-1)?.name === "head") inTitle = true;
        const skips = SKIP.has(name) || "hidden" in attrs;
        stack.push({ name, skips });
        if (skips) skipping++;
        if (skipping) return;
        if (HEADING.test(name)) {
          flush();
          heading = name;
        } else if (!INLINE.has(name)) flush();
        else if (name === "br") text += " ";
      },
      ontext(data) {
        if (inTitle) title += data;
        else if (!skipping) text += data;
      },
      onclosetag(name) {
        if (name === "title") inTitle = false;
        const open = stack.pop();
        if (open?.skips) {
          skipping--;
          return;
        }
        if (skipping) return;
        if (HEADING.test(name)) {
          flush();
          heading = undefined;
        } else if (!INLINE.has(name)) flush();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();

  return (
    `<!DOCTYPE html><html lang="${escape(lang)}"${dir ? ` dir="${escape(dir)}"` : ""}><head>` +
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<meta name="description" content="The words of a page, nothing else.">` +
    `<link rel="icon" href="data:,"><title>${escape(title.trim())}</title></head><body>` +
    blocks.join("") +
    "</body></html>"
  );
}
