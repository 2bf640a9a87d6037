/**
 * /admin/translations/: the editor's own view of what waits for a translator, per language and
 * page (the same list as `npm run translations`), written beside the editor at every build.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { locales } from "../i18n/locales";
import { todoByPage } from "../i18n/workflow";

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The page's HTML: each language, each page with its new and stale texts. */
export function translationsPageHtml(stylesheet: string, dir?: string) {
  const sections = locales
    .filter((l) => l.code !== "en")
    .map((locale) => {
      const todos = todoByPage(locale.code, dir);
      const items = todos.map((todo) => {
        const what = todo.englishOnly
          ? `in English only until its ${todo.fresh.length + todo.stale.length} text(s) are translated`
          : todo.fresh.length
            ? `published in ${locale.english} without its new text(s) until they are translated`
            : `published in ${locale.english} with its stale text(s)`;
        const texts = [
          ...todo.fresh.map((u) => `<li>New: ${escape(u.text)}</li>`),
          ...todo.stale.map(
            (s) => `<li>Stale: ${escape(s.unit.text)}<br>It was: ${escape(s.was)}</li>`,
          ),
        ];
        const page = todo.page.startsWith("/")
          ? `<a href="${escape(todo.page)}">${escape(todo.page)}</a>`
          : escape(todo.page);
        return `<li><p>${page}: ${what}</p><ul>${texts.join("")}</ul></li>`;
      });
      return `<h2>${escape(locale.english)}</h2>${
        items.length ? `<ul>${items.join("")}</ul>` : "<p>Every text is translated.</p>"
      }`;
    });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Eastgate Education: what waits for a translation</title>
<link rel="stylesheet" href="${escape(stylesheet)}">
</head>
<body>
<main id="main" class="container">
<h1>What waits for a translation</h1>
<p>New texts are left out of the Arabic and Chinese pages until they are translated; a new page
is in English only until then. To send them to a translator: <code>npm run translations -- export ar</code>
(or <code>zh</code>), then <code>npm run translations -- import FILE</code>. <a href="/admin/">Back to the editor</a>.</p>
${sections.join("\n")}
</main>
</body>
</html>
`;
}

export function writeTranslationsPage(dist: string, stylesheet: string) {
  const dir = join(dist, "admin/translations");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "index.html"),
    translationsPageHtml(stylesheet, process.env.TRANSLATIONS_DIR),
  );
}
