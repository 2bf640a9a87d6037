import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A file the desk serves under /desk/static/, named by its content's hash (cached for good). */
export interface Asset {
  name: string;
  type: string;
  body: Buffer;
}

const hashed = (base: string, ext: string, body: Buffer) =>
  `${base}-${createHash("sha256").update(body).digest("hex").slice(0, 10)}.${ext}`;

/** The desk's script as `npm run build:server` bundled it beside the server, if it did. */
const PREBUILT = join(import.meta.dirname, "../../dist-server/desk-client.js");
const CLIENT_ENTRY = join(import.meta.dirname, "client/index.ts");

/** Bundles the browser script (esbuild: a development dependency, present where tsx runs). */
export async function bundleClient(outfile?: string) {
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [CLIENT_ENTRY],
    bundle: true,
    format: "esm",
    target: "es2020",
    minify: true,
    write: Boolean(outfile),
    ...(outfile ? { outfile } : {}),
    legalComments: "none",
    logLevel: "warning",
  });
  return outfile ? readFileSync(outfile) : Buffer.from(result.outputFiles?.[0]?.contents ?? []);
}

/** The stylesheet and the script, read (or bundled) once. */
export async function loadAssets() {
  const css = readFileSync(join(import.meta.dirname, "static/desk.css"));
  const js = existsSync(PREBUILT) ? readFileSync(PREBUILT) : await bundleClient();
  const assets: Asset[] = [
    { name: hashed("desk", "css", css), type: "text/css; charset=utf-8", body: css },
    { name: hashed("desk", "js", js), type: "text/javascript; charset=utf-8", body: js },
  ];
  return {
    byName: new Map(assets.map((a) => [a.name, a])),
    stylesheet: `/desk/static/${assets[0].name}`,
    script: `/desk/static/${assets[1].name}`,
  };
}

export type Assets = Awaited<ReturnType<typeof loadAssets>>;
