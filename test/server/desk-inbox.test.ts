/**
 * The inbox beyond its first look, with the real server: the date filter in London time; the
 * CSV of a filtered list (managers and admins only, every row across the store's pages, quoted,
 * formulas made text as the enquiries tool does, Arabic intact, audited without the search's words).
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OpenDatabase } from "../../server/db";
import { StaffAccounts } from "../../server/desk/staff";
import type { DeskClient } from "./deskClient";
import { deskSite, deskWithStaff } from "./deskServer";
import { testSmtp } from "./smtp";

const now = Date.parse("2026-12-01T09:00:00Z");
const smtp = testSmtp();
let root = "";
let origin = "";
let desk: Awaited<ReturnType<typeof deskWithStaff>>;
let database: OpenDatabase;
let manager: DeskClient;
let adviser: DeskClient;

async function addEnquiries(
  leads: { name: string; email: string; receivedAt: string; country?: string }[],
) {
  const rows = leads.map((l) => ({
    id: randomUUID(),
    receivedAt: l.receivedAt,
    form: "enquiry",
    lang: null,
    idempotencyKey: null,
    campaign: null,
    fields: JSON.stringify({
      fullName: l.name,
      email: l.email,
      country: l.country ?? "Ghana",
      interest: "PhD Degrees",
      phone: "",
      message: "Hello",
    }),
  }));
  for (let i = 0; i < rows.length; i += 200)
    await database.db
      .insertInto("enquiries")
      .values(rows.slice(i, i + 200))
      .execute();
  return rows.map((r) => r.id);
}

before(async () => {
  await smtp.listen();
  root = mkdtempSync(join(tmpdir(), "eg-desk-inbox-"));
  const dist = deskSite(root);
  desk = await deskWithStaff(
    smtp,
    { dataDir: join(root, "data") },
    { dist, ack: false, now: () => now },
  );
  ({ origin, database, manager, adviser } = desk);
});

after(async () => {
  await desk.close(1000);
  await smtp.close();
  rmSync(root, { recursive: true, force: true });
});

/** RFC 4180 as a spreadsheet reads it: quoted cells, doubled quotes, CRLF between rows. */
function parseCsv(text: string) {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  assert.equal(cell + row.join(""), "", "the CSV ends with a complete row");
  return rows;
}

test("the date filter: London dates, both ends included, in the address like the other filters", async () => {
  // 23:30 UTC on 30 June is 00:30 on 1 July in London (summer time).
  await addEnquiries([
    { name: "Early Riser", email: "early@example.com", receivedAt: "2026-06-30T23:30:00.000Z" },
    { name: "June Writer", email: "june@example.com", receivedAt: "2026-06-30T12:00:00.000Z" },
    { name: "July Writer", email: "july@example.com", receivedAt: "2026-07-02T22:59:00.000Z" },
    { name: "Late July", email: "late@example.com", receivedAt: "2026-07-02T23:01:00.000Z" },
  ]);
  const july = await manager.get("/desk/inbox?from=2026-07-01&to=2026-07-02");
  assert.equal(july.status, 200);
  assert.match(july.text, /Early Riser/);
  assert.match(july.text, /July Writer/, "23:59 London on the last day is in");
  assert.doesNotMatch(july.text, /June Writer/);
  assert.doesNotMatch(july.text, /Late July/, "00:01 London the day after is not");
  assert.match(july.text, /id="f-from" type="date" name="from" value="2026-07-01"/);
  const june = await manager.get("/desk/inbox?to=2026-06-30");
  assert.match(june.text, /June Writer/);
  assert.doesNotMatch(june.text, /Early Riser/);
  // A search keeps the dates (POSTed), and a filter without one goes to its address.
  const searched = await manager.post("/desk/inbox", { q: "writer", from: "2026-07-01" });
  assert.match(searched.text, /July Writer/);
  assert.doesNotMatch(searched.text, /June Writer/);
  const plain = await manager.post("/desk/inbox", { from: "2026-07-01", to: "2026-07-02" });
  assert.equal(plain.headers.get("location"), "/desk/inbox?from=2026-07-01&to=2026-07-02");
  // Not a date: no filter (everything), not an error.
  const junk = await manager.get("/desk/inbox?from=2026-02-30");
  assert.equal(junk.status, 200);
  assert.match(junk.text, /June Writer/);
});

test("the CSV: managers only; every row of the filter, quoted, formulas made text, Arabic intact", async () => {
  const day = "2026-11-";
  const tricky = [
    { name: '=HYPERLINK("https://evil.example","x")', email: "formula@example.com" },
    { name: "+44 123", email: "plus@example.com" },
    { name: "-minus", email: "minus@example.com" },
    { name: "@sum", email: "at@example.com" },
    { name: "\tTabbed", email: "tab@example.com" },
    { name: 'Quote "Q", Comma', email: "quote@example.com" },
    { name: "Line\nBreak", email: "break@example.com" },
    { name: "ليلى العربية", email: "layla@example.com", country: "مصر" },
    { name: "王小明", email: "wang@example.com" },
  ].map((l, i) => ({ ...l, receivedAt: `${day}20T10:${String(i).padStart(2, "0")}:00.000Z` }));
  // More than one of the store's pages (500 rows), to prove the export walks them all.
  const filler = Array.from({ length: 1203 }, (_, i) => ({
    name: `Filler ${i}`,
    email: `filler${i}@example.com`,
    receivedAt: new Date(Date.parse(`${day}21T00:00:00Z`) + i * 1000).toISOString(),
  }));
  await addEnquiries([...tricky, ...filler]);

  // An adviser: neither the link nor the file.
  const inbox = await adviser.get("/desk/inbox");
  assert.doesNotMatch(inbox.text, /inbox\/export/);
  assert.equal((await adviser.get("/desk/inbox/export")).status, 403);
  assert.equal((await adviser.post("/desk/inbox/export", { q: "filler" })).status, 403);

  const page = await manager.get("/desk/inbox?from=2026-11-20&to=2026-11-21");
  assert.match(page.text, /href="\/desk\/inbox\/export\?from=2026-11-20&amp;to=2026-11-21"/);
  const answer = await fetch(`${origin}/desk/inbox/export?from=2026-11-20&to=2026-11-21`, {
    headers: { cookie: [...manager.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  assert.equal(answer.status, 200);
  assert.equal(answer.headers.get("content-type"), "text/csv; charset=utf-8");
  assert.equal(
    answer.headers.get("content-disposition"),
    'attachment; filename="leads-2026-12-01.csv"',
  );
  const bytes = Buffer.from(await answer.arrayBuffer());
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], "a UTF-8 byte-order mark");
  const rows = parseCsv(bytes.subarray(3).toString("utf8"));
  assert.deepEqual(rows[0], [
    "Received (London)",
    "Kind",
    "Name",
    "E-mail",
    "Country",
    "Interest",
    "Language",
    "Campaign",
    "Status",
    "Assignee",
  ]);
  assert.equal(rows.length, 1 + tricky.length + filler.length);
  const emails = new Set(rows.slice(1).map((r) => r[3]));
  assert.equal(emails.size, tricky.length + filler.length, "each lead once");
  for (const l of [...tricky, ...filler]) assert.ok(emails.has(l.email), l.email);
  const nameOf = (email: string) => rows.find((r) => r[3] === email)?.[2];
  assert.equal(nameOf("formula@example.com"), '\'=HYPERLINK("https://evil.example","x")');
  assert.equal(nameOf("plus@example.com"), "'+44 123");
  assert.equal(nameOf("minus@example.com"), "'-minus");
  assert.equal(nameOf("at@example.com"), "'@sum");
  assert.equal(nameOf("tab@example.com"), "'\tTabbed");
  assert.equal(nameOf("quote@example.com"), 'Quote "Q", Comma');
  assert.equal(nameOf("break@example.com"), "Line\nBreak");
  assert.equal(nameOf("layla@example.com"), "ليلى العربية");
  assert.equal(rows.find((r) => r[3] === "layla@example.com")?.[4], "مصر");
  assert.equal(nameOf("wang@example.com"), "王小明");
  // Newest first, London time.
  assert.equal(rows[1][0], "2026-11-21 00:20");
  assert.deepEqual(rows[1].slice(5), ["PhD Degrees", "en", "", "new", ""]);

  // A search's CSV: POSTed (no name in an address), the search and the filter both applied.
  const searched = await manager.post("/desk/inbox", { q: "filler 12", to: "2026-11-21" });
  assert.match(searched.text, /<form class="export" action="\/desk\/inbox\/export" method="post"/);
  const viaForm = await manager.post("/desk/inbox/export", { q: "filler 12", to: "2026-11-21" });
  assert.equal(viaForm.status, 200);
  const found = parseCsv(viaForm.text.replace(/^\uFEFF/, ""))
    .slice(1)
    .map((r) => r[2])
    .sort();
  const expected = filler.map((f) => f.name).filter((n) => n.startsWith("Filler 12"));
  assert.equal(expected.length, 14);
  assert.deepEqual(found, expected.sort());
  assert.equal(
    (await manager.post("/desk/inbox/export", { q: "filler" }, { csrf: false })).status,
    403,
  );

  const entries = await database.db
    .selectFrom("auditLog")
    .select(["staffId", "detail"])
    .where("action", "=", "leads.export")
    .execute();
  assert.deepEqual(
    entries.map((e) => e.detail),
    ["from=2026-11-20 to=2026-11-21", "to=2026-11-21 q=(search)"],
  );
});

test("newer leads: a count for the page's filter and time, never of another adviser's leads", async () => {
  const page = await adviser.get("/desk/inbox?kind=enquiry&lang=en");
  const since = new Date(now).toISOString();
  const newer = `/desk/leads/newer?kind=enquiry&amp;lang=en&amp;since=${encodeURIComponent(since)}`;
  assert.ok(page.text.includes(`aria-live="polite" data-newer="${newer}"`), "the live region");
  assert.match(page.text, /data-show="\/desk\/inbox\?kind=enquiry&amp;lang=en"/);
  assert.match((await adviser.get("/desk")).text, /data-newer="\/desk\/leads\/newer\?since=/);
  // A search's page and an older page do not ask (a search's words are never in an address).
  assert.doesNotMatch((await adviser.post("/desk/inbox", { q: "writer" })).text, /data-newer/);

  const ask = async (who: DeskClient, query: string) => {
    const answer = await who.get(`/desk/leads/newer?${query}&since=${encodeURIComponent(since)}`);
    assert.equal(answer.status, 200, answer.text);
    assert.match(answer.headers.get("content-type") ?? "", /^application\/json/);
    return (JSON.parse(answer.text) as { count: number }).count;
  };
  assert.equal(await ask(adviser, "kind=enquiry"), 0);
  const [mine, theirs, older] = await addEnquiries([
    { name: "Fresh One", email: "fresh1@example.com", receivedAt: "2026-12-01T09:05:00.000Z" },
    { name: "Fresh Two", email: "fresh2@example.com", receivedAt: "2026-12-01T09:06:00.000Z" },
    { name: "Old News", email: "old@example.com", receivedAt: "2026-12-01T08:00:00.000Z" },
  ]);
  assert.ok(mine && older);
  assert.equal(await ask(adviser, "kind=enquiry"), 2, "both new, both unassigned");
  assert.equal(await ask(adviser, "kind=booking"), 0, "the page's filter");
  await database.db
    .updateTable("leadStates")
    .set({ assignee: (await new StaffAccounts(database.db).byEmail("mia@agency.test"))!.id })
    .where("id", "=", theirs)
    .execute();
  assert.equal(await ask(adviser, "kind=enquiry"), 1, "not another's");
  assert.equal(await ask(manager, "kind=enquiry"), 2);
  assert.equal(await ask(manager, "to=2026-11-30"), 0, "the page's dates");
  assert.equal((await manager.get("/desk/leads/newer?since=yesterday")).status, 400);
});
