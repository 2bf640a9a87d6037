import * as esbuild from "esbuild";
import { resolve } from "node:path";
import { cspHash } from "./headers";

/**
 * The inline loader every page ends with (src/client/loadPageScript.ts, minified), and the tag
 * that loads a page's script through it. The loader is the same bytes on every page: one hash.
 */
export async function pageScriptLoader() {
  const result = await esbuild.build({
    entryPoints: [resolve(import.meta.dirname, "../client/loadPageScript.ts")],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    write: false,
    logLevel: "warning",
  });
  const code = result.outputFiles[0].text.trim();
  if (/<\/script/i.test(code)) throw new Error("pageScriptLoader: the code would end its <script>");
  return {
    hash: cspHash(code),
    tag: (src: string) => `<script data-src="${src}">${code}</script>`,
  };
}
