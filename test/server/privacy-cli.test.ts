/**
 * npm run privacy (scripts/privacy.ts): one clear line and exit 2 on bad input; an export as
 * text and as JSON; erase records a confirmed request for the server, and nothing else.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../server/db";

const run = (dataDir: string, ...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/privacy.ts", ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
      (error, stdout, stderr) =>
        done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

test("npm run privacy: bad input, export, erase", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "eg-privacy-cli-"));
  try {
    const none = await run(dataDir);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /^Say what to do\.\nUsage: npm run privacy/);
    const bad = await run(dataDir, "export", "not-an-address");
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /^export needs an e-mail address, not "not-an-address"\./);
    assert.equal((await run(dataDir, "forget", "a@example.com")).code, 2);

    const text = await run(dataDir, "export", "Nobody@Example.com");
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^Everything Eastgate Education holds about nobody@example\.com/);
    const json = await run(dataDir, "export", "nobody@example.com", "--json");
    assert.equal(json.code, 0, json.stderr);
    const copy = JSON.parse(json.stdout) as { email: string; enquiries: unknown[] };
    assert.equal(copy.email, "nobody@example.com");
    assert.deepEqual(copy.enquiries, []);

    const erase = await run(dataDir, "erase", "someone@example.com");
    assert.equal(erase.code, 0, erase.stderr);
    assert.match(erase.stdout, /^Asked the server to erase someone@example\.com/);
    const database = openDatabase({ dataDir });
    try {
      const rows = await database.db.selectFrom("privacyRequests").selectAll().execute();
      assert.deepEqual(
        rows.map((r) => [r.kind, r.email, r.source, r.state]),
        [["erase", "someone@example.com", "staff", "confirmed"]],
      );
    } finally {
      await database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
