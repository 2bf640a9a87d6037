/**
 * `npm run translations`: per locale, how many texts are translated, stale (the English changed
 * since) and new (not translated yet), then page by page what is new or stale: a new page or
 * guide waits in English only, a new paragraph or item is left out of the translated page.
 * `-- export ar [FILE] [--all]`: an XLIFF 2.0 file for a translator (default `eastgate-ar.xlf`)
 * of what is new or stale, or with --all of every text.
 * `-- import FILE`: read one back; a file with a bad unit is refused whole, every bad unit named.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { exportLocale, importLocale, stateTable, todoByPage } from "../src/i18n/workflow";

const args = process.argv.slice(2);
const all = args.includes("--all");
const [command, ...rest] = args.filter((a) => a !== "--all");
// Another folder of catalogs than content/translations/ (as the build takes it).
const dir = process.env.TRANSLATIONS_DIR;

try {
  if (command === "export") {
    const [code, out = `eastgate-${code}.xlf`] = rest;
    if (!code) throw new Error("Usage: npm run translations -- export LOCALE [FILE] [--all]");
    const { xml, units } = exportLocale(code, dir, { all });
    writeFileSync(out, xml);
    console.log(
      units
        ? `Wrote ${out}: ${units} text(s)${all ? "" : " new or stale"}. Open it in a translation tool, then npm run translations -- import ${out}`
        : `Nothing new or stale in ${code}: wrote ${out} with no texts (--all exports every text)`,
    );
  } else if (command === "import") {
    const [file] = rest;
    if (!file) throw new Error("Usage: npm run translations -- import FILE");
    const { locale, counts } = importLocale(readFileSync(file, "utf8"), dir);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`${locale}: ${total} text(s) from ${file} new or changed`);
    for (const [f, n] of Object.entries(counts)) console.log(`  ${f}: ${n}`);
  } else if (command === undefined) {
    const rows = stateTable(dir);
    console.log("locale  published  translated  stale  new");
    for (const r of rows)
      console.log(
        `${r.locale.padEnd(6)}  ${(r.published ? "yes" : "no").padEnd(9)}  ${String(r.translated).padStart(10)}  ${String(r.stale).padStart(5)}  ${String(r.missing).padStart(3)}`,
      );
    for (const r of rows)
      for (const todo of todoByPage(r.locale, dir)) {
        const what = todo.englishOnly
          ? `in English only until its ${todo.fresh.length + todo.stale.length} text(s) are translated`
          : todo.fresh.length
            ? `published in ${r.locale} without the new text(s) until they are translated`
            : `published in ${r.locale} with the stale text(s)`;
        console.log(`\n${r.locale} ${todo.page} (${todo.file}): ${what}`);
        for (const u of todo.fresh) console.log(`  new    ${u.field}\n         ${u.text}`);
        for (const s of todo.stale)
          console.log(`  stale  ${s.unit.field}\n    was: ${s.was}\n    now: ${s.unit.text}`);
      }
  } else throw new Error(`Unknown command "${command}": use export, import or nothing`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
