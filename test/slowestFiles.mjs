/**
 * A node:test reporter that prints, once every file has run, the twenty slowest test files with
 * their wall time (each file runs in a process of its own, so a file's time is its process's:
 * its builds, servers and browsers included). scripts/test.sh adds it beside the usual report.
 */
export default async function* slowestFiles(source) {
  const files = [];
  for await (const event of source)
    if (event.type === "test:complete" && event.data.name === event.data.file)
      files.push({ file: event.data.file, ms: event.data.details.duration_ms });
  const cwd = `${process.cwd()}/`;
  const lines = files
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 20)
    .map(({ file, ms }) => `#   ${(ms / 1000).toFixed(1).padStart(6)} s  ${file.replace(cwd, "")}`);
  const total = files.reduce((sum, f) => sum + f.ms, 0) / 1000;
  yield `# the slowest test files (of ${files.length}, ${total.toFixed(0)} s in all):\n${lines.join("\n")}\n`;
}
