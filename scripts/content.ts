/**
 * `npm run content -- check`: the content's time-bound claims that are out of date today (the
 * promoted intake, figures, guides, bank holidays: src/build/staleness.ts), one line each; exits
 * 1 when there is any, for a CI that wants to fail on them. The build prints the same warnings.
 */
import { contentModules } from "../src/build/content";
import { staleClaims } from "../src/build/staleness";

const [command] = process.argv.slice(2);
if (command !== "check") {
  console.error("Usage: npm run content -- check");
  process.exit(2);
}
// exitCode, not exit(): a pipe to a slow reader still gets every line.
const today = process.env.CONTENT_TODAY ?? new Date().toISOString().slice(0, 10);
const warnings = staleClaims(contentModules, today);
for (const w of warnings) console.warn(`Out of date: ${w}`);
console.log(
  warnings.length
    ? `${warnings.length} claim(s) out of date on ${today}.`
    : `Every dated claim holds on ${today}.`,
);
process.exitCode = warnings.length ? 1 : 0;
