/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return -- these edits break content on purpose, so they cannot keep its types */
import { englishCopy } from "../../src/i18n/apply";
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { validateContent, type ContentModule } from "../../src/build/validate";
import { contentModules } from "../../src/build/content";
import { routes, notFoundRoute } from "../../src/routes";
import { categories } from "../../src/content/programmes";

const root = join(import.meta.dirname, "../..");

/** A deep copy of the real content, with one module changed by `edit`. */
function check(file?: string, edit?: (exports: Record<string, any>) => void) {
  const modules: ContentModule[] = contentModules.map((m) => {
    const data = Object.fromEntries(
      Object.entries(m.exports).filter(([, v]) => typeof v !== "function"),
    );
    const exports = englishCopy(data) as Record<string, any>;
    if (m.file === file) edit?.(exports);
    return { file: m.file, exports };
  });
  return validateContent({
    modules,
    targets: [...routes, notFoundRoute],
    staticDir: join(root, "static"),
    categorySlugs: categories.map((c) => c.id),
  });
}

test("the real content is valid", () => {
  assert.deepEqual(check(), []);
});

test("an empty required text names file, entry and field", () => {
  assert.deepEqual(
    check("content/home.yaml", (c) => (c.slides[1].title = "  ")),
    ["content/home.yaml: slides[1].title is empty"],
  );
});

test("a duplicate id or slug", () => {
  assert.deepEqual(
    check("content/testimonials.yaml", (c) => (c.testimonials[2].id = c.testimonials[0].id)),
    [`content/testimonials.yaml: testimonials[2].id "amara-okafor" is used twice`],
  );
  assert.match(
    check("content/guides", (c) => (c.guides[1].slug = c.guides[0].slug)).join("\n"),
    /content\/guides: guides\[1\]\.slug "january-2026-intake" is used twice/,
  );
});

test("a course card whose slug is not a category", () => {
  assert.deepEqual(
    check("content/home.yaml", (c) => (c.courseCards[0].slug = "masters")),
    [
      `content/home.yaml: courseCards[0].slug "masters" is not a programme category (foundation, undergraduate, postgraduate, shortCourses)`,
    ],
  );
});

test("an internal link to a missing route or #anchor", () => {
  assert.deepEqual(
    check("content/home.yaml", (c) => (c.slides[0].cta.href = "/apply")),
    ["content/home.yaml: slides[0].cta.href links to /apply, but there is no page /apply"],
  );
  assert.deepEqual(
    check("content/home.yaml", (c) => (c.promo.cta.href = "/#apply")),
    ["content/home.yaml: promo.cta.href links to /#apply, but / has no element #apply"],
  );
});

test("an image path with no file", () => {
  assert.deepEqual(
    check("content/programmes.yaml", (c) => (c.categories[2].image.src = "/images/missing.svg")),
    [
      "content/programmes.yaml: categories[2].image.src points to /images/missing.svg, but static/images/missing.svg does not exist",
    ],
  );
});

test("a country code with no flag", () => {
  assert.deepEqual(
    check("content/destinations.yaml", (c) => (c.destinations[1].countryCode = "us")),
    [
      'content/destinations.yaml: destinations[1].countryCode "us" is not an ISO 3166-1 alpha-2 code (e.g. "GB") that flag-icons has a flag for',
    ],
  );
  assert.equal(
    check("content/home.yaml", (c) => (c.mapLocations[0].countryCode = "XX")).length,
    1,
    "XX is flag-icons' unknown flag, not a country",
  );
});

test("a malformed phone number or e-mail", () => {
  assert.deepEqual(
    check("src/content/site.ts", (c) => (c.site.phone.tel = "020 7946 0321")),
    [`src/content/site.ts: site.phone.tel "020 7946 0321" is not a phone number in +<digits> form`],
  );
  assert.deepEqual(
    check("src/content/site.ts", (c) => (c.site.mobile.display = "07700 900456")),
    [
      `src/content/site.ts: site.mobile.display "07700 900456" is not a phone number in international form, like +44 20 7946 0321`,
    ],
  );
  assert.deepEqual(
    check("src/content/site.ts", (c) => (c.site.infoEmail = "info@eastgate")),
    [`src/content/site.ts: site.infoEmail "info@eastgate" is not a well-formed e-mail address`],
  );
  assert.deepEqual(
    check(
      "src/content/site.ts",
      (c) => (c.contactInfo[2].lines[0].href = "mailto:admissions.example"),
    ),
    [
      `src/content/site.ts: contactInfo[2].lines[0].href "mailto:admissions.example" has a malformed e-mail address`,
    ],
  );
});

test("a malformed guide date or office time", () => {
  assert.deepEqual(
    check("content/guides", (c) => (c.guides[0].updated = "2026-02-30")),
    [`content/guides: guides[0].updated "2026-02-30" is not a date written YYYY-MM-DD`],
  );
  assert.deepEqual(
    check("src/content/site.ts", (c) => (c.site.officeHours[1].opens = "10am")),
    [`src/content/site.ts: site.officeHours[1].opens "10am" is not a 24-hour time written HH:MM`],
  );
});
