import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import {
  cmsBackend,
  cmsConfig,
  editorWanted,
  schemaFields,
  CmsSchemaError,
  type CmsField,
} from "../../src/cms/config";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { adminFiles } from "../../src/build/admin";
import { addressProblem } from "../../src/cms/addressWidget";
import {
  readContentYaml,
  readFrontMatter,
  writeContentYaml,
  writeFrontMatter,
} from "../../src/cms/contentFormat";
import { collections } from "../../src/content/collections";
import { EVENTS_FILE, parseEvents } from "../../src/events/load";
import { eventKinds, eventLanguages, eventSchema } from "../../src/events/schema";
import { guideFrontMatterSchema } from "../../src/content/schema/guides";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { guides } from "../../src/content/guides";
import { guidePreviewHtml } from "../../src/cms/guidePreview";
import { GuidePage } from "../../src/pages/GuidePage";
import {
  adminContentSecurityPolicy,
  headersFile,
  headersFor,
  metaPolicy,
  parseHeadersFile,
} from "../../src/build/headers";

const fields = schemaFields(eventSchema, "events[]");

/** The editor's collection of one file, by name. */
const fileCollection = (name: string) => {
  const collection = cmsConfig({}).collections.find((c) => c.name === name);
  assert.ok(collection && "files" in collection, `${name} is a file collection`);
  return collection;
};
const byName = Object.fromEntries(fields.map((f) => [f.name, f]));

test("every schema field reaches the editor, in the schema's order, with its label and hint", () => {
  assert.deepEqual(
    fields.map((f) => f.name),
    Object.keys(eventSchema.shape),
  );
  for (const field of fields) {
    const meta = eventSchema.shape[field.name as keyof typeof eventSchema.shape].meta();
    assert.equal(field.label, meta?.title, `${field.name} label`);
    assert.equal(field.hint, meta?.description, `${field.name} hint`);
  }
});

test("widgets, required flags, options and limits follow the schema", () => {
  const widgets = Object.fromEntries(fields.map((f) => [f.name, f.widget]));
  assert.deepEqual(widgets, {
    slug: "string",
    title: "string",
    kind: "select",
    start: "string",
    minutes: "number",
    language: "select",
    capacity: "number",
    where: "select",
    host: "string",
    summary: "text",
    body: "list",
    registrationCloses: "string",
    joinLink: "string",
    status: "select",
  });
  const optional = fields.filter((f) => !f.required).map((f) => f.name);
  assert.deepEqual(optional, ["joinLink", "status"], "optional or defaulted: not required");
  assert.deepEqual(byName.kind.options, [...eventKinds]);
  assert.deepEqual(byName.language.options, [...eventLanguages]);
  assert.deepEqual(byName.where.options, ["online", "office"]);
  assert.deepEqual(byName.status.options, ["scheduled", "cancelled"]);
  assert.equal(byName.status.default, "scheduled");
  for (const [name, min, max] of [
    ["minutes", 15, 480],
    ["capacity", 1, 2000],
  ] as const) {
    assert.equal(byName[name].value_type, "int");
    assert.equal(byName[name].min, min);
    assert.equal(byName[name].max, max);
  }
  // London times: the pattern the schema checks, so the editor refuses what the build would.
  for (const name of ["start", "registrationCloses"]) {
    const [pattern] = byName[name].pattern ?? [""];
    assert.ok(new RegExp(pattern).test("2026-12-09T18:00"), name);
    assert.ok(!new RegExp(pattern).test("9 December 18:00"), name);
  }
  assert.ok(new RegExp(byName.slug.pattern![0]).test("open-day-2027"));
  assert.ok(!new RegExp(byName.slug.pattern![0]).test("Open Day"));
  assert.ok(new RegExp(byName.joinLink.pattern![0]).test("https://meet.example.org/x"));
  assert.ok(!new RegExp(byName.joinLink.pattern![0]).test("http://meet.example.org/x"));
  // Free text: the schema's length, and not blank (it trims), so the editor refuses what the build would.
  const accepts = (name: string, text: string) => new RegExp(byName[name].pattern![0]).test(text);
  for (const [name, max] of [
    ["title", 90],
    ["host", 80],
    ["summary", 220],
  ] as const) {
    assert.ok(accepts(name, "x".repeat(max)), `${name}: ${max} characters`);
    assert.ok(!accepts(name, "x".repeat(max + 1)), `${name}: ${max + 1} characters`);
    assert.ok(!accepts(name, "  "), `${name}: blank`);
    assert.equal(byName[name].pattern![1], `Up to ${max} characters, not blank`);
  }
  // Body: a list of paragraphs, each a multi-line text, none blank.
  const { pattern: paragraph, ...body } = byName.body.field!;
  assert.deepEqual(body, { name: "body", label: "Paragraph", widget: "text" });
  assert.ok(new RegExp(paragraph![0]).test("A paragraph\nof two lines."));
  assert.ok(!new RegExp(paragraph![0]).test(" \n "));
});

test("the events collection: one file, content/events.yaml, its events a list with a summary", () => {
  const config = cmsConfig({});
  assert.deepEqual(
    config.collections.map((c) => c.name),
    collections.map((c) => c.name),
  );
  const [file] = fileCollection("events").files;
  assert.equal(file.file, "content/events.yaml");
  const [list] = file.fields;
  assert.equal(list.name, "events");
  assert.equal(list.widget, "list");
  assert.match(list.summary ?? "", /\{\{fields\.start\}\} \{\{fields\.title\}\}/);
  assert.deepEqual(list.fields, fields);
  // An emptied optional field (the join link) is left out, not written as "".
  assert.equal(config.omit_empty_optional_fields, true);
});

test("a field type the generator does not know stops it, naming the field", () => {
  for (const [schema, field] of [
    [z.object({ title: z.string(), when: z.date() }), "events[].when"],
    [
      z.object({ venue: z.object({ room: z.record(z.string(), z.string()) }) }),
      "events[].venue.room",
    ],
    [z.object({ sizes: z.array(z.number()) }), "events[].sizes"],
  ] as const)
    assert.throws(
      () => schemaFields(schema, "events[]"),
      (e: Error) => e instanceof CmsSchemaError && e.message.includes(field),
      field,
    );
  // Booleans are known: a checkbox.
  assert.equal(schemaFields(z.object({ featured: z.boolean() }), "x")[0].widget, "boolean");
});

test("the backend: local (decap-server) by default, a git host with editorial workflow from env", () => {
  const local = cmsConfig({});
  assert.deepEqual(local.backend, {
    name: "eastgate-local",
    proxy_url: "http://localhost:8081/api/v1",
    branch: "main",
  });
  assert.equal("publish_mode" in local, false);
  assert.deepEqual(cmsBackend({}).connect, ["http://localhost:8081"]);
  assert.deepEqual(cmsBackend({ CMS_PROXY_URL: "http://127.0.0.1:9000/api/v1" }).connect, [
    "http://127.0.0.1:9000",
  ]);

  const github = cmsConfig({
    CMS_BACKEND: "github",
    CMS_REPO: "eastgate/site",
    CMS_BRANCH: "live",
  });
  assert.deepEqual(github.backend, { name: "github", repo: "eastgate/site", branch: "live" });
  assert.equal((github as { publish_mode?: string }).publish_mode, "editorial_workflow");
  assert.deepEqual(cmsBackend({ CMS_BACKEND: "github", CMS_REPO: "a/b" }).connect, [
    "https://api.github.com",
  ]);
  const gitea = cmsBackend({
    CMS_BACKEND: "gitea",
    CMS_REPO: "a/b",
    CMS_API_ROOT: "https://git.example.org/api/v1",
  });
  assert.deepEqual(gitea.connect, ["https://git.example.org"]);

  assert.throws(() => cmsBackend({ CMS_BACKEND: "github" }), /CMS_REPO/);
  assert.throws(() => cmsBackend({ CMS_BACKEND: "gitea", CMS_REPO: "a/b" }), /CMS_API_ROOT/);
  assert.throws(() => cmsBackend({ CMS_BACKEND: "dropbox" }), /CMS_BACKEND/);
  assert.equal(editorWanted({ CMS_BACKEND: "off" }), false, "a deploy can leave the editor out");
  assert.equal(editorWanted({}), true);
});

test("/admin/index.html: not indexed, no inline script, Decap from our own origin", async () => {
  const { "index.html": html, "cms-init.js": init } = await adminFiles({});
  assert.match(html, /<meta name="robots" content="noindex">/);
  const scripts = [...html.matchAll(/<script\b[^>]*>([^<]*)<\/script>/g)];
  assert.deepEqual(
    scripts.map((m) => m[0]),
    ['<script src="/admin/cms-init.js"></script>', '<script src="/admin/decap-cms.js"></script>'],
    "the flag and config load before Decap, from files",
  );
  // Its policy names the backend it talks to; nothing else names another host.
  assert.doesNotMatch(
    html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, ""),
    /https?:\/\//,
    "nothing from another host",
  );
  assert.match(init, /^window\.EASTGATE_CMS = /);
  assert.match(init, /CMS_MANUAL_INIT\s*=\s*(?:true|!0)/);
  assert.match(init, /"file": "content\/events\.yaml"/);
});

test("the editor's policy is its own, in its page; its headers add only noindex and pop-ups", async () => {
  const { "index.html": html } = await adminFiles({});
  assert.equal(metaPolicy(html), adminContentSecurityPolicy(["http://localhost:8081"]));
  assert.ok(
    html.indexOf("Content-Security-Policy") < html.indexOf("<script"),
    "the policy comes before any script",
  );
  const without = parseHeadersFile(headersFile({ admin: false, serverPages: [] }));
  const withAdmin = parseHeadersFile(headersFile({ admin: true, serverPages: [] }));
  const adminRule = (r: { pattern: string }) => r.pattern.startsWith("/admin");
  assert.deepEqual(
    withAdmin.filter((r) => !adminRule(r)),
    without,
  );
  assert.deepEqual(
    withAdmin.filter(adminRule).map((r) => r.pattern),
    ["/admin", "/admin/*"],
  );
  for (const path of ["/", "/index.html", "/about", "/about/", "/404.html", "/assets/x.js"]) {
    const headers = headersFor(withAdmin, path);
    assert.equal(headers["X-Robots-Tag"], undefined, path);
    assert.equal(headers["Cross-Origin-Opener-Policy"], undefined, path);
  }
  for (const path of ["/admin", "/admin/", "/admin/index.html", "/admin/decap-cms.js"]) {
    const headers = headersFor(withAdmin, path);
    assert.equal(headers["Content-Security-Policy"], "frame-ancestors 'none'", path);
    assert.equal(headers["Cross-Origin-Opener-Policy"], "same-origin-allow-popups", path);
    assert.equal(headers["X-Robots-Tag"], "noindex", path);
    assert.equal(headers["X-Content-Type-Options"], "nosniff", path);
  }
  assert.match(
    adminContentSecurityPolicy(["http://localhost:8081"]),
    /connect-src 'self' blob: http:\/\/localhost:8081;/,
  );
});

test("the editor writes the events file as written by hand: a change is that line only", () => {
  const text = readFileSync(EVENTS_FILE, "utf8");
  const order = fileCollection("events").files[0].fields;
  const { data, header } = readContentYaml(text);
  const events = data.events as Record<string, unknown>[];
  assert.match(header ?? "", /Events and webinars/);
  assert.equal(writeContentYaml(data, order, header), text, "unchanged data: the same bytes");
  // Decap hands the fields back in any order: they are written in the schema's.
  const shuffled = {
    events: events.map((e) => Object.fromEntries(Object.entries(e).reverse())),
  };
  shuffled.events[1].summary = "A new summary.";
  const written = writeContentYaml(shuffled, order, header);
  const changed = written.split("\n").filter((line, i) => line !== text.split("\n")[i]);
  assert.deepEqual(changed, ["    summary: A new summary."]);
  assert.equal(
    parseEvents(written).find((e) => e.summary === "A new summary.")?.title,
    events[1].title,
  );
});

test("every collection's file round-trips through the editor's format byte for byte", () => {
  for (const collection of cmsConfig({}).collections) {
    if ("folder" in collection) {
      for (const name of readdirSync(collection.folder)) {
        const text: string = readFileSync(join(collection.folder, name), "utf8");
        if (collection.extension === "yaml")
          assert.equal(writeContentYaml(readContentYaml(text).data, collection.fields), text, name);
        else assert.equal(writeFrontMatter(readFrontMatter(text), collection.fields), text, name);
      }
      continue;
    }
    const [file] = collection.files;
    const text = readFileSync(file.file, "utf8");
    const { data, header } = readContentYaml(text);
    assert.equal(writeContentYaml(data, file.fields, header), text, file.file);
  }
});

test("nested objects and lists of objects become object and list widgets with summaries", () => {
  const field = (collection: string, ...path: string[]) => {
    let fields: CmsField[] = fileCollection(collection).files[0].fields;
    let found: CmsField | undefined;
    for (const name of path) {
      found = fields.find((f) => f.name === name);
      fields = found?.fields ?? [];
    }
    return found!;
  };
  const categories = field("programmes", "categories");
  assert.equal(categories.widget, "list");
  assert.equal(categories.label_singular, "programme page");
  assert.equal(categories.summary, "{{fields.name}}");
  assert.deepEqual(field("programmes", "categories", "id").options, [
    "foundation",
    "undergraduate",
    "postgraduate",
    "shortCourses",
  ]);
  const highlights = field("programmes", "categories", "highlights");
  assert.equal(highlights.min, 4);
  assert.equal(highlights.max, 4);
  assert.equal(field("programmes", "categories", "highlights", "icon").widget, "select");
  assert.equal(field("programmes", "categories", "image").widget, "object");
  assert.equal(field("programmes", "categories", "image", "width").widget, "number");
  // A text that may be empty (an ungrouped list's name) is not required: empty is allowed.
  assert.equal(field("programmes", "categories", "groups", "name").required, false);
  assert.equal(field("services", "services", "introCard", "stats").summary, "{{fields.label}}");
  const portrait = field("testimonials", "testimonials", "image");
  assert.equal(portrait.required, false, "a portrait is optional");
  assert.equal(field("testimonials", "testimonials").summary, "{{fields.name}}");
  assert.match(field("destinations", "destinations", "countryCode").pattern![0], /A-Z/);
  // The office hours' days: several of the seven, picked from a list.
  const days = field("booking", "officeHours", "dayOfWeek");
  assert.equal(days.widget, "select");
  assert.equal(days.multiple, true);
  assert.equal(days.options?.length, 7);
  assert.equal(days.min, 1);
  assert.equal(field("booking", "officeHours", "opens").required, false, "closed days have none");
  assert.match(field("booking", "officeHours", "opens").pattern![0], /\[01\]/);
  assert.equal(field("booking", "agencyClosed").required, false);
  assert.equal(field("booking", "officeHours").summary, "{{fields.days}}");
  assert.equal(field("booking", "bankHolidays", "dates").summary, "{{fields.date}}");
});

test("the home page, about page, menus, partner universities and study routes are collections of their files", () => {
  const files = Object.fromEntries(
    ["home", "about", "navigation", "partners", "studyRoutes"].map((name) => [
      name,
      fileCollection(name).files[0],
    ]),
  );
  assert.deepEqual(
    Object.fromEntries(Object.entries(files).map(([name, file]) => [name, file.file])),
    {
      home: "content/home.yaml",
      about: "content/about.yaml",
      navigation: "content/navigation.yaml",
      partners: "content/partners.yaml",
      studyRoutes: "content/studyRoutes.yaml",
    },
  );
  const field = (name: string, ...path: string[]) => {
    let fields: CmsField[] = files[name].fields;
    let found: CmsField | undefined;
    for (const key of path) {
      found = fields.find((f) => f.name === key);
      fields = found?.fields ?? [];
    }
    assert.ok(found, `${name} ${path.join(".")}`);
    return found;
  };
  // Every section of the home page, in the page's order, opened with its fields shown.
  assert.deepEqual(
    files.home.fields.map((f: CmsField) => f.name),
    [
      "slides",
      "promo",
      "network",
      "mapLocations",
      "coursesSection",
      "courseCards",
      "toolsTeaser",
      "contactSection",
      "testimonialsSection",
      "aboutTeaser",
      "supportTeaser",
      "destinationsSection",
      "guidesSection",
      "careers",
    ],
  );
  assert.equal(field("home", "slides").widget, "list");
  assert.equal(field("home", "slides").summary, "{{fields.title}}");
  assert.equal(field("home", "slides", "image", "src").widget, "image");
  assert.equal(field("home", "coursesSection", "title").label, "Heading");
  assert.deepEqual(field("home", "courseCards", "slug").options, [
    "foundation",
    "undergraduate",
    "postgraduate",
    "shortCourses",
  ]);
  assert.equal(field("home", "mapLocations", "longitude").widget, "number");
  assert.equal(field("home", "careers", "cta", "subject").label, "E-mail subject");
  assert.equal(field("about", "about", "sections").summary, "{{fields.title}}");
  // A menu entry: a link, or the Courses menu made from the programme pages.
  assert.equal(field("navigation", "mainNav", "href").required, false);
  assert.deepEqual(field("navigation", "mainNav", "menu").options, ["courses"]);
  assert.match(field("navigation", "headerCta", "desktopLabel").pattern![0], /\{0,16\}/);
  assert.deepEqual(
    field("navigation", "footerTitles").fields?.map((f) => f.name),
    ["quickLinks", "destinations", "programmes"],
  );
  assert.equal(field("partners", "partners").label_singular, "university");
  assert.equal(field("partners", "partners").summary, "{{fields.name}}");
  assert.equal(field("studyRoutes", "studyRoutes").label_singular, "study route");
  const intakes = field("studyRoutes", "studyRoutes", "intakes");
  assert.equal(intakes.widget, "select");
  assert.equal(intakes.multiple, true);
  assert.deepEqual(intakes.options, ["September", "January", "May"]);
  assert.equal(field("studyRoutes", "studyRoutes", "planNote").required, false);
});

test("the guides: a folder of Markdown files, their front matter from the schema, then the text", () => {
  const guides = cmsConfig({}).collections.find((c) => c.name === "guides");
  assert.ok(guides && "folder" in guides);
  assert.equal(guides.folder, "content/guides");
  assert.equal(guides.extension, "md");
  assert.equal(guides.slug, "{{fields.slug}}");
  const names = guides.fields.map((f) => f.name);
  assert.deepEqual(names, [...Object.keys(guideFrontMatterSchema.shape), "body"]);
  const byField = Object.fromEntries(guides.fields.map((f) => [f.name, f]));
  assert.equal(byField.image.widget, "object");
  assert.equal(byField.minutes.widget, "number");
  assert.ok(byField.published.pattern, "a date is checked by its pattern");
  const body = new RegExp(byField.body.pattern![0]);
  assert.ok(body.test("## Why January? {#why-january}\n\nA paragraph."));
  assert.ok(!body.test("A paragraph before any heading."));
});

test("the guides' preview is the guide page the build renders; a refused text shows the build's message", () => {
  const folder = cmsConfig({}).collections.find((c) => c.name === "guides");
  assert.ok(folder && "folder" in folder);
  for (const guide of guides) {
    const text: string = readFileSync(join(folder.folder, `${guide.slug}.md`), "utf8");
    assert.equal(
      guidePreviewHtml(readFrontMatter(text), folder.fields),
      renderToStaticMarkup(createElement(GuidePage, { guide })),
      guide.slug,
    );
  }
  const text = readFileSync(join(folder.folder, "uk-student-visa.md"), "utf8");
  const listed = text.replace("\nShorter courses", "\n1. Shorter courses");
  const html = guidePreviewHtml(readFrontMatter(listed), folder.fields);
  const line = listed.split("\n").findIndex((l) => l.startsWith("1. Shorter")) + 1;
  assert.match(html, /The build would refuse content\/guides\/uk-student-visa\.md/);
  // A new guide, its fields still empty: the prompt alone, never a programmer's error.
  for (const fresh of [{}, { title: "Visa" }, { title: "Visa", body: "" }]) {
    const prompt = guidePreviewHtml(fresh, folder.fields);
    assert.match(prompt, /The preview shows the guide once its fields are filled in\./);
    assert.doesNotMatch(prompt, /<pre|Cannot read|undefined/, JSON.stringify(fresh));
  }
  assert.ok(
    html.includes(
      `content/guides/uk-student-visa.md:${line}: a list&#x27;s items are written - item (numbered lists are not shown)`,
    ),
    html,
  );
});

test("pickers show what staff know an id by, saving the id", async () => {
  const json = JSON.stringify((await adminFiles({})).config);
  const shown = (label: string, value: string) => json.includes(JSON.stringify({ label, value }));
  assert.equal(
    shown("Short Courses and Executive Education (shortCourses)", "shortCourses"),
    true,
    "a programme by its name",
  );
  assert.equal(shown("The enquiry form (/contact) (enquiry)", "enquiry"), true, "a form");
  assert.equal(/[[,]"(shortCourses|enquiry)"[,\]]/.test(json), false, "no bare id offered");
});

test("the address widget: a guide keeps its own address; a page may not take a guide's or a reserved one", () => {
  const address = { reserved: ["admin"], builtIn: ["/about", "/guides/uk-student-visa"] };
  const file = "content/guides/uk-student-visa.md";
  const others = [{ path: file, slug: "uk-student-visa" }];
  assert.equal(
    addressProblem(address, "guides", "uk-student-visa", undefined, file, others),
    undefined,
  );
  assert.match(
    addressProblem(
      address,
      "guides",
      "uk-student-visa",
      undefined,
      "content/guides/new.md",
      others,
    ) ?? "",
    /another guide's address/,
  );
  assert.match(
    addressProblem(address, "pages", "about", undefined, undefined, []) ?? "",
    /already a page/,
  );
  assert.match(
    addressProblem(address, "pages", "admin", undefined, undefined, []) ?? "",
    /reserved/,
  );
});
