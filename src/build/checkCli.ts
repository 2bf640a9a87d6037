/**
 * `node --import tsx src/build/checkCli.ts`: the build's content checks (./check.ts) alone, in a
 * second or two: the problems on stderr, one a line, and exit code 1 when there are any. A file
 * that cannot be read against its schema stops the content from loading at all: its
 * ContentError's lines are the problems then.
 */
import { ContentError } from "../content/contentError";

let problems: string[];
try {
  const { contentProblems } = await import("./check");
  problems = contentProblems();
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  problems = error.message.split("\n");
}
if (problems.length) {
  process.stderr.write(`${problems.join("\n")}\n`);
  process.exitCode = 1;
}
