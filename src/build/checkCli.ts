/**
 * `node --import tsx src/build/checkCli.ts`: the build's content checks (./check.ts) alone, in a
 * second or two: the problems on stderr, one a line, and exit code 1 when there are any. A file
 * that cannot be read against its schema stops the content from loading at all: its
 * ContentError's lines are the problems then, and a second look with the pages' cards unchecked
 * (CONTENT_IDS, src/content/pages.ts) adds what the rest of the content would say: a programme
 * deleted while a page and the home page use it is refused naming both.
 */
import { spawnSync } from "node:child_process";
import { ContentError } from "../content/contentError";

let problems: string[];
try {
  const { contentProblems } = await import("./check");
  problems = contentProblems();
} catch (error) {
  if (!(error instanceof ContentError)) throw error;
  problems = error.message.split("\n");
  if (process.env.CONTENT_IDS !== "unchecked") {
    const again = spawnSync(process.execPath, ["--import", "tsx", import.meta.filename], {
      env: { ...process.env, CONTENT_IDS: "unchecked" },
      encoding: "utf8",
    });
    const more = again.status === 1 ? again.stderr.trim().split("\n") : [];
    problems = [...new Set([...problems, ...more.filter(Boolean)])];
  }
}
if (problems.length) {
  process.stderr.write(`${problems.join("\n")}\n`);
  process.exitCode = 1;
}
