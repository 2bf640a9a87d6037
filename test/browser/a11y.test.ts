import { test } from "node:test";
import assert from "node:assert/strict";
import { siteUnderTest } from "./harness";
import { expectNoViolations, widths } from "./axe";

const t = siteUnderTest();

for (const { name, options } of widths) {
  test(`open states have no axe violations (${name})`, async () => {
    const context = await t.browser.newContext(options);
    const page = await context.newPage();
    await page.goto(t.server.origin + "/");
    await page.locator(".hero.is-enhanced").waitFor();
    await page.locator(".hero-play").click();
    await page.locator(".hero-dot").nth(1).click();
    await expectNoViolations(page, `hero paused on slide 2 (${name})`);

    if (name === "phone") {
      await page.locator("[data-menu-toggle]").click();
      await page.locator(".dropdown-toggle").click();
      await expectNoViolations(page, "mobile menu and Courses open");
      await page.keyboard.press("Escape");
    } else {
      await page.locator(".dropdown-toggle").hover();
      await page.locator("#courses-menu").waitFor();
      await expectNoViolations(page, "Courses dropdown open");
      await page.mouse.move(5, 790);
    }

    const contact = page.locator(".quick-contact summary");
    await contact.click();
    await page.locator("#quick-contact-links").waitFor();
    await expectNoViolations(page, `quick-contact menu open (${name})`);
    // Escape closes it once its behaviour, loaded on first opening, has started.
    await page.waitForSelector("details[data-quick-contact][data-started]");
    await page.keyboard.press("Escape");
    await page.locator("#quick-contact-links").waitFor({ state: "hidden" });
    assert.equal(
      await contact.evaluate((e) => e === document.activeElement),
      true,
      "Escape closes the menu and returns focus to its button",
    );

    const search = page.getByRole("combobox", { name: "Search courses" });
    await search.scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("#courses .island-root")!).some((k) =>
        k.startsWith("__react"),
      ),
    );
    await search.fill("degree");
    await search.press("ArrowDown");
    await expectNoViolations(page, "course suggestions open");
    await search.fill("qwerty");
    await expectNoViolations(page, "course search empty message");

    await page.locator("#testimonials").scrollIntoViewIfNeeded();
    await page.getByRole("button", { name: "Next story" }).click();
    await expectNoViolations(page, "second success story");

    await page.goto(t.server.origin + "/postgraduate-programmes#programmes");
    const programmes = page.getByRole("combobox");
    await page.waitForFunction(() =>
      Object.keys(document.querySelector("#programmes .island-root")!).some((k) =>
        k.startsWith("__react"),
      ),
    );
    await programmes.fill("m");
    await expectNoViolations(page, "programme suggestions open");
    await programmes.press("ArrowDown");
    await programmes.press("Enter");
    await expectNoViolations(page, "programme highlighted");

    await page.goto(t.server.origin + "/contact");
    await page.route(/google\.com/, (route) =>
      route.fulfill({ body: "<title>Map</title>", contentType: "text/html" }),
    );
    await page.getByRole("button", { name: "Show the map here" }).click();
    await expectNoViolations(page, "office map loaded");
    await context.close();
  });
}

test("reduced motion: no axe violations and nothing animates", async () => {
  const context = await t.browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await page.goto(t.server.origin + "/");
  await page.locator(".hero.is-enhanced").waitFor();
  await expectNoViolations(page, "home under reduced motion");
  const animated = await page.evaluate(() =>
    [...document.querySelectorAll("*")]
      .filter((e) => {
        const s = getComputedStyle(e);
        return s.animationName !== "none" && parseFloat(s.animationDuration) > 0.01;
      })
      .map((e) => e.className),
  );
  assert.deepEqual(animated, []);
  await context.close();
});
