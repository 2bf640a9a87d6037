import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { OutboxName } from "../../server/outbox/outbox";
import type { TestSmtp } from "./smtp";
import { sentDeliveries, type Where } from "./stored";

const root = resolve(import.meta.dirname, "../..");

/**
 * The server bundle npm test made (scripts/buildServer.ts, as `npm start` runs it), named by
 * TEST_SERVER_BUNDLE; without it (a file run alone), server/main.ts through tsx, always the
 * code as it is now. The bundle starts with half the processor time (1.4 against 2.8 s), and
 * the suite starts a server process some eighty times.
 */
export const serverEntry = () => {
  const bundle = process.env.TEST_SERVER_BUNDLE;
  if (bundle && !existsSync(bundle))
    throw new Error(`TEST_SERVER_BUNDLE=${bundle}: no such file (npm run build:test makes it)`);
  return bundle ? [bundle] : ["--import", "tsx", "server/main.ts"];
};

/** The server as `npm start` runs it, in its own process. */
export async function spawnServer(dist: string, env: Record<string, string>) {
  const child = spawn(process.execPath, serverEntry(), {
    cwd: root,
    env: { ...process.env, PORT: "0", DIST_DIR: dist, ENQUIRY_RATE_LIMIT: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  // A minute: on a loaded 2-core machine tsx alone has taken past 20 s to start the server. One
  // that has not started by then is killed: left running, it kept its test file alive until
  // node's 10-minute limit for the file ended it.
  let origin: string;
  try {
    origin = await until(
      () => /site on (http:\/\/[^\s"]+)/.exec(output)?.[1],
      60_000,
      () => output,
    );
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    child,
    origin: origin.replace("localhost", "127.0.0.1"),
    get output() {
      return output;
    },
    exited: new Promise<number | null>((done) => child.once("exit", (code) => done(code))),
  };
}

export async function until<T>(
  get: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs: number,
  why = () => "",
) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out; ${why()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const kill = (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.exitCode === null) child.kill(signal);
};

/**
 * Until the mail server has accepted `count` messages (its acceptUpTo: it answers no more) and
 * the outbox records each of them as sent. A kill between a mail server's answer and that record
 * sends the message again after the restart, under the same Message-ID: SMTP allows no better
 * than at least once there. The crash tests kill outside that window and check everything else.
 */
export async function untilSent(smtp: TestSmtp, where: Where, outbox: OutboxName, count: number) {
  let sent = 0;
  await until(
    async () => {
      if (smtp.received.length !== count) return false;
      sent = (await sentDeliveries(where, outbox)).length;
      return sent === count;
    },
    20_000,
    () => `${smtp.received.length} accepted, ${sent} recorded as sent`,
  );
}
