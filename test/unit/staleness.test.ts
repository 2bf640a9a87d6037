import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { contentModules } from "../../src/build/content";
import { staleClaims } from "../../src/build/staleness";
import { parseEvents } from "../../src/events/load";

const root = join(import.meta.dirname, "../..");
const fields = (today: string) => staleClaims(contentModules, today).map((w) => w.split(":")[0]);

test("today's content warns: the promoted January 2026 intake has started, its guide's deadlines passed; figures over a year old", () => {
  assert.deepEqual(fields("2026-11-25"), [
    "content/site.yaml promotedIntake",
    "content/costOfStudy.yaml maintenance.source.asOf",
    "content/costOfStudy.yaml visaFee.source.asOf",
    // The example page gives the same figures, with the same dates.
    "content/pages/study-in-the-uk-september-2027.yaml blocks[3].items[0].source.asOf",
    "content/pages/study-in-the-uk-september-2027.yaml blocks[3].items[2].source.asOf",
    "content/guides/january-2026-intake.md deadlines[0]",
    "content/guides/january-2026-intake.md deadlines[1]",
  ]);
  const [intake] = staleClaims(contentModules, "2026-11-25");
  assert.match(intake, /January 2026, started on 2026-01-01/);
  assert.match(intake, /Set promotedIntake to the next intake you promote/);
});

test("each claim warns from its own date, not before (fixed clock)", () => {
  // Before the guide's first deadline and within a year of every figure: nothing.
  assert.deepEqual(fields("2025-11-07"), []);
  // The day after the deadline ("early November": 2025-11-07 at the latest), and after the next.
  // Applications for the intake close by our own advice on the same day: the ticker's "open now".
  assert.deepEqual(fields("2025-11-08"), [
    "content/site.yaml promotedIntakeApplyBy",
    "content/guides/january-2026-intake.md deadlines[0]",
  ]);
  const [applyBy, deadline] = staleClaims(contentModules, "2025-11-08");
  assert.match(
    applyBy,
    /applications for January 2026 closed on 2025-11-07 .* set promotedIntake and promotedIntakeApplyBy/,
  );
  assert.match(deadline, /"Key deadlines: early November, .*" was 2025-11-07/);
  assert.deepEqual(fields("2025-12-11"), [
    "content/site.yaml promotedIntakeApplyBy",
    "content/guides/january-2026-intake.md deadlines[0]",
    "content/guides/january-2026-intake.md deadlines[1]",
  ]);
  // The intake starts and the maintenance figure (January 2025) turns a year old on one day.
  assert.deepEqual(fields("2026-01-01"), [
    "content/site.yaml promotedIntake",
    "content/costOfStudy.yaml maintenance.source.asOf",
    "content/pages/study-in-the-uk-september-2027.yaml blocks[3].items[2].source.asOf",
    "content/guides/january-2026-intake.md deadlines[0]",
    "content/guides/january-2026-intake.md deadlines[1]",
  ]);
  // The guides were reviewed on 2026-11-22: due six months later.
  const reviews = (today: string) => fields(today).filter((f) => f.endsWith(".md updated"));
  assert.deepEqual(reviews("2027-05-21"), []);
  assert.deepEqual(reviews("2027-05-22"), [
    "content/guides/january-2026-intake.md updated",
    "content/guides/scholarships-for-international-students.md updated",
    "content/guides/uk-student-visa.md updated",
  ]);
  // The last bank holiday listed is 2027-12-28: a warning from 60 days before it.
  assert.ok(!fields("2027-10-28").includes("content/booking.yaml bankHolidays.dates"));
  assert.ok(fields("2027-10-29").includes("content/booking.yaml bankHolidays.dates"));
});

test("npm run content -- check exits 1 on out-of-date claims, 0 when all hold", () => {
  const run = (today: string) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/content.ts", "check"], {
      cwd: root,
      env: { ...process.env, CONTENT_TODAY: today },
      encoding: "utf8",
    });
  const stale = run("2026-11-25");
  assert.equal(stale.status, 1);
  assert.match(stale.stderr, /Out of date: content\/site\.yaml promotedIntake:/);
  const fresh = run("2025-11-01");
  assert.equal(fresh.status, 0, fresh.stderr);
  assert.match(fresh.stdout, /Every dated claim holds on 2025-11-01/);
});

test("events: a webinar within a week with no join link, and a calendar with nothing to come", () => {
  const london = (start: string, extra = "") => `
  - slug: s-${start.slice(0, 10)}
    title: T
    kind: webinar
    start: "${start}"
    minutes: 60
    language: en
    capacity: 5
    where: online
    host: H
    summary: S.
    body: [B.]
    registrationCloses: "${start.slice(0, 11)}08:00"${extra}`;
  const events = parseEvents(
    `events:${london("2026-12-01T18:00")}${london("2026-12-20T18:00", "\n    joinLink: https://meet.example.org/x")}\n`,
    "test.yaml",
  );
  const eventWarnings = (today: string) =>
    staleClaims(contentModules, today, events)
      .filter((w) => w.startsWith("content/events.yaml"))
      .map((w) => w.split(":")[0]);
  assert.deepEqual(eventWarnings("2026-11-20"), []);
  assert.deepEqual(eventWarnings("2026-11-25"), ["content/events.yaml s-2026-12-01.joinLink"]);
  assert.deepEqual(eventWarnings("2026-12-21"), ["content/events.yaml events"]);
  // The seed's calendar has events to come and every webinar its link.
  assert.deepEqual(
    staleClaims(contentModules, "2026-11-25").filter((w) => w.startsWith("content/events.yaml")),
    [],
  );
});
