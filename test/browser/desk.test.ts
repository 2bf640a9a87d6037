/**
 * The desk in Chromium: signing in by the e-mailed link (through the real SMTP test server) with
 * the keyboard only; adding a passkey with Chromium's virtual authenticator (the DevTools
 * Protocol's WebAuthn domain), signing out and in with it; working a lead, by mouse and by the
 * keyboard only (the inbox, a lead's note, the door's check-in at a phone's width); and axe on every
 * desk page at 390 and 1280 px (home with each of its parts showing something), the privacy
 * pages a form leads to too (the copy of a person with an enquiry, a past and a future
 * consultation and a registration, and its erasure's confirmation; DESK_SCREENSHOTS=folder keeps
 * a picture of every page at both widths, and of the copy at 1280 px). The desk needs no built site: a stand-in dist/ is enough.
 */
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { createApp } from "../../server/app";
import { migrate, openDatabase, type OpenDatabase } from "../../server/db";
import { StaffAccounts } from "../../server/desk/staff";
import { BookingStore, type Booking } from "../../server/booking/store";
import { recordRequest } from "../../server/privacy/requests";
import { deskSite } from "../server/deskServer";
import { testSmtp } from "../server/smtp";
import { axeCheck, widths, WCAG } from "./axe";
import { launchBrowser } from "./harness";

const smtp = testSmtp();
let root = "";
let origin = "";
let app: ReturnType<typeof createApp>;
let database: OpenDatabase;
let chromium: Awaited<ReturnType<typeof launchBrowser>>;
let browser: Browser;
let leadId = "";
/** The signed-in admin's cookies, for the axe checks' windows. */
let signedIn: Awaited<ReturnType<BrowserContext["storageState"]>> | undefined;

before(async () => {
  await smtp.listen();
  root = mkdtempSync(join(tmpdir(), "eg-desk-browser-"));
  const dist = deskSite(root);
  const dataDir = join(root, "data");
  // A consultation Layla had a month ago (the booking store keeps it; no clock books the past).
  const start = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const past: Booking = {
    id: randomUUID(),
    sequence: 0,
    state: "booked",
    createdAt: start,
    updatedAt: start,
    mode: "office",
    start,
    end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
    zone: "Asia/Dubai",
    fullName: "ليلى حسن",
    email: "layla@example.com",
    phone: "+971 50 000 0000",
    country: "United Arab Emirates",
    interest: "PhD Degrees",
    message: "",
  };
  const seed = openDatabase({ dataDir });
  await migrate(seed.db);
  await new BookingStore(seed).import([past], [past]);
  await seed.close();
  // An event ten days on, London time, for the events pages and the door's check-in.
  const eventsFile = join(root, "events.yaml");
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  writeFileSync(
    eventsFile,
    `events:
  - slug: visa-webinar
    title: Visa webinar
    kind: webinar
    start: "${day(10)}T14:00"
    minutes: 60
    language: en
    capacity: 1
    where: online
    host: Advisers
    summary: Visa questions.
    body: [All about visas.]
    registrationCloses: "${day(9)}T12:00"
    joinLink: https://meet.example.org/visa-room
    status: scheduled
`,
  );
  app = createApp({
    dist,
    dataFile: join(dataDir, "enquiries.jsonl"),
    publicUrl: "http://localhost",
    smtpUrl: smtp.url,
    ack: false,
    eventsFile,
    bookingSecret: "test-secret-0123456789abcdef0123456789abcdef",
    // Open pages ask for newer leads every second (20 in service).
    deskLiveMs: 1000,
  });
  await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
  // localhost, not 127.0.0.1: a passkey's relying party is a host name.
  origin = `http://localhost:${(app.address() as AddressInfo).port}`;
  await app.prepared;
  database = openDatabase({ dataDir });
  await new StaffAccounts(database.db).add("admin@agency.test", "Ada Admin", "admin");
  leadId = randomUUID();
  await database.db
    .insertInto("enquiries")
    .values({
      id: leadId,
      receivedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
      form: "enquiry",
      lang: "ar",
      idempotencyKey: null,
      campaign: "open-day",
      fields: JSON.stringify({
        fullName: "ليلى حسن",
        email: "layla@example.com",
        phone: "+971 50 000 0000",
        country: "United Arab Emirates",
        interest: "PhD Degrees",
        message: "أود أن أعرف المزيد عن برامج الدكتوراه.",
      }),
    })
    .execute();
  chromium = await launchBrowser();
  browser = chromium.browser;
});

after(async () => {
  await chromium?.close();
  app.closeAllConnections();
  await new Promise((done) => app.close(done));
  await app.drain(1000);
  await database?.close();
  await smtp.close();
  rmSync(root, { recursive: true, force: true });
});

/** Tab until the element matching `selector` has the focus. */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  assert.fail(`Tab never reached ${selector}`);
}

async function newestLink(count: number) {
  await smtp.waitFor(count + 1, 10_000);
  const url = /http:\/\/\S+\/desk\/sign-in\/link\?t=[\w-]+/.exec(smtp.received[count].text)?.[0];
  assert.ok(url);
  return url;
}

test("sign in by the e-mailed link with the keyboard only; add a passkey; sign out and in with it", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/desk/inbox`);
  assert.match(page.url(), /\/desk\/sign-in\?next=%2Fdesk%2Finbox$/);
  await tabTo(page, "#email");
  await page.keyboard.type("admin@agency.test");
  const count = smtp.received.length;
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/desk\/sign-in\/sent$/);
  assert.equal(await page.locator("h1").textContent(), "Check your e-mail");
  const link = await newestLink(count);
  await page.goto(link);
  await tabTo(page, "main button[type=submit]");
  await page.keyboard.press("Enter");
  await page.waitForURL(`${origin}/desk/inbox`);
  assert.equal(await page.locator("h1").textContent(), "Inbox");

  // A passkey, with Chromium's virtual authenticator standing in for the device.
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  await page.goto(`${origin}/desk/account`);
  await page.getByLabel("Name it (which device)").fill("Test laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await page.waitForURL(/done=passkey-added/);
  assert.match(await page.locator("main").innerText(), /Test laptop, added/);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL(/\/desk\/sign-in$/);
  await page.goto(`${origin}/desk`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL(`${origin}/desk`);
  assert.equal(await page.locator("h1").textContent(), "Home");
  await page.goto(`${origin}/desk/account`);
  assert.match(await page.locator("main").innerText(), /last used/);
  signedIn = await context.storageState();
  const actions = (
    await database.db.selectFrom("auditLog").select(["action", "detail"]).execute()
  ).map((r) => `${r.action} ${r.detail ?? ""}`.trim());
  assert.ok(actions.includes("sign-in e-mailed link"));
  assert.ok(actions.includes("passkey.add"));
  assert.ok(actions.includes("sign-in passkey"));
  await context.close();
});

test("work a lead: assign, change its status, add a note; each is in the timeline", async () => {
  assert.ok(signedIn, "signed in by the test before");
  const context = await browser.newContext({ storageState: signedIn });
  const page = await context.newPage();
  // Her enquiry (she also has consultations, listed under her name too).
  await page.goto(`${origin}/desk/inbox?kind=enquiry`);
  await page.getByRole("link", { name: "ليلى حسن" }).click();
  await page.waitForURL(`${origin}/desk/leads/enquiry/${leadId}`);
  await page.getByLabel("Assign to").selectOption({ label: "Ada Admin" });
  await page.getByRole("button", { name: "Assign" }).click();
  await page.waitForURL(/done=assigned/);
  await page.getByLabel("Status", { exact: true }).selectOption("in progress");
  await page.getByRole("button", { name: "Change status" }).click();
  await page.waitForURL(/done=status/);
  await page.getByLabel("Private note (staff only)").fill("Called; sending the PhD brochure.");
  await page.getByRole("button", { name: "Add note" }).click();
  await page.waitForURL(/done=note/);
  const timeline = await page.locator("ol.timeline").innerText();
  assert.match(timeline, /Received/);
  assert.match(timeline, /Assigned to Ada Admin/);
  assert.match(timeline, /Status: new → in progress/);
  assert.match(timeline, /Called; sending the PhD brochure\./);
  assert.equal(await page.locator("dd[dir=auto]").first().getAttribute("dir"), "auto");
  await context.close();
});

test("a lead sent while the inbox and home are open appears there without a reload; without JavaScript the page is as before", async () => {
  assert.ok(signedIn, "signed in by the first test");
  const context = await browser.newContext({ storageState: signedIn });
  const inbox = await context.newPage();
  await inbox.goto(`${origin}/desk/inbox?kind=enquiry`);
  const home = await context.newPage();
  await home.goto(`${origin}/desk`);
  const other = await context.newPage();
  await other.goto(`${origin}/desk/inbox?kind=booking`);
  for (const page of [inbox, home]) assert.equal(await page.locator(".live").innerText(), "");

  const sent = await fetch(`${origin}/api/enquiry`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      form: "enquiry",
      fullName: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+44 7700 900123",
      country: "United Kingdom",
      interest: "PhD Degrees",
      message: "Starting in January.",
    }),
  });
  assert.ok(sent.ok, await sent.text());
  for (const page of [inbox, home]) {
    const notice = page.locator("[aria-live=polite]");
    // Within the poll's second (and a margin for a loaded machine).
    await notice.getByRole("link", { name: "Show" }).waitFor({ timeout: 5000 });
    assert.match(await notice.innerText(), /^1 new lead since this page opened: Show$/);
    assert.doesNotMatch(await page.locator("main").innerText(), /Ada Lovelace/);
  }
  // A filter the lead is not in says nothing.
  await other.waitForTimeout(2500);
  assert.equal(await other.locator(".live").innerText(), "");
  await inbox.getByRole("link", { name: "Show" }).click();
  await inbox.waitForURL(`${origin}/desk/inbox?kind=enquiry`);
  assert.match(await inbox.locator("main").innerText(), /Ada Lovelace/);
  await context.close();

  const noScript = await browser.newContext({ storageState: signedIn, javaScriptEnabled: false });
  const page = await noScript.newPage();
  await page.goto(`${origin}/desk/inbox`);
  assert.match(await page.locator("main").innerText(), /Ada Lovelace/);
  assert.equal(await page.locator(".live").innerText(), "");
  await noScript.close();
});

test("0 axe violations on every desk page at 390 and 1280 px", async () => {
  assert.ok(signedIn, "signed in by the first test");
  const pages = [
    "/desk",
    "/desk/inbox",
    "/desk/inbox?from=2026-01-01&to=2026-12-31&kind=enquiry",
    `/desk/leads/enquiry/${leadId}`,
    "/desk/account",
    "/desk/staff",
    "/desk/audit",
    "/desk/consultations",
    "/desk/events",
    "/desk/events/visa-webinar",
    "/desk/events/visa-webinar/check-in",
  ];
  // Two registrations (a place, and one waiting), names as the students wrote them.
  for (const [fullName, email] of [
    ["ليلى حسن", "layla@example.com"],
    ["王芳", "wang@example.com"],
  ]) {
    const answer = await fetch(`${origin}/api/events/register`, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        form: "registration",
        event: "visa-webinar",
        fullName,
        email,
        country: "United Arab Emirates",
        interest: "",
      }),
    });
    assert.ok(answer.ok, await answer.text());
  }
  // Home's parts with something in them: the soonest consultation (today's or tomorrow's when
  // the office is open then), an acknowledgement given up (its Retry, and the lead's Resend);
  // the event above is the next, and today's out-of-date claims are whatever the content has.
  // A consultation (its week, its move page), and the admin's own zone beside London's.
  const slots = (await (await fetch(`${origin}/api/booking/slots?mode=office`)).json()) as {
    slots: { start: string }[];
  };
  const booked = await fetch(`${origin}/api/booking`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      form: "booking",
      mode: "office",
      start: slots.slots[0].start,
      zone: "Asia/Shanghai",
      fullName: "王芳",
      email: "wang@example.com",
      phone: "+86 138 0000 0000",
      country: "China",
      interest: "Taught Masters",
      message: "",
    }),
  });
  assert.equal(booked.status, 201, await booked.clone().text());
  const { booking } = (await booked.json()) as { booking: { id: string } };
  await database.db.updateTable("staff").set({ timeZone: "Asia/Kolkata" }).execute();
  pages.push(
    `/desk/consultations?week=${slots.slots[0].start.slice(0, 10)}`,
    `/desk/consultations/${booking.id}/move`,
  );
  await database.db
    .insertInto("deliveries")
    .values({
      outbox: "enquiries",
      id: leadId,
      mail: "ack",
      state: "flagged",
      at: new Date().toISOString(),
      reply: null,
      reason: "Message failed: 550 5.1.1 mailbox unavailable",
      attempts: 1,
      since: null,
      dueAt: null,
      leaseOwner: null,
      leaseUntil: null,
      item: null,
    })
    .execute();
  // Layla's consultation to come, and her request for a copy from her acknowledgement.
  const videoSlots = (await (await fetch(`${origin}/api/booking/slots?mode=video`)).json()) as {
    slots: { start: string }[];
  };
  const laylaBooked = await fetch(`${origin}/api/booking`, {
    method: "POST",
    headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      form: "booking",
      mode: "video",
      zone: "Asia/Dubai",
      start: videoSlots.slots[3].start,
      fullName: "ليلى حسن",
      email: "layla@example.com",
      phone: "+971 50 000 0000",
      country: "United Arab Emirates",
      interest: "PhD Degrees",
      message: "",
    }),
  });
  assert.equal(laylaBooked.status, 201, await laylaBooked.text());
  const request = await recordRequest(database.db, {
    email: "layla@example.com",
    kind: "copy",
    lang: "ar",
  });
  pages.push("/desk/privacy", `/desk/privacy/requests/${request}`, "/desk/privacy/retention");
  for (const width of widths) {
    const signedOut = await browser.newContext(width.options);
    const outPage = await signedOut.newPage();
    for (const path of ["/desk/sign-in", "/desk/sign-in/sent", "/desk/sign-in/link?t=unknown"]) {
      await outPage.goto(`${origin}${path}`);
      const { violations } = await axeCheck(outPage).withTags(WCAG).analyze();
      assert.deepEqual(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        [],
        `${path} at ${width.name}`,
      );
    }
    await signedOut.close();
    const context = await browser.newContext({ ...width.options, storageState: signedIn });
    const page = await context.newPage();
    for (const path of pages) {
      const response = await page.goto(`${origin}${path}`);
      assert.equal(response?.status(), 200, path);
      assert.doesNotMatch(page.url(), /sign-in/, path);
      if (path === "/desk") {
        // Checked with its parts filled in, not only their empty states.
        const main = await page.locator("main").innerText();
        assert.match(main, /Acknowledgement to the student for ليلى حسن/);
        assert.match(main, /Retry/);
        assert.match(main, /Visa webinar/);
      }
      const { violations } = await axeCheck(page).withTags(WCAG).analyze();
      assert.deepEqual(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        [],
        `${path} at ${width.name}`,
      );
      if (process.env.DESK_SCREENSHOTS)
        await page.screenshot({
          path: join(
            process.env.DESK_SCREENSHOTS,
            `${width.name}${path.replace(/[/?=&]+/g, "-").replace(/-[0-9a-f-]{36}/, "")}.png`,
          ),
          fullPage: true,
        });
    }
    // The pages a form leads to: the copy of an address, then its erasure's confirmation.
    await page.goto(`${origin}/desk/privacy`);
    await page.getByLabel("Their e-mail address").fill("layla@example.com");
    await page.getByRole("button", { name: "Show everything held" }).click();
    await page.waitForURL(`${origin}/desk/privacy/export`);
    assert.equal(await page.locator("h1").textContent(), "Everything held about an address");
    const copy = await page.locator("main").innerText();
    assert.match(copy, /Enquiries \(1\)/);
    assert.match(copy, /Consultation bookings \(2\)/);
    assert.match(copy, /Event registrations \(1\)/);
    assert.match(copy, /ليلى حسن/);
    for (const [name, steps] of [
      ["the copy", []],
      ["the erasure's confirmation", ["Erase everything about this person"]],
    ] as const) {
      for (const button of steps) {
        await page.getByRole("button", { name: button }).click();
        await page.waitForURL(`${origin}/desk/privacy/erase/check`);
        assert.match(await page.locator("main").innerText(), /First cancelled \(2\)/);
      }
      const { violations } = await axeCheck(page).withTags(WCAG).analyze();
      assert.deepEqual(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        [],
        `${name} at ${width.name}`,
      );
      if (process.env.DESK_SCREENSHOTS && width.name === "desktop" && !steps.length)
        await page.screenshot({
          path: join(process.env.DESK_SCREENSHOTS, "export-page.png"),
          fullPage: true,
        });
    }
    await context.close();
  }
});

test("the keyboard only: from the inbox to a lead, a note on it, and a tick at the door", async () => {
  assert.ok(signedIn, "signed in by the test before");
  const context = await browser.newContext({ ...widths[0].options, storageState: signedIn });
  const page = await context.newPage();
  await page.goto(`${origin}/desk/inbox?kind=enquiry`);
  await tabTo(page, `main a[href="/desk/leads/enquiry/${leadId}"]`);
  await page.keyboard.press("Enter");
  await page.waitForURL(`${origin}/desk/leads/enquiry/${leadId}`);
  await tabTo(page, "textarea#note");
  await page.keyboard.type("Rang back by keyboard.");
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), "Add note");
  await page.keyboard.press("Enter");
  await page.waitForURL(/done=note/);
  assert.match(await page.locator("ol.timeline").innerText(), /Rang back by keyboard\./);

  // The door's list on a phone: the first person ticked with the space bar.
  await page.goto(`${origin}/desk/events/visa-webinar/check-in`);
  assert.match(await page.locator("main").innerText(), /0 of 1 arrived/);
  await tabTo(page, "ul.check-in button");
  await page.keyboard.press("Space");
  await page.getByText("1 of 1 arrived.").waitFor();
  assert.match(await page.locator("ul.check-in").innerText(), /ليلى حسن.*arrived/s);
  await context.close();
});
