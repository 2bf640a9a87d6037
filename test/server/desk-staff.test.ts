/** `npm run staff`: the first admin made from the terminal, one line on bad input, sessions ended on disable. */
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { migrate, openDatabase } from "../../server/db";
import { Sessions } from "../../server/desk/session";

const root = resolve(import.meta.dirname, "../..");
const dataDir = mkdtempSync(join(tmpdir(), "eg-staff-"));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const staff = (...args: string[]) => {
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/staff.ts", ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    encoding: "utf8",
  });
  return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
};

test("add, list and disable; bad input is one line and exit 2", async () => {
  const added = staff("add", "Ada@Agency.test", "--name", "Ada Admin", "--role", "admin");
  assert.equal(added.code, 0, added.err);
  assert.equal(added.out, "Added ada@agency.test (Ada Admin) as admin.");
  for (const bad of [
    ["add", "not-an-address", "--name", "X", "--role", "admin"],
    ["add", "b@agency.test", "--role", "admin"],
    ["add", "b@agency.test", "--name", "B", "--role", "boss"],
    ["add", "b@agency.test", "--name", "B", "--role", "admin", "--colour", "red"],
    ["fire", "ada@agency.test"],
    [],
  ]) {
    const refused = staff(...bad);
    assert.equal(refused.code, 2, bad.join(" "));
    assert.equal(refused.err.split("\n").length, 1, refused.err);
  }
  assert.equal(staff("add", "ada@agency.test", "--name", "Again", "--role", "adviser").code, 2);
  assert.match(staff("list").out, /^ada@agency\.test\tAda Admin\tadmin$/m);

  const database = openDatabase({ dataDir });
  try {
    await migrate(database.db);
    const id = (await database.db.selectFrom("staff").select("id").executeTakeFirstOrThrow()).id;
    const sessions = new Sessions(database.db, { now: Date.now });
    const token = await sessions.begin(id, "Chrome on Linux", "127.0.0.1");
    assert.ok(await sessions.load(token));
    const disabled = staff("disable", "ada@agency.test");
    assert.equal(disabled.code, 0, disabled.err);
    assert.equal(await sessions.load(token), undefined);
    const row = await database.db.selectFrom("staffSessions").selectAll().executeTakeFirstOrThrow();
    assert.equal(row.endedWhy, "account disabled");
    assert.notEqual(row.idHash, token);
    assert.match(staff("list").out, /\tdisabled/);
    assert.equal(staff("disable", "nobody@agency.test").code, 1);
  } finally {
    await database.close();
  }
});
