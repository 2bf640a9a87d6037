/**
 * The desk's refusals: every desk route without a session, every POST without its token or from
 * another origin, another adviser's lead, sign-in links used, expired or opened in another
 * browser, a disabled account, idle sessions; and, across two server processes (SQLite, and
 * PostgreSQL when this machine has it), sessions and the sign-in limit shared, with no address
 * or token in the server's log.
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { createApp } from "../../server/app";
import { openDatabase, type DatabaseConfig, type OpenDatabase } from "../../server/db";
import { DESK_ROUTES } from "../../server/desk";
import { StaffAccounts } from "../../server/desk/staff";
import { DeskClient, linkFor } from "./deskClient";
import { deskSite } from "./deskServer";
import { testEngines } from "./engines";
import { kill, spawnServer } from "./process";
import { testSmtp } from "./smtp";

const START = Date.parse("2026-12-01T09:00:00Z");
let now = START;
const smtp = testSmtp();
let root = "";
let dist = "";
let origin = "";
let app: ReturnType<typeof createApp>;
let database: OpenDatabase;
let accounts: StaffAccounts;
const ids: Record<string, string> = {};

async function addEnquiry(db: OpenDatabase["db"], name: string, email: string) {
  const id = randomUUID();
  await db
    .insertInto("enquiries")
    .values({
      id,
      receivedAt: new Date(now).toISOString(),
      form: "enquiry",
      lang: null,
      idempotencyKey: null,
      campaign: null,
      fields: JSON.stringify({
        fullName: name,
        email,
        country: "Ghana",
        interest: "PhD Degrees",
        phone: "",
        message: "Hello",
      }),
    })
    .execute();
  return id;
}

before(async () => {
  await smtp.listen();
  root = mkdtempSync(join(tmpdir(), "eg-desk-"));
  dist = deskSite(root);
  const dataDir = join(root, "data");
  app = createApp({
    dist,
    dataFile: join(dataDir, "enquiries.jsonl"),
    publicUrl: "http://localhost",
    smtpUrl: smtp.url,
    ack: false,
    now: () => now,
    // The clock stands still here, so no bucket refills: room for every sign-in of this file.
    deskSignInLimits: {
      account: { max: 100, windowMs: 60_000 },
      client: { max: 500, windowMs: 60_000 },
    },
  });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  origin = `http://localhost:${(app.address() as AddressInfo).port}`;
  await app.prepared;
  database = openDatabase({ dataDir });
  accounts = new StaffAccounts(database.db);
  ids.admin = (await accounts.add("admin@agency.test", "Ada Admin", "admin")).id;
  ids.ann = (await accounts.add("ann@agency.test", "Ann Adviser", "adviser")).id;
  ids.bob = (await accounts.add("bob@agency.test", "Bob Adviser", "adviser")).id;
  ids.lead = await addEnquiry(database.db, "Student One", "student.one@example.com");
});

after(async () => {
  app.closeAllConnections();
  await new Promise((done) => app.close(done));
  await app.drain(1000);
  await database.close();
  await smtp.close();
  rmSync(root, { recursive: true, force: true });
});

const DESK_HEADERS = (headers: Headers, where: string) => {
  assert.equal(headers.get("cache-control"), "no-store", where);
  assert.match(headers.get("x-robots-tag") ?? "", /noindex/, where);
  assert.equal(headers.get("cross-origin-opener-policy"), "same-origin", where);
  const csp = headers.get("content-security-policy") ?? "";
  assert.match(csp, /script-src 'self'/, where);
  assert.match(csp, /style-src 'self'/, where);
  assert.doesNotMatch(csp, /unsafe-inline/, where);
};

test("every desk route without a session: the sign-in page for a GET, 403 for a POST", async () => {
  const stranger = new DeskClient(origin);
  const closed = DESK_ROUTES.filter((r) => !r.public);
  assert.ok(closed.length >= 15);
  for (const route of closed) {
    const answer =
      route.method === "GET"
        ? await stranger.get(route.example)
        : await stranger.post(route.example, {}, { csrf: false });
    const where = `${route.method} ${route.path}`;
    if (route.method === "GET") {
      assert.equal(answer.status, 303, where);
      assert.equal(
        answer.headers.get("location"),
        `/desk/sign-in?next=${encodeURIComponent(route.example.split("?")[0])}`,
        where,
      );
    } else {
      assert.equal(answer.status, 403, where);
      assert.match(answer.text, /not signed in/, where);
    }
    DESK_HEADERS(answer.headers, where);
  }
});

test("signed in: every POST without its token, or from another origin, is refused (403)", async () => {
  const admin = new DeskClient(origin);
  await admin.signIn(smtp, "admin@agency.test");
  for (const route of DESK_ROUTES.filter((r) => r.method === "POST")) {
    await admin.get("/desk/account");
    const where = `${route.method} ${route.path}`;
    const noToken = await admin.post(route.example, {}, { csrf: false, json: route.json });
    assert.equal(noToken.status, 403, `${where} without a token`);
    const foreign = await admin.post(
      route.example,
      {},
      { origin: "https://evil.example", json: route.json },
    );
    assert.equal(foreign.status, 403, `${where} from another origin`);
  }
  // Still signed in after all that; every GET answers with the desk's headers.
  for (const route of DESK_ROUTES.filter((r) => r.method === "GET")) {
    const answer = await admin.get(route.example);
    assert.ok(answer.status < 500, `${route.path}: ${answer.status}`);
    DESK_HEADERS(answer.headers, route.path);
    // The pages (not the CSV or the JSON): no inline script or style.
    if (answer.status === 200 && answer.headers.get("content-type")?.startsWith("text/html")) {
      assert.match(answer.text, /<meta name="robots" content="noindex/);
      assert.doesNotMatch(answer.text, /<script(?![^>]*\bsrc=)/, `${route.path}: inline script`);
      assert.doesNotMatch(answer.text, /<style|style="/, `${route.path}: inline style`);
    }
  }
  const refused = await database.db
    .selectFrom("auditLog")
    .select("detail")
    .where("action", "=", "request.refused")
    .execute();
  assert.ok(refused.some((r) => r.detail === "origin") && refused.some((r) => r.detail === "csrf"));
});

test("an adviser opening another adviser's lead: 403, and in the audit log", async () => {
  await database.db.updateTable("leadStates").set({ assignee: ids.bob }).execute();
  const ann = new DeskClient(origin);
  await ann.get("/desk/inbox"); // (signed out: a redirect)
  await ann.signIn(smtp, "ann@agency.test");
  await ann.get("/desk/inbox"); // makes the lead's row
  await database.db.updateTable("leadStates").set({ assignee: ids.bob }).execute();
  const opened = await ann.get(`/desk/leads/enquiry/${ids.lead}`);
  assert.equal(opened.status, 403);
  assert.match(opened.text, /assigned to another adviser/);
  const inbox = await ann.get("/desk/inbox");
  assert.doesNotMatch(inbox.text, /Student One/);
  const entry = await database.db
    .selectFrom("auditLog")
    .selectAll()
    .where("action", "=", "lead.refused")
    .where("recordId", "=", ids.lead)
    .executeTakeFirst();
  assert.equal(entry?.staffId, ids.ann);
  assert.equal(entry?.recordKind, "enquiry");
  // Bob, whose lead it is, works it: each change audited.
  const bob = new DeskClient(origin);
  await bob.signIn(smtp, "bob@agency.test");
  assert.equal((await bob.get(`/desk/leads/enquiry/${ids.lead}`)).status, 200);
  const status = await bob.post(`/desk/leads/enquiry/${ids.lead}/status`, {
    status: "in progress",
  });
  assert.equal(status.status, 303);
  const note = await bob.post(`/desk/leads/enquiry/${ids.lead}/note`, { note: "Called back." });
  assert.equal(note.status, 303);
  const page = await bob.get(`/desk/leads/enquiry/${ids.lead}`);
  assert.match(page.text, /Status: new → in progress/);
  assert.match(page.text, /Called back\./);
  const actions = (
    await database.db
      .selectFrom("auditLog")
      .select("action")
      .where("staffId", "=", ids.bob)
      .execute()
  ).map((r) => r.action);
  for (const a of ["sign-in", "lead.view", "lead.status", "lead.note"])
    assert.ok(actions.includes(a), a);
  await database.db.updateTable("leadStates").set({ assignee: null, status: "new" }).execute();
});

test("a sign-in link used twice, expired, or opened in another browser: a clear page, no session", async () => {
  const ann = new DeskClient(origin);
  const link = await ann.signIn(smtp, "ann@agency.test");
  const token = new URL(link, origin).searchParams.get("t")!;
  // Used again, in the same browser.
  const again = await ann.get(link);
  assert.equal(again.status, 400);
  assert.match(again.text, /used already/);
  const reuse = await ann.post("/desk/sign-in/link", { t: token });
  assert.equal(reuse.status, 400, reuse.text);

  // Opened in another browser: it never had the asking browser's cookie.
  const asker = new DeskClient(origin);
  await asker.get("/desk/sign-in");
  let count = smtp.received.length;
  await asker.post("/desk/sign-in", { email: "ann@agency.test" });
  const other = new DeskClient(origin);
  const otherLink = await linkFor(smtp, "ann@agency.test", count);
  const elsewhere = await other.get(otherLink);
  assert.equal(elsewhere.status, 400);
  assert.match(elsewhere.text, /asked for in another browser/);
  assert.equal(other.cookies.has("desk"), false);
  // Even with its own valid form token, that browser is not the one the link is bound to.
  await other.get("/desk/sign-in");
  const forced = await other.post("/desk/sign-in/link", {
    t: new URL(otherLink, origin).searchParams.get("t")!,
  });
  assert.equal(forced.status, 400);
  assert.match(forced.text, /asked for in another browser/);
  assert.equal(other.cookies.has("desk"), false);
  assert.equal((await other.get("/desk")).status, 303);

  // Expired: 16 minutes later on the desk's clock.
  count = smtp.received.length;
  await asker.post("/desk/sign-in", { email: "ann@agency.test" });
  const late = await linkFor(smtp, "ann@agency.test", count);
  now += 16 * 60_000;
  try {
    const expired = await asker.get(late);
    assert.equal(expired.status, 400);
    assert.match(expired.text, /expired/);
    assert.equal(asker.cookies.has("desk"), false);
  } finally {
    now = START;
  }

  // Unknown addresses get the same answer as known ones, and no e-mail.
  count = smtp.received.length;
  const unknown = await asker.post("/desk/sign-in", { email: "nobody@agency.test" });
  assert.equal(unknown.status, 303);
  assert.equal(unknown.headers.get("location"), "/desk/sign-in/sent");
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(smtp.received.length, count);
});

test("a disabled account's session ends at its next request; idle sessions end after 8 hours", async () => {
  const id = (await accounts.add("cat@agency.test", "Cat Manager", "manager")).id;
  const cat = new DeskClient(origin);
  await cat.signIn(smtp, "cat@agency.test");
  assert.equal((await cat.get("/desk")).status, 200);
  await accounts.setDisabled(id, true);
  const after = await cat.get("/desk");
  assert.equal(after.status, 303);
  assert.match(after.headers.get("location") ?? "", /^\/desk\/sign-in/);
  assert.equal((await cat.post("/desk/leads/enquiry/x/note", { note: "x" })).status, 403);

  const ann = new DeskClient(origin);
  await ann.signIn(smtp, "ann@agency.test");
  try {
    // A page left open asks for new leads every 20 s by itself: that is not use.
    for (let hour = 1; hour <= 8; hour++) {
      now = START + hour * 3600_000;
      const poll = await ann.get(`/desk/leads/newer?since=${new Date(START).toISOString()}`);
      assert.equal(poll.status, 200, `the page's own ask, ${hour} h on`);
    }
    now = START + 8 * 3600_000 + 60_000;
    assert.equal((await ann.get("/desk")).status, 303);
  } finally {
    now = START;
  }
  const ended = await database.db
    .selectFrom("staffSessions")
    .select("endedWhy")
    .where("staffId", "in", [id, ids.ann])
    .where("endedWhy", "is not", null)
    .execute();
  assert.ok(ended.some((s) => s.endedWhy === "account disabled"));
  assert.ok(ended.some((s) => s.endedWhy === "idle for 8 hours"));
});

test("a member of staff ends another of their sessions; signing out ends this one", async () => {
  const first = new DeskClient(origin);
  await first.signIn(smtp, "bob@agency.test");
  const second = new DeskClient(origin);
  await second.signIn(smtp, "bob@agency.test");
  const page = await second.get("/desk/account");
  const sessions = [...page.text.matchAll(/name="session" value="([0-9a-f]+)"/g)].map((m) => m[1]);
  assert.ok(sessions.length >= 2);
  const current = /name="session" value="([0-9a-f]+)"\/><button type="submit">Sign out here/.exec(
    page.text,
  )?.[1];
  const other = sessions.find((s) => s !== current)!;
  for (const s of sessions.filter((s) => s !== current && s !== other))
    await second.post("/desk/account/sessions/end", { session: s });
  await second.get("/desk/account");
  assert.equal((await second.post("/desk/account/sessions/end", { session: other })).status, 303);
  assert.equal((await first.get("/desk")).status, 303);
  assert.equal((await second.get("/desk")).status, 200);
  assert.equal((await second.post("/desk/sign-out")).status, 303);
  assert.equal((await second.get("/desk")).status, 303);
});

test("admins only: staff and the audit log; managers and admins: privacy", async () => {
  const ann = new DeskClient(origin);
  await ann.signIn(smtp, "ann@agency.test");
  assert.equal((await ann.get("/desk/staff")).status, 403);
  assert.equal((await ann.get("/desk/audit")).status, 403);
  // Every route kept to a role: an adviser is refused it, with a valid token, and it is logged.
  const kept = DESK_ROUTES.filter((r) => r.role);
  assert.ok(kept.some((r) => r.path.startsWith("/desk/privacy")));
  for (const route of kept) {
    await ann.get("/desk/account");
    const answer =
      route.method === "GET"
        ? await ann.get(route.example)
        : await ann.post(route.example, { email: "student.one@example.com", checked: "yes" });
    assert.equal(answer.status, 403, `${route.method} ${route.path}`);
    assert.match(answer.text, route.role === "admin" ? /for administrators/ : /for managers/);
    assert.doesNotMatch(answer.text, /student\.one/);
  }
  assert.doesNotMatch((await ann.get("/desk")).text, /href="\/desk\/privacy"/);
  const refusals = await database.db
    .selectFrom("auditLog")
    .select("detail")
    .where("action", "=", "page.refused")
    .where("staffId", "=", ids.ann)
    .execute();
  assert.ok(refusals.some((r) => r.detail === "/desk/privacy/erase"));
  assert.equal(
    (await database.db.selectFrom("privacyRequests").select("id").execute()).length,
    0,
    "nothing asked",
  );
  // A manager has the privacy pages; only an admin the staff list.
  const kim = new DeskClient(origin);
  await accounts.add("kim@agency.test", "Kim Manager", "manager");
  await kim.signIn(smtp, "kim@agency.test");
  assert.equal((await kim.get("/desk/privacy")).status, 200);
  assert.equal((await kim.get("/desk/privacy/retention")).status, 200);
  assert.equal((await kim.get("/desk/staff")).status, 403);
  const admin = new DeskClient(origin);
  await admin.signIn(smtp, "admin@agency.test");
  await admin.get("/desk/staff");
  const added = await admin.post("/desk/staff", {
    name: "Dan",
    email: "dan@agency.test",
    role: "adviser",
  });
  assert.equal(added.status, 303);
  const audit = await admin.get("/desk/audit?action=staff.add");
  assert.equal(audit.status, 200);
  assert.match(audit.text, /staff\.add/);
});

/** Two server processes on one database: what one begins, the other knows. */
function twoProcesses(name: string, config: () => Promise<DatabaseConfig>) {
  test(`${name}: a session begun on one process works on the other; the sign-in limit is shared; the log names no one`, async () => {
    const where = await config();
    const env = {
      DATA_DIR: where.dataDir,
      ...(where.databaseUrl ? { DATABASE_URL: where.databaseUrl } : {}),
      PUBLIC_URL: "http://localhost",
      SMTP_URL: smtp.url,
      LOG_FORMAT: "json",
      ENQUIRY_ACK: "off",
    };
    const one = await spawnServer(dist, env);
    const two = await spawnServer(dist, env);
    try {
      const shared = openDatabase(where);
      try {
        await new StaffAccounts(shared.db).add("eve@agency.test", "Eve", "manager");
        const leadId = await addEnquiry(shared.db, "Student Two", "student.two@example.com");
        const eve = new DeskClient(one.origin);
        await eve.signIn(smtp, "eve@agency.test");
        eve.origin = two.origin;
        const home = await eve.get("/desk");
        assert.equal(home.status, 200);
        assert.match(home.text, /Student Two/);
        assert.equal((await eve.get(`/desk/leads/enquiry/${leadId}`)).status, 200);
        const assigned = await eve.post(`/desk/leads/enquiry/${leadId}/assign`, {
          assignee: (await new StaffAccounts(shared.db).byEmail("eve@agency.test"))!.id,
        });
        assert.equal(assigned.status, 303);
        eve.origin = one.origin;
        assert.match(
          (await eve.get(`/desk/leads/enquiry/${leadId}`)).text,
          /assigned to <!-- -->Eve|assigned to Eve/,
        );

        // A search by address is POSTed and answered in place: the address in no URL or log.
        const found = await eve.post("/desk/inbox", { q: "student.two@example.com" });
        assert.equal(found.status, 200);
        assert.equal(found.headers.get("location"), null);
        assert.match(found.text, /Student Two/);
        assert.doesNotMatch(found.text, /href="[^"]*student\.two/);
        // Filters alone have nothing to hide: an address of their own.
        const filtered = await eve.post("/desk/inbox", { q: "", status: "new" });
        assert.equal(filtered.status, 303);
        assert.equal(filtered.headers.get("location"), "/desk/inbox?status=new");

        // Five attempts for one account, alternating between the processes; the sixth is refused.
        const asker = new DeskClient(one.origin);
        for (let i = 0; i < 5; i++) {
          asker.origin = i % 2 ? two.origin : one.origin;
          await asker.get("/desk/sign-in");
          assert.equal(
            (await asker.post("/desk/sign-in", { email: "limit@agency.test" })).status,
            303,
            `attempt ${i + 1}`,
          );
        }
        asker.origin = two.origin;
        await asker.get("/desk/sign-in");
        const refused = await asker.post("/desk/sign-in", { email: "limit@agency.test" });
        assert.equal(refused.status, 429);
        assert.match(refused.text, /Too many sign-in attempts/);
      } finally {
        await shared.close();
      }
      const output = one.output + two.output;
      assert.match(output, /"path":"\/desk\/sign-in\/link"/);
      for (const secret of [
        "eve@agency.test",
        "limit@agency.test",
        "student.two@example.com",
        "Student Two",
        ...smtp.received.flatMap((m) => /t=([\w-]+)/.exec(m.text)?.[1] ?? []),
      ])
        assert.ok(!output.includes(secret), `the log holds ${secret}`);
    } finally {
      kill(one.child, "SIGTERM");
      kill(two.child, "SIGTERM");
      await Promise.all([one.exited, two.exited]);
    }
  });
}

describe("two server processes", () => {
  const { engines } = testEngines();
  for (const engine of engines)
    if (engine.skip) test(`${engine.name}: two processes`, { skip: engine.skip }, () => {});
    else twoProcesses(engine.name, engine.fresh);
});
