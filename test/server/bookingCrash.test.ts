import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { sentDeliveries, storedBookings } from "./stored";
import { kill, spawnServer, untilSent } from "./process";
import { testSmtp } from "./smtp";

let dir = "";
let dist = "";

before(() => {
  dir = mkdtempSync(join(tmpdir(), "eg-booking-crash-"));
  dist = join(dir, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "404.html"), "<!DOCTYPE html><title>Page not found</title>");
});
after(() => rmSync(dir, { recursive: true, force: true }));

const book = (origin: string, n: number, start: string) =>
  fetch(`${origin}/api/booking`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      form: "booking",
      mode: "video",
      start,
      zone: "Africa/Lagos",
      fullName: `Student ${n}`,
      email: `student${n}@example.com`,
      phone: "+234 803 123 4567",
      country: "Nigeria",
      interest: "Taught Masters",
    }),
  });

test("SIGKILL in the middle of 100 concurrent bookings: every acknowledged one is there after the restart, none beyond capacity, every e-mail sent once", async (t) => {
  const smtp = testSmtp();
  await smtp.listen(0);
  const dataFile = join(dir, "data", "enquiries.jsonl");
  const env = { SMTP_URL: smtp.url, ENQUIRY_DATA_FILE: dataFile, BOOKING_SECRET: "k".repeat(40) };
  smtp.state.acceptUpTo = 3; // the mail server then stops answering: sends stay under way
  let server = await spawnServer(dist, env);
  try {
    const { slots } = (await (
      await fetch(`${server.origin}/api/booking/slots?mode=video`)
    ).json()) as {
      slots: { start: string }[];
    };
    const wanted = slots.slice(0, 10).map((s) => s.start); // 10 slots, 2 advisers each: 20 places
    const acknowledged: string[] = [];
    let killed: Promise<void> | undefined;
    const answers = Array.from({ length: 100 }, (_, i) =>
      book(server.origin, i, wanted[i % 10]).then(
        async (r) => {
          if (r.status === 201) {
            acknowledged.push(((await r.json()) as { booking: { id: string } }).booking.id);
            // Killed once a few are answered and the mail server has taken its 3: the rest of the
            // bookings and their e-mails are under way.
            if (acknowledged.length === 3)
              killed = untilSent(smtp, dirname(dataFile), "bookings", 3).finally(() =>
                server.child.kill("SIGKILL"),
              );
          }
          return r.status;
        },
        () => 0, // cut off by the kill: never acknowledged
      ),
    );
    assert.equal(await server.exited, null);
    await killed;
    const statuses = await Promise.all(answers);
    const stored = await storedBookings(dirname(dataFile));
    const ids = new Set(stored.map((b) => b.id));
    for (const id of acknowledged) assert.ok(ids.has(id), `acknowledged booking ${id} is on disk`);
    const perSlot = new Map<string, number>();
    for (const b of stored) perSlot.set(b.start, (perSlot.get(b.start) ?? 0) + 1);
    assert.ok(
      [...perSlot.values()].every((n) => n <= 2),
      "no slot beyond its 2 advisers",
    );

    await smtp.heldAbandoned(); // the killed server's unanswered sends were never accepted
    smtp.release();
    server = await spawnServer(dist, env);
    const after = await storedBookings(dirname(dataFile));
    assert.equal(after.length, stored.length, "the restart reads the same bookings");
    // Each booking: the adviser's and the student's e-mail (the reminders wait for their day).
    const expected = after.length * 2;
    await smtp.waitFor(expected, 60_000);
    await new Promise((r) => setTimeout(r, 500));
    const byId = new Map<string, number>();
    for (const m of smtp.received) byId.set(m.messageId, (byId.get(m.messageId) ?? 0) + 1);
    assert.equal(byId.size, expected);
    assert.ok(
      [...byId.values()].every((n) => n === 1),
      "none sent twice",
    );
    const sent = await sentDeliveries(dirname(dataFile), "bookings");
    assert.equal(new Set(sent).size, expected);
    // A slot refused before the kill is still refused: the restart knows the places taken.
    const full = [...perSlot].find(([, n]) => n === 2)?.[0];
    if (full) assert.equal((await book(server.origin, 999, full)).status, 409);
    t.diagnostic(
      `SIGKILL after ${acknowledged.length} of 100 concurrent bookings were acknowledged (${statuses.filter((s) => s === 0).length} cut off, ${statuses.filter((s) => s === 409).length} refused as full): ${stored.length} on disk, all ${acknowledged.length} acknowledged among them, max ${Math.max(...perSlot.values())} per slot; ${expected} e-mails sent once each after the restart`,
    );
  } finally {
    kill(server.child, "SIGKILL");
    await server.exited;
    await smtp.close();
  }
});
