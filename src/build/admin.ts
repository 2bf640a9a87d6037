/**
 * /admin/: the Decap CMS editor, served from our own origin. The prebuilt script of the npm
 * package `decap-cms` (and the chunks and WebAssembly it loads beside itself) is copied into
 * dist/admin/; the configuration is generated from the collections' schemas (src/cms/config.ts) into a
 * small script that runs before it, with our guides' preview (src/cms/guidePreview.tsx: the site's
 * guide page drawn by React 19 to HTML, under the site's stylesheet). Nothing is requested from
 * another host.
 */
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import { cmsBackend, cmsConfig, type CmsBackendEnv } from "../cms/config";
import { optionLabels, withOptionLabels } from "../cms/optionLabels";
import type { EditorBoot } from "../cms/boot";
import { readContentYaml } from "../cms/contentFormat";
import { collections } from "../content/collections";
import { RESERVED_SLUGS } from "../content/schema/pages";
import { builtInRoutes, notFoundRoute } from "../routes";
import { plainContent, writePlainContent } from "./content";
import { adminContentSecurityPolicy, policyMeta } from "./headers";

const root = join(import.meta.dirname, "../..");
const decapDist = dirname(createRequire(import.meta.url).resolve("decap-cms/dist/decap-cms.js"));

/** The editor's files, as written to dist/admin/ (not the copied Decap files). */
export async function adminFiles(env: CmsBackendEnv = process.env) {
  // Pickers show titles: what staff know a programme or guide by, not its id.
  const config = withOptionLabels(cmsConfig(env), optionLabels());
  const boot: EditorBoot = {
    config,
    headers: Object.fromEntries(
      collections.map((c) => [
        c.name,
        "file" in c ? readContentYaml(readFileSync(join(root, c.file), "utf8")).header : undefined,
      ]),
    ),
    address: {
      reserved: RESERVED_SLUGS,
      builtIn: [...builtInRoutes, notFoundRoute].map((r) => r.path),
    },
  };
  // Before decap-cms.js: the flag that stops its automatic start, our format, then our start.
  // The preview's pages read the content as plain modules: a YAML file's loader needs node:fs.
  const contentDir = mkdtempSync(join(tmpdir(), "eg-cms-content-"));
  writePlainContent(contentDir);
  const startUp = (
    await build({
      entryPoints: [join(import.meta.dirname, "../cms/init.ts")],
      bundle: true,
      format: "iife",
      minify: true,
      target: "es2020",
      // React's production build; the preview shows the English page.
      define: { "process.env.NODE_ENV": '"production"', "process.env.PAGE_LOCALE": '"en"' },
      plugins: [plainContent(contentDir)],
      write: false,
    }).finally(() => rmSync(contentDir, { recursive: true, force: true }))
  ).outputFiles[0].text;
  /** cms-init.js; `preview`: the site's stylesheet, known once the build has written it. */
  const initScript = (preview?: EditorBoot["preview"]) =>
    `window.EASTGATE_CMS = ${JSON.stringify({ ...boot, preview }, null, 2)};\n${startUp}`;
  const { connect } = cmsBackend(env);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
${policyMeta(adminContentSecurityPolicy(connect))}
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Eastgate Education: editor</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<script src="/admin/cms-init.js"></script>
<script src="/admin/decap-cms.js"></script>
</body>
</html>
`;
  return {
    "index.html": html,
    "cms-init.js": initScript(),
    initScript,
    config,
  };
}

/** Write dist/admin/: the Decap files and ours (made by adminFiles), the preview under the site's styles. */
export function writeAdmin(
  dist: string,
  files: Awaited<ReturnType<typeof adminFiles>>,
  preview?: EditorBoot["preview"],
) {
  const dir = join(dist, "admin");
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(decapDist))
    if (/^(?:\d+\.)?decap-cms\.js$|\.wasm$/.test(name) || name === "decap-cms.js.LICENSE.txt")
      copyFileSync(join(decapDist, name), join(dir, name));
  writeFileSync(join(dir, "index.html"), files["index.html"]);
  // The font files are named beside the sheet (/assets/); the preview's rules are read at /admin/.
  const rebased = preview && {
    ...preview,
    fontFaces: preview.fontFaces.replace(
      /url\((["']?)([^"')]+)\1\)/g,
      (_, quote: string, url: string) =>
        `url(${quote}${new URL(url, `http://x${preview.stylesheet}`).pathname}${quote})`,
    ),
  };
  writeFileSync(join(dir, "cms-init.js"), files.initScript(rebased));
}
