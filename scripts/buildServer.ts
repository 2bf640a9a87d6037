/**
 * The server, bundled for Node once at build time (`npm run build:server`, `npm start`):
 * dist-server/main.js, which production runs with plain `node`, no TypeScript compiler at run
 * time. The runtime dependencies stay in node_modules (external: `npm ci --omit=dev` installs
 * them); the project's own modules, and what they use of the development packages (the world
 * map's data, a few helpers), are bundled.
 */
import { readFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { build, type Plugin } from "esbuild";
import { bundleClient } from "../server/desk/assets";

const root = resolve(import.meta.dirname, "..");
export const SERVER_OUT_DIR = resolve(root, "dist-server");

/**
 * A module that finds its files from its own folder (`import.meta.dirname` + "../../content")
 * finds them from the bundle's folder instead, the same relative way: the bundle keeps working
 * wherever the checkout is, as long as dist-server/ stays beside content/ and static/.
 */
const ownFolders: Plugin = {
  name: "own-folders",
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => {
      const text = await readFile(path, "utf8");
      if (!text.includes("import.meta.dirname") || path.includes("node_modules")) return undefined;
      const from = JSON.stringify(relative(SERVER_OUT_DIR, dirname(path)));
      return {
        contents: text.replaceAll("import.meta.dirname", `__ownFolder(${from})`),
        loader: path.endsWith("x") ? "tsx" : "ts",
      };
    });
  },
};

/**
 * Dependencies bundled all the same, for what the bundle leaves out: the e-mails use a few of
 * react-email's components, and importing the package whole loads Prism's every language
 * (a second of every start).
 */
const BUNDLED = new Set(["@react-email/components"]);

export async function buildServer() {
  const started = performance.now();
  const { dependencies } = JSON.parse(await readFile(resolve(root, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const result = await build({
    entryPoints: [resolve(root, "server/main.ts")],
    outfile: resolve(SERVER_OUT_DIR, "main.js"),
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    // esbuild: the desk bundles its browser script with it only where no prebuilt one is.
    external: [
      "esbuild",
      ...Object.keys(dependencies)
        .filter((name) => !BUNDLED.has(name))
        .flatMap((name) => [name, `${name}/*`]),
    ],
    jsx: "automatic",
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
    plugins: [ownFolders],
    banner: {
      js: [
        'import { join as __join } from "node:path";',
        "const __ownFolder = (folder) => __join(import.meta.dirname, folder);",
      ].join("\n"),
    },
  });
  // The desk's script, bundled for the browser beside the server (server/desk/assets.ts).
  await bundleClient(resolve(SERVER_OUT_DIR, "desk-client.js"));
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  console.log(
    `Server bundled: ${relative(root, SERVER_OUT_DIR)}/main.js (${Math.round(bytes / 1024)} kB with its map) in ${Math.round(performance.now() - started)} ms`,
  );
}

if (process.argv[1] === import.meta.filename) await buildServer();
