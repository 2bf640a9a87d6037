import * as esbuild from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import type { IslandName } from "../islands/names";

const root = resolve(import.meta.dirname, "../..");
const production = process.env.NODE_ENV !== "development";

/** Bundle the stylesheet (and the font it imports) into content-hashed files. */
export async function bundleCss(outdir: string) {
  const result = await esbuild.build({
    entryPoints: [join(root, "src/styles/main.css")],
    bundle: true,
    minify: true,
    outdir: join(outdir, "assets"),
    entryNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    loader: { ".woff2": "file" },
    metafile: true,
    logLevel: "warning",
  });
  const outputs = Object.keys(result.metafile.outputs);
  const url = (ext: string) => {
    const file = outputs.find((o) => o.endsWith(ext));
    if (!file) throw new Error(`CSS bundle produced no ${ext} file`);
    return "/" + relative(outdir, file);
  };
  return { css: url(".css"), font: url(".woff2") };
}

/**
 * One entry per distinct set of islands: site-wide behaviour, plus a loader per island the page
 * uses. Islands load with import(), so React reaches only pages (and moments) that need it.
 */
export async function bundleScripts(outdir: string, islandSets: IslandName[][]) {
  // Generated entries live in a private folder, so builds running side by side never collide.
  const entryDir = mkdtempSync(join(tmpdir(), "eg-entries-"));
  const entries = new Map<string, string>();
  for (const islands of islandSets) {
    const key = islands.length ? [...islands].sort().join("-") : "site";
    if (entries.has(key)) continue;
    const loaders = islands
      .map(
        (name) =>
          `  ${name}: () => import(${JSON.stringify(join(root, "src/islands", name))}).then((m) => m.${name}),`,
      )
      .join("\n");
    const source =
      `import ${JSON.stringify(join(root, "src/client/site"))};\n` +
      (islands.length
        ? `import { startIslands } from ${JSON.stringify(join(root, "src/client/islands"))};\n` +
          `startIslands({\n${loaders}\n});\n`
        : "");
    const file = join(entryDir, `${key}.ts`);
    writeFileSync(file, source);
    entries.set(key, file);
  }
  const result = await esbuild
    .build({
      entryPoints: Object.fromEntries([...entries].map(([key, file]) => [key, file])),
      bundle: true,
      splitting: true,
      format: "esm",
      minify: production,
      target: "es2020",
      outdir: join(outdir, "assets"),
      entryNames: "page-[name]-[hash]",
      chunkNames: "chunk-[hash]",
      define: { "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development") },
      jsx: "automatic",
      metafile: true,
      logLevel: "warning",
    })
    .finally(() => rmSync(entryDir, { recursive: true, force: true }));
  const scriptFor = (islands: IslandName[]) => {
    const key = islands.length ? [...islands].sort().join("-") : "site";
    const output = Object.entries(result.metafile.outputs).find(
      ([, meta]) => meta.entryPoint && resolve(meta.entryPoint) === entries.get(key),
    );
    if (!output) throw new Error(`No script bundle for islands "${key}"`);
    return "/" + relative(outdir, output[0]);
  };
  return { scriptFor, metafile: result.metafile };
}
