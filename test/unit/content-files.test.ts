/**
 * Every YAML content file is checked against its schema (src/content/schema/): the real file
 * passes, and a broken one stops the build with a message naming file, line, entry and field.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { z } from "zod";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { GuideBlocks } from "../../src/components/GuideBlocks";
import { checkYaml, ContentError } from "../../src/content/yamlFile";
import { loadGuides, parseGuide } from "../../src/content/guideFiles";
import { fillSiteFacts, siteFacts } from "../../src/content/siteFacts";
import { aboutFileSchema } from "../../src/content/schema/about";
import { bookingFileSchema } from "../../src/content/schema/booking";
import { homeFileSchema } from "../../src/content/schema/home";
import { navigationFileSchema } from "../../src/content/schema/navigation";
import { partnersFileSchema } from "../../src/content/schema/partners";
import { studyRoutesFileSchema } from "../../src/content/schema/studyRoutes";
import { siteFileSchema } from "../../src/content/schema/site";
import { costOfStudyFileSchema } from "../../src/content/schema/costOfStudy";
import { destinationsFileSchema } from "../../src/content/schema/destinations";
import { programmesFileSchema } from "../../src/content/schema/programmes";
import { routeFinderFileSchema } from "../../src/content/schema/routeFinder";
import { servicesFileSchema } from "../../src/content/schema/services";
import { testimonialsFileSchema } from "../../src/content/schema/testimonials";
import { parseEvents } from "../../src/events/load";

const root = join(import.meta.dirname, "../..");

interface Case {
  file: string;
  schema: z.ZodType;
  /** The real text, broken in one place. */
  breakIt: (text: string) => string;
  /** What the message must say. */
  says: RegExp;
}

const cases: Case[] = [
  {
    file: "content/testimonials.yaml",
    schema: testimonialsFileSchema,
    breakIt: (t) => t.replace("    name: Daniel Reyes\n", "    name: '  '\n"),
    says: /^content\/testimonials\.yaml:\d+: testimonials 2 \(daniel-reyes\) field name: /,
  },
  {
    file: "content/destinations.yaml",
    schema: destinationsFileSchema,
    breakIt: (t) => t.replace("countryCode: CA", "countryCode: Canada"),
    says: /^content\/destinations\.yaml:\d+: destinations 3 \(Canada\) field countryCode: two capital/,
  },
  {
    file: "content/services.yaml",
    schema: servicesFileSchema,
    breakIt: (t) => t.replace("      icon: visa\n", "      icon: passport\n"),
    says: /^content\/services\.yaml:\d+: services\.cards 2 \(Visas and finance\) field icon: /,
  },
  {
    file: "content/programmes.yaml",
    schema: programmesFileSchema,
    breakIt: (t) => t.replace("  - id: postgraduate\n", "  - id: masters\n"),
    says: /^content\/programmes\.yaml:\d+: categories 3 \(masters\) field id: /,
  },
  {
    file: "content/routeFinder.yaml",
    schema: routeFinderFileSchema,
    breakIt: (t) => t.replace("  - id: english\n", "  - id: ielts\n"),
    says: /^content\/routeFinder\.yaml:\d+: routeQuestions 3 \(ielts\) field id: /,
  },
  {
    file: "content/costOfStudy.yaml",
    schema: costOfStudyFileSchema,
    breakIt: (t) => t.replace('    asOf: "2025-04"\n', "    asOf: April 2025\n"),
    says: /^content\/costOfStudy\.yaml:\d+: field visaFee\.source\.asOf: a date written YYYY-MM/,
  },
  {
    file: "content/booking.yaml",
    schema: bookingFileSchema,
    breakIt: (t) => t.replace('    closes: "18:00"\n', '    closes: "17:50"\n'),
    says: /^content\/booking\.yaml:\d+: officeHours 1 field closes: the 530 open minutes \(09:00 to 17:50\) do not divide into whole consultations of 30 minutes plus 15/,
  },
  {
    file: "content/booking.yaml",
    schema: bookingFileSchema,
    breakIt: (t) => t.replace("    capacity: 2\n", "    capacity: 0\n"),
    says: /^content\/booking\.yaml:\d+: modes 1 \(video\) field capacity: /,
  },
  {
    file: "content/booking.yaml",
    schema: bookingFileSchema,
    breakIt: (t) => t.replace('date: "2026-04-03"', 'date: "2026-02-30"'),
    says: /^content\/booking\.yaml:\d+: bankHolidays\.dates 2 field date: is not a date on the calendar/,
  },
  {
    file: "content/booking.yaml",
    schema: bookingFileSchema,
    breakIt: (t) => t.replace("      - Saturday\n", "      - Friday\n"),
    says: /^content\/booking\.yaml:\d+: officeHours 2 field dayOfWeek: Friday is also in line 1 of the office hours/,
  },
  {
    file: "content/site.yaml",
    schema: siteFileSchema,
    breakIt: (t) => t.replace("promotedIntake: January 2026", "promotedIntake: 2027-01"),
    says: /^content\/site\.yaml:\d+: field promotedIntake: a month and a year, e\.g\. "September 2027"/,
  },
  {
    file: "content/site.yaml",
    schema: siteFileSchema,
    breakIt: (t) => t.replace("promotedIntake: January 2026", "promotedIntake: March 2027"),
    says: /^content\/site\.yaml:\d+: field promotedIntake: March is not one of the intake months \(September, January, May\)/,
  },
  {
    file: "content/site.yaml",
    schema: siteFileSchema,
    breakIt: (t) => t.replace("  display: +44 7700 900456", "  display: 07700 900456"),
    says: /^content\/site\.yaml:\d+: field mobile\.display: international form/,
  },
  {
    file: "content/home.yaml",
    schema: homeFileSchema,
    breakIt: (t) => t.replace("    countryCode: SG\n", "    countryCode: Singapore\n"),
    says: /^content\/home\.yaml:\d+: mapLocations 6 \(Singapore\) field countryCode: two capital letters/,
  },
  {
    file: "content/home.yaml",
    schema: homeFileSchema,
    breakIt: (t) => t.replace("  - title: Pre-Masters\n", "  - title: Pre-Master's\n"),
    says: /^content\/home\.yaml:\d+: courseCards 3 \(postgraduate\) field title: "Pre-Master's" is not a Study Interest of the enquiry form/,
  },
  {
    file: "content/home.yaml",
    schema: homeFileSchema,
    breakIt: (t) => t.replace("    href: /student-services\n", "    href: student-services\n"),
    says: /^content\/home\.yaml:\d+: slides 2 \(scholarship-guidance\) field cta\.href: a path on the site/,
  },
  {
    file: "content/about.yaml",
    schema: aboutFileSchema,
    breakIt: (t) => t.replace("    - id: our-vision\n", "    - id: Our Vision\n"),
    says: /^content\/about\.yaml:\d+: about\.sections 2 \(Our Vision\) field id: lower-case words joined by hyphens/,
  },
  {
    file: "content/navigation.yaml",
    schema: navigationFileSchema,
    breakIt: (t) => t.replace("    menu: courses\n", "    href: /#courses\n    menu: courses\n"),
    says: /^content\/navigation\.yaml:\d+: mainNav 2 field menu: a link \(Goes to\) or a menu \(Opens a menu\), one of the two/,
  },
  {
    file: "content/navigation.yaml",
    schema: navigationFileSchema,
    breakIt: (t) =>
      t.replace("  desktopLabel: Apply now\n", "  desktopLabel: Apply for your place now\n"),
    says: /^content\/navigation\.yaml:\d+: field headerCta\.desktopLabel: /,
  },
  {
    file: "content/partners.yaml",
    schema: partnersFileSchema,
    breakIt: (t) => t.replace("    monogram: BU\n", "    monogram: bu\n"),
    says: /^content\/partners\.yaml:\d+: partners 3 \(Bangor University\) field monogram: two to four letters/,
  },
  {
    file: "content/studyRoutes.yaml",
    schema: studyRoutesFileSchema,
    breakIt: (t) => t.replace("    months: 6\n", "    months: six\n"),
    says: /^content\/studyRoutes\.yaml:\d+: studyRoutes 3 \(pre-masters\) field months: /,
  },
  {
    file: "content/studyRoutes.yaml",
    schema: studyRoutesFileSchema,
    breakIt: (t) =>
      t.replace(
        "      - January\n      - May\n    months: 6\n",
        "      - May\n      - January\n    months: 6\n",
      ),
    says: /^content\/studyRoutes\.yaml:\d+: studyRoutes 3 \(pre-masters\) field intakes\.2: each month once, from September/,
  },
];

const check = (file: string, text: string, schema: z.ZodType) => {
  const checked = checkYaml(text, join(root, file), schema);
  checked.done();
  return checked.data;
};

for (const { file, schema, breakIt, says } of cases) {
  const text = readFileSync(join(root, file), "utf8");
  test(`${file} matches its schema`, () => {
    assert.ok(check(file, text, schema));
  });
  test(`a broken ${file} is refused, naming file, line, entry and field`, () => {
    const broken = breakIt(text);
    assert.notEqual(broken, text, "the test breaks the file");
    assert.throws(
      () => check(file, broken, schema),
      (error: unknown) => {
        assert.ok(error instanceof ContentError);
        assert.match(error.message, says);
        // The line named is the broken field's.
        const line = Number(/:(\d+):/.exec(error.message)![1]);
        assert.notEqual(broken.split("\n")[line - 1], text.split("\n")[line - 1]);
        return true;
      },
    );
  });
}

test("a YAML syntax error names file and line", () => {
  assert.throws(
    () => check("content/testimonials.yaml", "testimonials:\n  - id: [\n", testimonialsFileSchema),
    /: content\/testimonials\.yaml:\d+: /,
  );
});

test("events keep their words: event number, slug, field", () => {
  const file = "content/events.yaml";
  const text = readFileSync(join(root, file), "utf8").replace(
    'start: "2026-12-09T18:00"',
    'start: "2026-12-09 18:00"',
  );
  assert.throws(
    () => parseEvents(text, join(root, file)),
    /: content\/events\.yaml:\d+: event 2 \(student-visa-questions-answered\) field start: /,
  );
});

const guideFile = join(root, "content/guides/uk-student-visa.md");
const guideText = readFileSync(guideFile, "utf8");
const guideError = (text: string) => {
  try {
    parseGuide(text, guideFile);
  } catch (error) {
    assert.ok(error instanceof ContentError);
    return error.message;
  }
  assert.fail("the guide was accepted");
};

test("every guide's Markdown reads into the sections its page shows", () => {
  const { guide, position } = parseGuide(guideText, guideFile);
  assert.equal(guide.slug, "uk-student-visa");
  assert.equal(position, 3);
  assert.equal(guide.sections[1].id, "your-cas");
  assert.equal(guide.sections[1].title, "Your CAS");
  assert.ok(guide.sections.every((s) => s.paragraphs.length > 0));
  assert.deepEqual(
    loadGuides(join(root, "content/guides")).map((g) => g.slug),
    ["january-2026-intake", "scholarships-for-international-students", "uk-student-visa"],
  );
});

test("a guide's lists and links: - items (an item's next lines indented), [words](target) to the site, a #section or https", () => {
  const text = guideText.replace(
    "\n## Your CAS",
    [
      "",
      "Before you apply, see [what to bring](/contact#contact-form):",
      "- your passport",
      "- your CAS, with",
      "  its number",
      "- proof of [funds](https://www.gov.uk/student-visa/money)",
      "After the list, a paragraph.",
      "",
      "## Your CAS",
    ].join("\n"),
  );
  const { guide } = parseGuide(text, guideFile);
  const section = guide.sections.find((s) => s.id === "who-needs-a-visa") ?? guide.sections[0];
  assert.deepEqual(section.paragraphs.slice(-3), [
    "Before you apply, see [what to bring](/contact#contact-form):",
    {
      items: [
        "your passport",
        "your CAS, with its number",
        "proof of [funds](https://www.gov.uk/student-visa/money)",
      ],
    },
    "After the list, a paragraph.",
  ]);
  const html = renderToStaticMarkup(
    createElement(GuideBlocks, { blocks: section.paragraphs.slice(-3) }),
  );
  assert.equal(
    html,
    '<p>Before you apply, see <a href="/contact#contact-form">what to bring</a>:</p><ul><li>your passport</li><li>your CAS, with its number</li><li>proof of <a href="https://www.gov.uk/student-visa/money">funds</a></li></ul><p>After the list, a paragraph.</p>',
  );
});

test("a bad guide is refused, naming file, line and field", () => {
  const lineOf = (text: string, start: string) =>
    text.split("\n").findIndex((l) => l.startsWith(start)) + 1;
  // Front matter: the line in the file, not in the front matter.
  const noMinutes = guideText.replace(/^minutes: \d+$/m, "minutes: soon");
  assert.match(
    guideError(noMinutes),
    new RegExp(
      `^content/guides/uk-student-visa\\.md:${lineOf(noMinutes, "minutes:")}: field minutes: `,
    ),
  );
  // Body: a numbered list, a link to elsewhere, a heading without its id, text before the first heading.
  const numbered = guideText.replace("\n## Your CAS", "\n1. a numbered item\n\n## Your CAS");
  assert.match(
    guideError(numbered),
    new RegExp(
      `uk-student-visa\\.md:${lineOf(numbered, "1. a numbered")}: a list's items are written - item`,
    ),
  );
  const badLink = guideText.replace(
    "\n## Your CAS",
    "\nSee [this](javascript:alert(1)).\n\n## Your CAS",
  );
  assert.match(
    guideError(badLink),
    new RegExp(
      `uk-student-visa\\.md:${lineOf(badLink, "See [this]")}: a link to "javascript:alert\\(1": link to a page of the site`,
    ),
  );
  assert.match(
    guideError(guideText.replace("## Your CAS {#your-cas}", "## Your CAS")),
    /: a section's heading needs its id: ## Heading \{#id\}/,
  );
  assert.match(
    guideError(guideText.replace("---\n\n## ", "---\n\nAn opening line.\n\n## ")),
    /text before the first ## Heading/,
  );
  // Rules across fields: the file is named by the slug, reviewed not before published, ids once.
  assert.match(
    guideError(guideText.replace("slug: uk-student-visa", "slug: visa")),
    /field slug: "visa" must be the file's name/,
  );
  assert.match(
    guideError(guideText.replace(/^updated: .*$/m, 'updated: "2020-01-01"')),
    /field updated: 2020-01-01 is before it was published/,
  );
  assert.match(
    guideError(guideText.replace("{#your-cas}", "{#who-needs-a-visa}")),
    /section 2 field id: "who-needs-a-visa" is used twice/,
  );
  assert.match(
    guideError(guideText.replace(/^published: .*$/m, 'published: "2026-02-30"')),
    /field published: /,
  );
});

test("an image says what it shows unless marked decorative; an illustration gives its size, an upload need not", () => {
  const undecorated = guideText.replace("  decorative: true\n", "");
  assert.match(
    guideError(undecorated),
    new RegExp(
      `uk-student-visa\\.md:\\d+: field image\\.alt: say what the picture shows, or tick Decoration only`,
    ),
  );
  assert.match(
    guideError(guideText.replace('  alt: ""', '  alt: "A passport"')),
    /field image\.decorative: a picture for decoration has no description/,
  );
  assert.match(
    guideError(guideText.replace(/^ {2}width: \d+\n/m, "")),
    /field image\.width: \/images\/guides\/uk-student-visa\.svg needs its width and height/,
  );
  assert.match(
    guideError(guideText.replace("/images/guides/uk-student-visa.svg", "/images/guides/visa.gif")),
    /field image\.src: an upload \(\/uploads\/\.\.\.\) or a path under static\/images\//,
  );
  const upload = guideText
    .replace("/images/guides/uk-student-visa.svg", "/uploads/visa-office.jpg")
    .replace(/^ {2}width: \d+\n {2}height: \d+\n/m, "")
    .replace(
      '  alt: ""\n  decorative: true',
      '  alt: "Students queueing at a visa application centre"',
    );
  const { guide } = parseGuide(upload, guideFile);
  assert.deepEqual(guide.image, {
    src: "/uploads/visa-office.jpg",
    alt: "Students queueing at a visa application centre",
  });
});

test("two guides at one position are refused, naming both files", () => {
  const dir = mkdtempSync(join(tmpdir(), "eg-guides-"));
  try {
    for (const name of readdirSync(join(root, "content/guides")))
      copyFileSync(join(root, "content/guides", name), join(dir, name));
    const file = join(dir, "uk-student-visa.md");
    writeFileSync(file, readFileSync(file, "utf8").replace(/^position: \d+$/m, "position: 1"));
    assert.throws(() => loadGuides(dir), /uk-student-visa\.md: position 1 is another guide's too/);
  } finally {
    rmSync(dir, { recursive: true });
  }
});

test("the site's facts are filled in by name; any other {word} is left for its page", () => {
  const filled = fillSiteFacts({ a: ["{agency} replies {replyTime}, {name}."] });
  assert.equal(filled.a[0], `${siteFacts.agency} replies ${siteFacts.replyTime}, {name}.`);
});

test("content/ holds only content: no code, so it imports nothing (code reads it through src/content/)", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
    );
  const code = files(join(root, "content")).filter((f) => /\.(?:[cm]?[jt]sx?)$/.test(f));
  assert.deepEqual(code, []);
});
