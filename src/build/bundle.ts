import * as esbuild from "esbuild";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import postcss from "postcss";
import { tmpdir } from "node:os";
import { basename, join, relative, resolve } from "node:path";
import type { IslandName } from "../islands/names";
import { subsetFontsPlugin } from "./font";
import { fallbackFacesPlugin } from "./fontFallback";
import { plainContent } from "./content";
import { vitalsEndpoint } from "../config";

const root = resolve(import.meta.dirname, "../..");
const production = process.env.NODE_ENV !== "development";

/**
 * Bundle the stylesheet (and the font it imports, subset) into content-hashed files. The
 * @font-face rules come back apart (`fontFaces`), not in the sheet: every page carries them in its
 * inline style, and the same face declared again by the sheet, once loaded after first paint,
 * would swap in a font that `font-display: optional` had given up on, moving text.
 */
export async function bundleCss(outdir: string) {
  const result = await esbuild.build({
    entryPoints: ["main", "scripted"].map((name) => join(root, `src/styles/${name}.css`)),
    bundle: true,
    minify: true,
    outdir: join(outdir, "assets"),
    entryNames: "[name]-[hash]",
    assetNames: "[name]-[hash]",
    loader: { ".woff2": "file" },
    plugins: [subsetFontsPlugin(), fallbackFacesPlugin],
    metafile: true,
    logLevel: "warning",
  });
  const outputs = Object.keys(result.metafile.outputs);
  const url = (pattern: RegExp) => {
    const file = outputs.find((o) => pattern.test(basename(o)));
    if (!file) throw new Error(`CSS bundle produced no ${pattern.source} file`);
    return "/" + relative(outdir, file);
  };
  const bundled = join(outdir, url(/^main-.*\.css$/));
  const sheet = postcss.parse(readFileSync(bundled, "utf8"));
  const faces: string[] = [];
  sheet.walkAtRules(/^font-face$/i, (face) => {
    faces.push(face.toString());
    face.remove();
  });
  rmSync(bundled);
  const rest = sheet.toString();
  const css = `/assets/main-${createHash("sha256").update(rest).digest("hex").slice(0, 8)}.css`;
  writeFileSync(join(outdir, css), rest);
  return {
    css,
    /** The scripts' own sheet (src/styles/scripted.css), for markup they make before any tap. */
    scriptSheet: url(/^scripted-.*\.css$/),
    font: url(/\.woff2$/),
    fontFaces: faces.join(""),
  };
}

const lazyPrefix = "lazy-module:";

/**
 * One script per distinct set of islands: site-wide behaviour, plus a loader per island the page
 * uses. Each is one self-contained file, so nothing it needs at load costs a second round trip.
 * What it import()s (islands, hydration, the form enhancement) is bundled apart, sharing chunks,
 * so React reaches only pages (and moments) that need it.
 */
export async function bundleScripts(
  outdir: string,
  islandSets: IslandName[][],
  /**
   * The content as plain modules (src/build/content.ts writePlainContent), and the locale's code
   * unless it is the source locale's (English: its assets keep names without a code).
   */
  content: { contentDir: string; code?: string; searchIndex: string },
  /** The scripts' own sheet's URL (bundleCss). */
  scriptSheet: string,
) {
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
  const tag = content.code ? `${content.code}-` : "";
  const base = {
    bundle: true,
    format: "esm",
    minify: production,
    target: "es2020",
    outdir: join(outdir, "assets"),
    define: {
      "process.env.NODE_ENV": JSON.stringify(production ? "production" : "development"),
      // Empty: the reporter's import() is dead code, and no reporter ships.
      "process.env.VITALS_ENDPOINT": JSON.stringify(vitalsEndpoint),
      "process.env.PAGE_LOCALE": JSON.stringify(content.code ?? "en"),
      "process.env.SCRIPT_SHEET": JSON.stringify(scriptSheet),
      // The locale's search index (src/build/searchIndex.ts), fetched when search is first used.
      "process.env.SEARCH_INDEX": JSON.stringify(content.searchIndex),
    } as Record<string, string>,
    jsx: "automatic",
    metafile: true,
    logLevel: "warning",
    // Arabic and Chinese as themselves: escaped (\u0639...) each letter would weigh 6 bytes.
    charset: "utf8",
    plugins: [plainContent(content.contentDir)] as esbuild.Plugin[],
  } as const;

  // The events' times worker (src/client/timesWorker.ts): a classic script, whole, whose URL the
  // page scripts are built with.
  const worker = await esbuild.build({
    ...base,
    format: "iife",
    entryPoints: { times: join(root, "src/client/timesWorker.ts") },
    entryNames: `worker-${tag}[name]-[hash]`,
  });
  const workerFile = Object.keys(worker.metafile.outputs).find((o) => o.endsWith(".js"));
  if (!workerFile) throw new Error("The times worker's bundle produced no script");
  const common = {
    ...base,
    define: {
      ...base.define,
      "process.env.TIMES_WORKER": JSON.stringify(`/assets/${basename(workerFile)}`),
    },
  };

  // Page scripts, each whole; every import() is left as a marker naming the module it loads.
  const lazyModules = new Set<string>();
  const pages = await esbuild
    .build({
      ...common,
      entryPoints: Object.fromEntries(entries),
      write: false,
      entryNames: `page-${tag}[name]`,
      plugins: [
        ...common.plugins,
        {
          name: "lazy-modules",
          setup(build) {
            build.onResolve({ filter: /.*/ }, async (args) => {
              if (args.kind !== "dynamic-import") return undefined;
              const found = await build.resolve(args.path, {
                resolveDir: args.resolveDir,
                kind: "import-statement",
              });
              if (found.errors.length) return { errors: found.errors };
              lazyModules.add(found.path);
              return { path: lazyPrefix + found.path, external: true };
            });
          },
        },
      ],
    })
    .finally(() => rmSync(entryDir, { recursive: true, force: true }));

  // The modules they import(), with the code those share split into chunks.
  const lazy = await esbuild.build({
    ...common,
    entryPoints: Object.fromEntries(
      [...lazyModules].sort().map((file) => [
        relative(join(root, "src"), file)
          .replace(/\.tsx?$/, "")
          .replaceAll("/", "-"),
        file,
      ]),
    ),
    splitting: true,
    entryNames: `lazy-${tag}[name]-[hash]`,
    chunkNames: `chunk-${tag}[hash]`,
  });
  const lazyUrl = new Map(
    Object.entries(lazy.metafile.outputs).flatMap(([out, meta]) =>
      meta.entryPoint ? [[resolve(root, meta.entryPoint), `./${basename(out)}`] as const] : [],
    ),
  );

  const urls = new Map<string, string>();
  for (const output of pages.outputFiles) {
    const code = output.text.replace(
      new RegExp(`(["'])${lazyPrefix}([^"']+)\\1`, "g"),
      (_, quote: string, file: string) => {
        const url = lazyUrl.get(file);
        if (!url) throw new Error(`No bundle for the lazily imported ${file}`);
        return quote + url + quote;
      },
    );
    const name = basename(output.path, ".js");
    const hash = createHash("sha256").update(code).digest("hex").slice(0, 8);
    writeFileSync(join(outdir, "assets", `${name}-${hash}.js`), code);
    urls.set(name.slice(`page-${tag}`.length), `/assets/${name}-${hash}.js`);
  }
  const scriptFor = (islands: IslandName[]) => {
    const key = islands.length ? [...islands].sort().join("-") : "site";
    const url = urls.get(key);
    if (!url) throw new Error(`No script bundle for islands "${key}"`);
    return url;
  };
  return { scriptFor };
}
