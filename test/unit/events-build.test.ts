import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { loadEvents } from "../../src/events/load";
import { sharedBuild, TEST_BUILD_ENV } from "../testBuild";

// Built at a fixed now, between the first seed event (14 October 2026) and the others.
const NOW = "2026-11-25T12:00:00Z";
const root = join(import.meta.dirname, "../..");
let dist = "";
let offline = "";

const build = (env: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), "eg-events-"));
  execFileSync(process.execPath, ["--import", "tsx", "build.ts"], {
    cwd: root,
    env: { ...process.env, BUILD_NOW: NOW, ...env, DIST_DIR: dir },
    stdio: "pipe",
  });
  return dir;
};

let own = false;
before(() => {
  // npm test's build (TEST_DIST, with an events server and every other endpoint) when there is
  // one: read only; else one of the same settings.
  const shared = sharedBuild();
  own = !shared;
  dist = shared ?? build(TEST_BUILD_ENV);
  // A CDN-only copy: no events server.
  offline = build({ EVENTS_ENDPOINT: "" });
});
after(() => {
  if (own) rmSync(dist, { recursive: true, force: true });
  rmSync(offline, { recursive: true, force: true });
});

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
const html = (dir: string, page: string) => readFileSync(join(dir, page, "index.html"), "utf8");

test("no built file holds a join link, compressed copies included", () => {
  const links = loadEvents()
    .map((e) => e.joinLink)
    .filter(Boolean);
  assert.ok(links.length > 0, "the seed events have join links to keep out");
  for (const dir of [dist, offline])
    for (const file of files(dir)) {
      const raw = readFileSync(file);
      const text = file.endsWith(".br")
        ? brotliDecompressSync(raw).toString("latin1")
        : file.endsWith(".gz")
          ? gunzipSync(raw).toString("latin1")
          : raw.toString("latin1");
      assert.ok(!text.includes("meet.example.org"), `${file} holds a join link`);
    }
});

test("the list shows upcoming events only, the archive the past one; every events page is in the sitemap", () => {
  const list = html(dist, "events");
  assert.ok(list.includes('href="/events/student-visa-questions-answered"'));
  assert.ok(!list.includes('href="/events/january-intake-in-60-minutes"'), "past event listed");
  assert.match(html(dist, "events/past"), /href="\/events\/january-intake-in-60-minutes"/);
  const sitemap = readFileSync(join(dist, "sitemap.xml"), "utf8");
  for (const path of [
    "/events",
    "/events/past",
    "/events/kind/webinar",
    "/events/in/ar",
    "/events/january-intake-in-60-minutes",
    "/ar/events/study-in-the-uk-in-arabic",
    "/zh/events/in/zh",
  ])
    assert.ok(sitemap.includes(`${path}</loc>`), path);
});

test("filter pages mark their filter current and list only what matches", () => {
  const arabic = html(dist, "events/in/ar");
  assert.match(arabic, /<a class="event-chip" href="\/events\/in\/ar" aria-current="page">/);
  assert.ok(arabic.includes('href="/events/study-in-the-uk-in-arabic"'));
  assert.ok(!arabic.includes('href="/events/study-in-the-uk-in-chinese"'));
  const workshops = html(dist, "zh/events/kind/workshop");
  assert.match(workshops, /href="\/zh\/events\/kind\/workshop" aria-current="page"/);
  assert.ok(workshops.includes('href="/zh/events/personal-statement-workshop"'));
  assert.ok(!workshops.includes('href="/zh/events/meet-uk-universities"'));
});

test("event pages: JSON-LD Event, the form while open, the state once past; every language names the event's language", () => {
  const page = html(dist, "events/student-visa-questions-answered");
  const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]) as {
    "@graph": { "@type": unknown; startDate?: string; location?: { url?: string } }[];
  };
  const event = ld["@graph"].find((n) => n["@type"] === "Event")!;
  assert.equal(event.startDate, "2026-12-09T18:00:00+00:00");
  assert.match(event.location!.url!, /\/events\/student-visa-questions-answered$/);
  assert.match(page, /<form[^>]*action="\/api\/events\/register"/);
  assert.match(page, /data-places-url="\/api\/events\/places"/);

  const past = html(dist, "events/january-intake-in-60-minutes");
  assert.ok(!past.includes("/api/events/register"), "a past event takes no registration");
  assert.ok(past.includes("This event has taken place."));

  assert.ok(
    html(dist, "events/study-in-the-uk-in-arabic").includes("This event is held in Arabic."),
  );
  assert.ok(html(dist, "zh/events/study-in-the-uk-in-arabic").includes("本活动使用阿拉伯语进行。"));
  assert.ok(
    html(dist, "ar/events/study-in-the-uk-in-chinese").includes(
      "تُقام هذه الفعالية باللغة الصينية.",
    ),
  );
});

test("without an events server, an event page offers a pre-filled e-mail instead of the form", () => {
  const page = html(offline, "events/personal-statement-workshop");
  assert.ok(!page.includes('data-enquiry="registration"'));
  assert.match(
    page,
    /href="mailto:admissions@eastgate-education\.example\?subject=Registration%3A%20Personal%20statement%20workshop&amp;body=/,
  );
  assert.ok(!page.includes("data-places"));
});

test("the home page shows the next three upcoming events and links to them all", () => {
  const home = readFileSync(join(dist, "index.html"), "utf8");
  const section = /<section id="events".*?<\/section>/s.exec(home)![0];
  assert.deepEqual(
    [...section.matchAll(/<h3 class="event-title"[^>]*><a href="([^"]+)"/g)].map((m) => m[1]),
    [
      "/events/student-visa-questions-answered",
      "/events/personal-statement-workshop",
      "/events/study-in-the-uk-in-arabic",
    ],
  );
  assert.match(section, /href="\/events"/);
});
