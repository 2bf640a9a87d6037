/**
 * /admin/: the Decap CMS editor, served from our own origin. The prebuilt script of the npm
 * package `decap-cms` (and the chunks and WebAssembly it loads beside itself) is copied into
 * dist/admin/; the configuration is generated from the collections' schemas (src/cms/config.ts) into a
 * small script that runs before it. Nothing is requested from another host.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { buildSync } from "esbuild";
import { cmsBackend, cmsConfig, type CmsBackendEnv } from "../cms/config";
import type { EditorBoot } from "../cms/boot";
import { readContentYaml } from "../cms/contentFormat";
import { collections } from "../content/collections";

const root = join(import.meta.dirname, "../..");
const decapDist = dirname(createRequire(import.meta.url).resolve("decap-cms/dist/decap-cms.js"));

/** The editor's files, as written to dist/admin/ (not the copied Decap files). */
export function adminFiles(env: CmsBackendEnv = process.env) {
  const config = cmsConfig(env);
  const boot: EditorBoot = {
    config,
    headers: Object.fromEntries(
      collections.map((c) => [
        c.name,
        "file" in c ? readContentYaml(readFileSync(join(root, c.file), "utf8")).header : undefined,
      ]),
    ),
  };
  // Before decap-cms.js: the flag that stops its automatic start, our format, then our start.
  const startUp = buildSync({
    entryPoints: [join(import.meta.dirname, "../cms/init.ts")],
    bundle: true,
    format: "iife",
    minify: true,
    target: "es2020",
    write: false,
  }).outputFiles[0].text;
  const init = `window.EASTGATE_CMS = ${JSON.stringify(boot, null, 2)};\n${startUp}`;
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
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
  return { "index.html": html, "cms-init.js": init, config, connect: cmsBackend(env).connect };
}

/** Write dist/admin/: the Decap files and ours (made by adminFiles). */
export function writeAdmin(dist: string, files: ReturnType<typeof adminFiles>) {
  const dir = join(dist, "admin");
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(decapDist))
    if (/^(?:\d+\.)?decap-cms\.js$|\.wasm$/.test(name) || name === "decap-cms.js.LICENSE.txt")
      copyFileSync(join(decapDist, name), join(dir, name));
  writeFileSync(join(dir, "index.html"), files["index.html"]);
  writeFileSync(join(dir, "cms-init.js"), files["cms-init.js"]);
}
