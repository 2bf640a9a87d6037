/**
 * The editor's local backend, guarded: an HTTP proxy in front of decap-server (`npm run cms`) that
 * lets a save or a deletion through only when the site would still build after it. Each
 * `persistEntry`, `deleteFile` and `deleteFiles` is first applied to a copy of the working copy's
 * content/ and static/ (with the project's code beside it), and the build's own content checks
 * (src/build/check.ts) run on that copy. Problems the change brings answer 422 with the build's
 * messages, which the editor shows as its notification, and decap-server never sees the request,
 * so no file is written. Problems the content had already do not block a save.
 */
import { spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const projectRoot = resolve(import.meta.dirname, "..");

/** The requests that change files, as Decap's proxy backend sends them (the parts read here). */
interface DataFile {
  path: string;
  raw: string;
  newPath?: string;
}
interface Asset {
  path: string;
  content: string;
  encoding: BufferEncoding;
}
type Change =
  | {
      action: "persistEntry";
      params: { entry?: DataFile; dataFiles?: DataFile[]; assets?: Asset[] };
    }
  | { action: "deleteFile"; params: { path: string } }
  | { action: "deleteFiles"; params: { paths: string[] } };

const CHANGES = ["persistEntry", "deleteFile", "deleteFiles"];

/** Settings a content file's location is read from: the copy must read its own content/. */
const CONTENT_ENV = [
  "PAGES_DIR",
  "GUIDES_DIR",
  "EVENTS_FILE",
  "REDIRECTS_FILE",
  "TRANSLATIONS_DIR",
];

/** Inside the working copy, or an error: decap-server would refuse the path too. */
function inside(dir: string, path: string) {
  const full = resolve(dir, path);
  if (!full.startsWith(dir + "/")) throw new Error(`${path} is outside the working copy`);
  return full;
}

/** A fresh copy of the working copy's content and uploads, with the project's code to check it. */
function copyProject(code: string, repo: string, into: string) {
  for (const dir of ["src", "content", "static"])
    rmSync(join(into, dir), { recursive: true, force: true });
  cpSync(join(code, "src"), join(into, "src"), { recursive: true });
  for (const file of ["package.json", "tsconfig.json"]) cpSync(join(code, file), join(into, file));
  if (!existsSync(join(into, "node_modules")))
    symlinkSync(realpathSync(join(code, "node_modules")), join(into, "node_modules"));
  cpSync(join(repo, "content"), join(into, "content"), { recursive: true });
  const uploads = existsSync(join(repo, "static")) ? repo : code;
  cpSync(join(uploads, "static"), join(into, "static"), { recursive: true });
}

/** The change, made to the copy as decap-server would make it to the working copy. */
function apply(change: Change, dir: string) {
  if (change.action === "deleteFile") rmSync(inside(dir, change.params.path), { force: true });
  else if (change.action === "deleteFiles")
    for (const path of change.params.paths) rmSync(inside(dir, path), { force: true });
  else {
    const { entry, dataFiles = entry ? [entry] : [], assets = [] } = change.params;
    const write = (path: string, data: string | Buffer) => {
      mkdirSync(dirname(inside(dir, path)), { recursive: true });
      writeFileSync(inside(dir, path), data);
    };
    for (const file of dataFiles) write(file.path, file.raw);
    for (const asset of assets) write(asset.path, Buffer.from(asset.content, asset.encoding));
    for (const file of dataFiles)
      if (file.newPath) renameSync(inside(dir, file.path), inside(dir, file.newPath));
  }
}

/** The build's content checks (src/build/checkCli.ts) on the copy: its problems, one a line. */
function problemsIn(dir: string) {
  const env = { ...process.env };
  for (const name of CONTENT_ENV) delete env[name];
  return new Promise<string[]>((done, fail) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(dir, "src/build/checkCli.ts")], {
      cwd: dir,
      env,
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.on("error", fail);
    child.on("exit", (code) =>
      code === 0
        ? done([])
        : code === 1 && errors.trim()
          ? done(errors.trim().split("\n"))
          : fail(new Error(`The content check could not run:\n${errors}`)),
    );
  });
}

/** A problem without its line number: the same problem after a change moved it. */
const unplaced = (problem: string) => problem.replace(/^([^\s:]+):\d+:/, "$1:");

/** What a change would break: the problems it brings that the content did not have already. */
export async function problemsOfChange(change: Change, repo: string, work: string, code: string) {
  copyProject(code, repo, work);
  apply(change, work);
  const after = await problemsIn(work);
  if (!after.length) return [];
  copyProject(code, repo, work);
  const before = new Set((await problemsIn(work)).map(unplaced));
  return after.filter((p) => !before.has(unplaced(p)));
}

/** The refusal the editor shows in its notification. */
export function refusal(change: Change, problems: string[]) {
  const what = change.action === "persistEntry" ? "saved" : "deleted";
  return `Not ${what}: the site would not build after this change. ${problems.join(" | ")}`;
}

/** decap-server answers only the local origins; the guard's own answers do the same. */
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

export interface GuardOptions {
  /** The working copy decap-server writes in (its GIT_REPO_DIRECTORY). */
  repo: string;
  /** decap-server's origin, e.g. http://127.0.0.1:8082. */
  upstream: string;
  /** The port to listen on (0: any free one), on 127.0.0.1. */
  port: number;
  /** The project whose checks run (default: this one). */
  code?: string;
}

/** Starts the guard; resolves once it listens, with its origin and a way to stop it. */
export async function startGuard({ repo, upstream, port, code = projectRoot }: GuardOptions) {
  const work = mkdtempSync(join(tmpdir(), "eg-cms-check-"));
  let queue: Promise<unknown> = Promise.resolve();
  const forward = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (e): e is [string, string] => typeof e[1] === "string" && e[0] !== "host",
      ),
    );
    const answer = await fetch(new URL(req.url ?? "/", upstream), {
      method: req.method,
      headers,
      body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body),
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((value, key) => {
      if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(key))
        out[key] = value;
    });
    res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let change: Change | undefined;
    if (req.method === "POST") {
      try {
        const parsed = JSON.parse(body.toString()) as { action?: string };
        if (CHANGES.includes(parsed.action ?? "")) change = parsed as Change;
      } catch {
        // Not JSON: decap-server answers it.
      }
    }
    if (!change) return forward(req, res, body);
    // One change at a time: each is checked against the content the one before it left.
    const turn = queue.then(async () => {
      const problems = await problemsOfChange(change, repo, work, code);
      if (!problems.length) return forward(req, res, body);
      const origin = req.headers.origin;
      res.writeHead(422, {
        "Content-Type": "application/json",
        ...(origin && LOCAL_ORIGIN.test(origin) ? { "Access-Control-Allow-Origin": origin } : {}),
        Vary: "Origin",
      });
      res.end(JSON.stringify({ error: refusal(change, problems), problems }));
    });
    queue = turn.catch(() => {});
    return turn;
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      console.error(error);
      if (!res.headersSent)
        res
          .writeHead(500, { "Content-Type": "application/json" })
          .end(JSON.stringify({ error: `The editor's check failed: ${error.message}` }));
    });
  });
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      rmSync(work, { recursive: true, force: true });
    },
  };
}
