/**
 * `npm run translations`: per locale, how many texts are translated, stale (the English changed
 * since) and missing, and each stale one with its old and new English.
 * `-- export ar [FILE]`: an XLIFF 2.0 file for a translator (default `eastgate-ar.xlf`).
 * `-- import FILE`: read one back, refusing it whole, naming the unit, if a placeholder or link
 * was lost.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { exportLocale, importLocale, stateTable } from "../src/i18n/workflow";
import { PAGES_FILE } from "../src/i18n/pageLanguages";

const [command, ...rest] = process.argv.slice(2);

try {
  if (command === "export") {
    const [code, out = `eastgate-${code}.xlf`] = rest;
    if (!code) throw new Error("Usage: npm run translations -- export LOCALE [FILE]");
    writeFileSync(out, exportLocale(code));
    console.log(
      `Wrote ${out}: open it in a translation tool, then npm run translations -- import ${out}`,
    );
  } else if (command === "import") {
    const [file] = rest;
    if (!file) throw new Error("Usage: npm run translations -- import FILE");
    const { locale, counts } = importLocale(readFileSync(file, "utf8"));
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`${locale}: ${total} text(s) from ${file}`);
    for (const [f, n] of Object.entries(counts)) console.log(`  ${f}: ${n}`);
  } else if (command === undefined) {
    const rows = stateTable();
    console.log("locale  published  translated  stale  missing");
    for (const r of rows)
      console.log(
        `${r.locale.padEnd(6)}  ${(r.published ? "yes" : "no").padEnd(9)}  ${String(r.translated).padStart(10)}  ${String(r.stale).padStart(5)}  ${String(r.missing).padStart(7)}`,
      );
    // A staff page is published in a language once all its texts are: say which wait, and for what.
    for (const r of rows)
      for (const report of r.reports.filter((x) => x.file === PAGES_FILE && x.missing.length))
        console.log(
          `\nmissing ${r.locale} ${report.file}: not published in ${r.locale} until translated\n  ${report.missing.join("\n  ")}`,
        );
    for (const r of rows)
      for (const report of r.reports)
        for (const s of report.stale)
          console.log(
            `\nstale ${r.locale} ${report.file} ${s.unit.field}\n  was: ${s.was}\n  now: ${s.unit.text}`,
          );
  } else throw new Error(`Unknown command "${command}": use export, import or nothing`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
