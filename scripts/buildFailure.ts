/**
 * The page `npm run dev` (and so `npm run cms`) answers while the last build failed: the build's
 * own messages, each problem with its file, line and field in words, and a link that opens the
 * file's entry in the editor, so the member of staff who saved it can put it right. It reloads
 * itself once a build succeeds.
 */
import { relative } from "node:path";
import { entryAddress } from "../src/content/collections";
import { cspHash } from "../src/build/headers";

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot" }[c]};`);

/** The build's output, as the lines worth reading: its problems, without stack frames or warnings. */
export function buildProblems(output: string, root: string): string[] {
  const lines = output
    // eslint-disable-next-line no-control-regex
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    // A content file that cannot be read stops the build as an uncaught ContentError.
    .map((line) => line.trim().replace(/^(?:ContentError|Error): /, ""))
    .filter((line) => line && !/^at |^Warning, out of date|^Stale |^Node\.js v/.test(line))
    .map((line) => line.replaceAll(`${root}/`, "").replaceAll(relative(process.cwd(), root), ""));
  // The problems that name a content file, when there are any: the rest is the stack's noise.
  const named = lines.filter((line) => /^content\//.test(line));
  return named.length ? named : lines;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}h1{color:#a4000f}li{margin:.5rem 0}code{font-size:.95em}`;

/** The page, from the failed build's output. */
export function buildFailurePage(output: string, root: string) {
  const items = buildProblems(output, root).map((line) => {
    const match = /^(content\/[^\s:]+?)(?::(\d+))?:\s*(.*)$/.exec(line);
    if (!match) return `<li>${escape(line)}</li>`;
    const [, file, at, problem] = match;
    const entry = entryAddress(file);
    return `<li><strong>${escape(file)}</strong>${at ? ` (line ${at})` : ""}: ${escape(problem)}${
      entry ? ` <a href="${entry}">Open it in the editor</a>` : ""
    }</li>`;
  });
  const policy = `default-src 'none'; script-src 'self'; style-src ${cspHash(STYLE)}; connect-src 'self'; base-uri 'none'; form-action 'none'`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The site could not be built</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>The site could not be built</h1>
<p>The last change stopped the build, so this site shows this page instead of an old copy. Put right what is listed below (in the editor at <a href="/admin/">/admin/</a>, or in the file), save, and this page reloads once the site builds again.</p>
<ul id="build-problems">
${items.join("\n")}
</ul>
</main>
<script type="module" src="/__dev/reload.js"></script>
</body>
</html>
`;
}
