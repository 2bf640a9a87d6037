import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { createApp } from "../../server/app";
import { buildSite, launchBrowser } from "./harness";
import { expectNoViolations } from "./axe";
import { freePort, testSmtp, type Received, type TestSmtp } from "../server/smtp";

// The whole flow as a student does it, in a zone 5:30 ahead of London, on a phone and a desktop.
// The server's clock starts on Tuesday 1 December 2026, 08:00 UTC, and runs.
const START = Date.parse("2026-12-01T08:00:00Z");
const ZONE = "Asia/Kolkata";
/** Set SCREENSHOTS=folder to keep what the test saw, to look at. */
const shots = process.env.SCREENSHOTS;

let site: Awaited<ReturnType<typeof buildSite>>;
let browser: Browser;
let closeBrowser: () => Promise<void>;
let smtp: TestSmtp;
let origin = "";
let app: ReturnType<typeof createApp>;
let dataDir = "";

before(async () => {
  site = await buildSite();
  smtp = testSmtp();
  await smtp.listen(0);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), "eg-booking-data-"));
  const offset = START - Date.now();
  app = createApp({
    dist: site.dist,
    dataFile: join(dataDir, "enquiries.jsonl"),
    smtpUrl: smtp.url,
    publicUrl: origin,
    bookingSecret: "browser-test-secret-0123456789abcdef",
    vitals: false,
    pollMs: 100,
    now: () => Date.now() + offset,
  });
  await new Promise<void>((done) => app.listen(port, "127.0.0.1", done));
  ({ browser, close: closeBrowser } = await launchBrowser());
  if (shots) mkdirSync(shots, { recursive: true });
});

after(async () => {
  await closeBrowser?.();
  app?.closeAllConnections();
  await new Promise((done) => app?.close(done));
  await app?.drain(2000);
  await smtp?.close();
  site?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

async function open(path: string, width: number, javaScriptEnabled = true) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    timezoneId: ZONE,
    locale: "en-GB",
    javaScriptEnabled,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  const requests: string[] = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.goto(origin + path);
  return { context, page, errors, requests };
}

/** axe cannot run where JavaScript is off: check what the server sent in a page that runs it. */
async function assertAccessibleServed(served: Page, state: string) {
  const html = await served.content();
  const context = await browser.newContext({ viewport: served.viewportSize()! });
  const page = await context.newPage();
  await page.route(`${origin}/__served`, (route) =>
    route.fulfill({ contentType: "text/html", body: html }),
  );
  await page.goto(`${origin}/__served`);
  await expectNoViolations(page, state);
  await context.close();
}

const shot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
};

const details = (n: number) => ({
  fullName: `Priya Raman ${n}`,
  email: `priya${n}@example.com`,
  phone: "+91 98765 43210",
  country: "India",
  interest: "Taught Masters",
});

async function fillDetails(page: Page, formId: string, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const field = page.locator(`#${formId}-${name}`);
    if (name === "interest") await field.selectOption(value);
    else await field.fill(value);
  }
}

const mailTo = (address: string, pattern: RegExp) => async () => {
  for (let i = 0; i < 250; i++) {
    const m = smtp.received.find(
      (r: Received) => r.to.includes(address) && pattern.test(r.subject),
    );
    if (m) return m;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no e-mail to ${address} matching ${pattern}`);
};

for (const width of [390, 1280]) {
  test(`book, get the e-mail, move and cancel by its link, with the keyboard, at ${width} px`, async () => {
    const { context, page, errors, requests } = await open("/book", width);
    try {
      // The picker replaces the London date and time; it loads no React.
      await page.waitForSelector(".booking-picker .booking-day[role=radio]");
      assert.equal(await page.isVisible(".booking-plain"), false);
      assert.ok(
        !requests.some((u) => /react|hydrate|chunk-.*island/i.test(u)),
        requests.join("\n"),
      );
      assert.match(
        (await page.textContent(".booking-zone-name")) ?? "",
        /Kolkata time \(India Standard Time\)/,
      );
      await expectNoViolations(page, "mode chosen");
      await shot(page, `book-${width}-kolkata`);

      // Keyboard only: the second mode, the first day, the second time.
      await page.focus("input[name=mode][value=video]");
      await page.keyboard.press("ArrowDown");
      assert.equal(await page.inputValue("input[name=mode]:checked"), "phone");
      // The new mode's free times are fetched, then the days and times drawn again: until then
      // the old ones are on screen, and keys pressed on them would be lost with them. (CI once
      // found no time chosen here at 1280 px; a slowed fetch here did not reproduce it.)
      await page.waitForFunction(
        () => document.querySelector(".booking-status")?.textContent === "",
      );
      await page.waitForSelector(".booking-times:not([hidden]) .booking-time");
      await page.focus(".booking-days [role=radio][aria-checked=true]");
      await page.keyboard.press("Tab");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Space");
      const start = await page.inputValue("input[name=start]");
      assert.match(start, /^2026-12-0\dT\d\d:\d\d:00.000Z$/);
      const label = await page.textContent(".booking-status");
      // The chosen time, in Kolkata and London (5:30 apart in December).
      const london = new Intl.DateTimeFormat("en-GB", {
        timeZone: "Europe/London",
        hour: "2-digit",
        minute: "2-digit",
      }).format(new Date(start));
      const kolkata = new Intl.DateTimeFormat("en-GB", {
        timeZone: ZONE,
        hour: "2-digit",
        minute: "2-digit",
      }).format(new Date(start));
      assert.equal(
        label,
        `Your choice: ${new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, weekday: "long", day: "numeric", month: "long" }).format(new Date(start))}, ${kolkata} in Kolkata (${london} in London)`,
      );
      await expectNoViolations(page, "time chosen");

      const who = details(width);
      await fillDetails(page, "booking-form", who);
      await page.click("#booking-form button[type=submit]");
      await page.waitForSelector(".booking-confirmed h2:focus");
      assert.match(
        (await page.textContent(".booking-confirmed")) ?? "",
        new RegExp(`${kolkata} in Kolkata \\(${london} in London\\)`),
      );
      const ics = await page.getAttribute(".booking-confirmed a[download]", "href");
      assert.match((await (await fetch(ics!)).text()) ?? "", /BEGIN:VEVENT/);
      await expectNoViolations(page, "booked");
      await shot(page, `booked-${width}`);

      // The e-mail's manage link: the booking, "Choose another time" and "Cancel".
      const confirmation = await mailTo(who.email, /^Your consultation is booked/)();
      const manage = /Move or cancel this booking: (\S+)/.exec(confirmation.text)![1];
      assert.ok(manage.startsWith(origin));
      await page.goto(manage);
      await page.waitForSelector("#move-form .booking-picker .booking-day[role=radio]");
      await expectNoViolations(page, "manage");
      await page.locator("#move-form .booking-day:not([aria-disabled])").nth(1).click();
      await page.locator("#move-form .booking-time").nth(2).click();
      const newStart = await page.inputValue("#move-form input[name=start]");
      assert.notEqual(newStart, start);
      await page.click("#move-form button[type=submit]");
      await page.waitForSelector(".booking-manage-notice");
      assert.match((await page.textContent(".booking-manage-notice")) ?? "", /^Moved\./);
      await expectNoViolations(page, "moved");
      const update = await mailTo(who.email, /^Your consultation has moved/)();
      assert.match(update.calendar, /SEQUENCE:1/);

      await page.click("text=Cancel this consultation");
      await page.waitForSelector("h1:text('Your consultation is cancelled')");
      await expectNoViolations(page, "cancelled");
      const cancel = await mailTo(who.email, /^Your consultation is cancelled/)();
      assert.equal(cancel.calendarMethod, "CANCEL");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

for (const path of ["/book", "/ar/book"]) {
  test(`the picker fits a phone: a calendar and a time grid, no target under 24 px (${path}, 390 px)`, async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      timezoneId: ZONE,
    });
    const page = await context.newPage();
    try {
      await page.goto(origin + path);
      await page.waitForSelector(".booking-picker .booking-day[role=radio]");
      await page.check("input[name=mode][value=phone]");
      await page.waitForSelector(".booking-times:not([hidden]) .booking-time");
      await page.locator(".booking-day:not([aria-disabled])").nth(1).click();
      await page.waitForSelector(".booking-day[aria-checked=true] >> nth=0");
      const { height, small, closed, full } = await page.evaluate(() => {
        const [legend, details] = [".booking-days legend", ".booking-details-title"].map(
          (selector) => document.querySelector(selector)!.getBoundingClientRect().top,
        );
        const targets = document.querySelectorAll(
          ".booking-picker button, .booking-picker [role=radio], .booking-picker input:not([type=hidden])",
        );
        return {
          height: details - legend,
          small: [...targets]
            .map((t) => ({ t, r: t.getBoundingClientRect() }))
            .filter(({ r }) => r.width < 24 || r.height < 24)
            .map(({ t, r }) => `${t.outerHTML.slice(0, 80)} ${r.width}x${r.height}`),
          closed: document.querySelector(".booking-day.is-closed")?.textContent ?? "",
          full: document.querySelector(".booking-day.is-full")?.textContent ?? "",
        };
      });
      assert.ok(height <= 1200, `"Choose a day" to "Your details": ${height} px`);
      console.log(`${path} at 390 px: "Choose a day" to "Your details" ${Math.round(height)} px`);
      assert.deepEqual(small, [], "targets under 24x24 px");
      // Weeks as rows, Monday first: seven columns, the 7th (a Monday) under the 1st's week.
      const monday = await page.locator('.booking-day[data-date="2026-12-07"]').boundingBox();
      const sunday = await page.locator('.booking-day[data-date="2026-12-06"]').boundingBox();
      assert.ok(monday && sunday && monday.y > sunday.y, "a new week starts on Monday");
      if (path === "/ar/book") assert.ok(monday.x > sunday.x, "Monday at the right, right to left");
      else assert.ok(monday.x < sunday.x, "Monday at the left");
      // Closed and full days say so to a screen reader, and are not chosen.
      const english = path === "/book";
      assert.match(closed, english ? /Sunday 6 December, Closed/ : /مغلق/);
      assert.match(full, english ? /Full/ : /ممتلئ/);
      assert.equal(
        (await page.locator(".booking-day.is-closed[aria-disabled=true]").count()) > 0,
        true,
      );
      if (!english)
        assert.doesNotMatch(
          (await page.textContent(".booking-picker")) ?? "",
          /\b(Full|Closed|free|Mon|Tue|London|December)\b/,
          "no English on the Arabic picker",
        );
      await expectNoViolations(page, `calendar at 390 px (${path})`);
      if (shots)
        await page
          .locator(".booking-form")
          .screenshot({ path: join(shots, `picker-390${path.replace(/\//g, "-")}.png`) });
    } finally {
      await context.close();
    }
  });

  test(`keyboard: the arrows move between the free days in the reading direction and choose (${path})`, async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      timezoneId: ZONE,
    });
    const page = await context.newPage();
    try {
      await page.goto(origin + path);
      await page.waitForSelector(".booking-times:not([hidden]) .booking-time");
      const state = () =>
        page.evaluate(() => {
          const active = document.activeElement as HTMLElement;
          const kolkata = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" });
          const firstTime = document.querySelector<HTMLElement>(".booking-time")!.dataset.start!;
          return {
            focused: active.dataset.date,
            checked: [
              ...document.querySelectorAll<HTMLElement>(".booking-day[aria-checked=true]"),
            ].map((d) => d.dataset.date),
            tabStops: document.querySelectorAll(".booking-calendar [tabindex='0']").length,
            timesOn: kolkata.format(new Date(firstTime)),
          };
        });
      const free = await page
        .locator(".booking-day:not([aria-disabled])")
        .evaluateAll((days) => days.map((d) => (d as HTMLElement).dataset.date));
      const [next, back] =
        path === "/ar/book" ? ["ArrowLeft", "ArrowRight"] : ["ArrowRight", "ArrowLeft"];
      await page.focus(".booking-day[aria-checked=true]");
      assert.equal((await state()).focused, free[0]);
      await page.keyboard.press(next);
      assert.deepEqual(await state(), {
        focused: free[1],
        checked: [free[1]],
        tabStops: 1,
        timesOn: free[1],
      });
      await page.keyboard.press("ArrowDown");
      assert.equal((await state()).checked[0], free[2]);
      await page.keyboard.press(back);
      await page.keyboard.press("ArrowUp");
      assert.deepEqual((await state()).checked, [free[0]]);
      // Past a closed Sunday: from the last free day before it straight to the Monday.
      const saturday = free.indexOf("2026-12-05");
      for (let i = 0; i < saturday; i++) await page.keyboard.press(next);
      assert.equal((await state()).focused, "2026-12-05");
      await page.keyboard.press(next);
      assert.deepEqual((await state()).checked, ["2026-12-07"], "Sunday 6 is skipped");
      // Wrapping, as the pattern says: back from the first free day is the last.
      for (let i = free.indexOf("2026-12-07"); i > 0; i--) await page.keyboard.press(back);
      await page.keyboard.press(back);
      assert.equal((await state()).focused, free.at(-1));
      // Tab leaves the days for the times; Space chooses one.
      await page.keyboard.press("Tab");
      await page.keyboard.press(next);
      await page.keyboard.press("Space");
      assert.notEqual(await page.inputValue("input[name=start]"), "");
      assert.equal(await page.locator(".booking-time[aria-checked=true]").count(), 1);
    } finally {
      await context.close();
    }
  });
}

test("the picker starts after the times worker has loaded the date data off the page's thread, and without it (refused, or stalled)", async () => {
  for (const mode of ["served", "refused", "stalled"]) {
    const context = await browser.newContext({ timezoneId: ZONE, locale: "en-GB" });
    try {
      const worker = /\/assets\/worker-[^/]*times[^/]*\.js$/;
      // Stalled: its script never arrives; the picker goes on after the wait (src/client/times.ts).
      if (mode === "refused") await context.route(worker, (r) => r.abort());
      if (mode === "stalled") await context.route(worker, () => undefined);
      const page = await context.newPage();
      const started = page.waitForEvent("worker", { timeout: 5000 }).catch(() => undefined);
      await page.goto(origin + "/book");
      await page.waitForSelector(".booking-picker .booking-day[role=radio]");
      if (mode === "served")
        assert.match((await started)?.url() ?? "none", /\/assets\/worker-times-\w+\.js$/);
    } finally {
      await context.close();
    }
  }
});

test("the time just taken by someone else: a clear message, the nearest free times, nothing typed lost", async () => {
  const { context, page } = await open("/book", 390);
  try {
    await page.waitForSelector(".booking-picker .booking-day[role=radio]");
    await page.check("input[name=mode][value=office]"); // one adviser at the office
    await page.waitForSelector(".booking-times:not([hidden]) .booking-time");
    await page.locator(".booking-time").nth(3).click();
    const start = await page.inputValue("input[name=start]");
    // Someone else takes it while the student types.
    const other = await fetch(`${origin}/api/booking`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        form: "booking",
        mode: "office",
        start,
        zone: "Europe/London",
        ...details(1),
      }),
    });
    assert.equal(other.status, 201);
    const mine = { ...details(2), message: "About a Masters in Data Science." };
    await fillDetails(page, "booking-form", mine);
    await page.click("#booking-form button[type=submit]");
    await page.waitForSelector(".booking-notice:not(:empty)");
    assert.match(
      (await page.textContent(".booking-notice")) ?? "",
      /Someone booked that time a moment ago/,
    );
    assert.equal(await page.inputValue("input[name=start]"), "", "choose again");
    for (const [name, value] of Object.entries(mine))
      assert.equal(await page.inputValue(`#booking-form-${name}`), value, name);
    await page.waitForSelector(".booking-times:not([hidden]) .booking-time");
    assert.equal(
      await page.locator(`.booking-time[data-start="${start}"]`).count(),
      0,
      "the taken time is gone",
    );
    await expectNoViolations(page, "slot taken");
  } finally {
    await context.close();
  }
});

test("JavaScript off: a London date and time book it, or the server offers the nearest free times as buttons", async () => {
  const { context, page } = await open("/book", 1280, false);
  try {
    assert.equal(await page.isVisible(".booking-plain"), true);
    await page.check("input[name=mode][value=office]");
    await page.fill("#booking-form-date", "2026-12-03");
    await page.selectOption("#booking-form-time", "10:30");
    await fillDetails(page, "booking-form", details(3));
    await Promise.all([
      page.waitForURL("**/api/booking"),
      page.click("#booking-form button[type=submit]"),
    ]);
    assert.equal(await page.textContent("h1"), "Your consultation is booked");
    assert.match(
      (await page.textContent(".booking-details")) ?? "",
      /Thursday 3 December, 10:30 \(London time\)/,
    );
    await assertAccessibleServed(page, "booked without JavaScript");

    // The same office time again, by another student: taken; pick the first offered instead.
    await page.goto(`${origin}/book`);
    await page.check("input[name=mode][value=office]");
    await page.fill("#booking-form-date", "2026-12-03");
    await page.selectOption("#booking-form-time", "10:30");
    await fillDetails(page, "booking-form", details(4));
    await Promise.all([
      page.waitForURL("**/api/booking"),
      page.click("#booking-form button[type=submit]"),
    ]);
    assert.equal(await page.textContent("h1"), "Please choose another time");
    await assertAccessibleServed(page, "alternatives without JavaScript");
    const first = page.locator(".booking-alternatives button").first();
    const offered = await first.textContent();
    await Promise.all([page.waitForURL("**/api/booking"), first.click()]);
    assert.equal(await page.textContent("h1"), "Your consultation is booked");
    assert.ok((await page.textContent(".booking-details"))?.includes(offered!.trim()));
  } finally {
    await context.close();
  }
});

test("the e-mails read at 390 and 700 px: nothing wider than the screen, the agency's look", async () => {
  const sample = smtp.received.filter((m) => m.html).slice(0, 4);
  assert.ok(sample.length >= 2);
  for (const width of [390, 700]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const [i, m] of sample.entries()) {
      await page.setContent(m.html);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      assert.ok(overflow <= 0, `${m.subject} at ${width} px overflows by ${overflow} px`);
      assert.match((await page.textContent("body")) ?? "", /Eastgate Education/);
      if (shots)
        await page.screenshot({ path: join(shots, `mail-${i}-${width}.png`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: "dark" });
    await page.setContent(sample[0].html);
    // What the reader sees at the page's corner: the first painted background from there up.
    const background = await page.evaluate(() => {
      for (let e = document.elementFromPoint(4, 4); e; e = e.parentElement) {
        const colour = getComputedStyle(e).backgroundColor;
        if (colour !== "rgba(0, 0, 0, 0)") return colour;
      }
      return "";
    });
    assert.equal(background, "rgb(14, 26, 31)", "a dark scheme where the client asks for one");
    if (shots)
      await page.screenshot({ path: join(shots, `mail-dark-${width}.png`), fullPage: true });
    await context.close();
  }
});
