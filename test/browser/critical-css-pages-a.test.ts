import { siteUnderTest } from "./harness";
import { paths, testInlineCssMatchesFullSheet } from "./sheet-held";

// Every other page (the rest in critical-css-pages-b.test.ts): in one file they took close to
// node's ten-minute limit for a file on a busy machine.
testInlineCssMatchesFullSheet(
  siteUnderTest(),
  paths.filter((_, i) => i % 2 === 0),
);
