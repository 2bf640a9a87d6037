import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { buildSite } from "../browser/harness";
import { linkWords, pageDocs } from "../../src/build/searchIndex";
import { checkSynonyms, loadSynonyms } from "../../src/content/searchSynonyms";
import { ContentError } from "../../src/content/yamlFile";
import {
  createIndex,
  query,
  snippet,
  type SearchData,
  type SearchIndex,
} from "../../src/search/engine";
import { normalise, terms, withinOneEdit, type SearchLanguage } from "../../src/search/text";

/** The page a student means by each query, in each language: it must come in the first three. */
const RELEVANCE: Record<SearchLanguage, [query: string, page: string][]> = {
  en: [
    ["visa", "/guides/uk-student-visa"],
    ["scholarships", "/guides/scholarships-for-international-students"],
    ["scholarhsip", "/guides/scholarships-for-international-students"],
    ["IELTS", "/guides/uk-student-visa"],
    ["open day", "/events/office-open-day-january"],
    ["UCAS", "/undergraduate-programmes"],
    ["accomodation", "/student-services"],
    ["personal statement", "/events/personal-statement-workshop"],
    ["CAS", "/guides/uk-student-visa"],
    ["graduate route", "/guides/uk-student-visa"],
    ["psychology", "/undergraduate-programmes"],
    ["foundation", "/foundation-programmes"],
    ["book a consultation", "/book"],
    ["universty", "/events/meet-uk-universities"],
    // Found by what the site calls them (its menus' and links' words, the description).
    ["costs", "/cost-of-study"],
    ["pre-masters", "/postgraduate-programmes"],
  ],
  ar: [
    ["تأشيرة", "/ar/guides/uk-student-visa"],
    ["التأشيرة", "/ar/guides/uk-student-visa"],
    ["تاشيره", "/ar/guides/uk-student-visa"],
    ["تأشيـــرة", "/ar/guides/uk-student-visa"],
    ["منحة", "/ar/guides/scholarships-for-international-students"],
    ["مِنْحَة", "/ar/guides/scholarships-for-international-students"],
    ["المنح الدراسية", "/ar/guides/scholarships-for-international-students"],
    ["السكن", "/ar/student-services"],
    ["IELTS", "/ar/guides/uk-student-visa"],
    ["UCAS", "/ar/undergraduate-programmes"],
    ["يوم مفتوح", "/ar/events/office-open-day-january"],
    ["البكالوريوس", "/ar/undergraduate-programmes"],
    ["احجز استشارة", "/ar/book"],
    ["الخطاب الشخصي", "/ar/events/personal-statement-workshop"],
    ["٢٠٢٦", "/ar/guides/january-2026-intake"],
    ["Psychology", "/ar/undergraduate-programmes"],
    ["التكاليف", "/ar/cost-of-study"],
    ["ما قبل الماجستير", "/ar/postgraduate-programmes"],
  ],
  zh: [
    ["签证", "/zh/guides/uk-student-visa"],
    ["学生签证", "/zh/guides/uk-student-visa"],
    ["奖学金", "/zh/guides/scholarships-for-international-students"],
    ["住宿", "/zh/student-services"],
    ["IELTS", "/zh/guides/uk-student-visa"],
    ["UCAS", "/zh/undergraduate-programmes"],
    ["开放日", "/zh/events/office-open-day-january"],
    ["本科", "/zh/undergraduate-programmes"],
    ["预科", "/zh/foundation-programmes"],
    ["预约咨询", "/zh/book"],
    ["个人陈述", "/zh/events/personal-statement-workshop"],
    ["Psychology", "/zh/undergraduate-programmes"],
    ["Computer Science", "/zh/undergraduate-programmes"],
    ["费用", "/zh/cost-of-study"],
    ["规划", "/zh/cost-of-study"],
    ["硕士预科", "/zh/postgraduate-programmes"],
  ],
};

/**
 * A search by a word the pages put otherwise (content/searchSynonyms.yaml), of each kind: a name
 * in another script or form, a date written another way, a word of the same meaning. The page
 * must come in the first three, and not without the synonyms.
 */
const SYNONYMS: Record<SearchLanguage, [query: string, page: string][]> = {
  en: [
    ["IHS", "/guides/uk-student-visa"],
    ["autumn", "/study-in-the-uk-september-2027"],
    ["fees", "/cost-of-study"],
    ["housing", "/student-services"],
  ],
  ar: [
    ["آيلتس", "/ar/guides/uk-student-visa"],
    ["كانون الثاني", "/ar/guides/january-2026-intake"],
    ["المصاريف", "/ar/cost-of-study"],
  ],
  zh: [
    ["雅思", "/zh/guides/uk-student-visa"],
    ["一月", "/zh/guides/january-2026-intake"],
    ["住房", "/zh/student-services"],
  ],
};

// The day the test build is made at (scripts/test.sh): which events are past is fixed.
const NOW = Date.parse("2026-11-25T12:00:00Z");
const data = {} as Record<SearchLanguage, SearchData>;
const docs = {} as Record<SearchLanguage, SearchData["docs"]>;
/** A language's index as the browser and our server make it: from the built file, synonyms too. */
const built = (language: SearchLanguage) =>
  createIndex(language, data[language].docs, data[language].synonyms);
const top3 = (index: SearchIndex, q: string) =>
  query(index, q, { now: NOW })
    .slice(0, 3)
    .map((r) => r.doc.url.split("#")[0]);
let remove = () => {};

before(async () => {
  const site = await buildSite();
  remove = site.remove;
  const assets = join(site.dist, "assets");
  for (const language of ["en", "ar", "zh"] as const) {
    const file = readdirSync(assets).find((f) =>
      new RegExp(`^search-${language}-\\w+\\.json$`).test(f),
    );
    assert.ok(file, `the build wrote no ${language} search index`);
    data[language] = JSON.parse(readFileSync(join(assets, file), "utf8")) as SearchData;
    docs[language] = data[language].docs;
  }
});
after(() => remove());

for (const language of ["en", "ar", "zh"] as const)
  test(`relevance in ${language}: each query's page comes in the first three`, () => {
    const index = built(language);
    assert.ok(RELEVANCE[language].length >= 10);
    const misses = RELEVANCE[language].flatMap(([q, page]) => {
      const top = top3(index, q);
      return top.includes(page) ? [] : [`"${q}": ${page} not in ${top.join(", ") || "nothing"}`];
    });
    assert.deepEqual(misses, []);
  });

for (const language of ["en", "ar", "zh"] as const)
  test(`synonyms in ${language}: a name, a date and a word put otherwise find the page`, () => {
    const index = built(language);
    const without = createIndex(language, docs[language]);
    const misses = SYNONYMS[language].flatMap(([q, page]) => {
      const top = top3(index, q);
      assert.ok(!top3(without, q).includes(page), `"${q}" finds ${page} without its synonym`);
      return top.includes(page) ? [] : [`"${q}": ${page} not in ${top.join(", ") || "nothing"}`];
    });
    assert.deepEqual(misses, []);
  });

test("the index carries content/searchSynonyms.yaml; a passage marks where a synonym stands", () => {
  const synonyms = loadSynonyms();
  for (const language of ["en", "ar", "zh"] as const)
    assert.deepEqual(data[language].synonyms, synonyms[language]);
  const [first] = query(built("en"), "housing", { now: NOW });
  assert.ok(
    first.snippet.some((p) => p.marked && /^accommodation$/i.test(p.text)),
    JSON.stringify(first.snippet),
  );
  // The query's own word first: a page that says "fees" before one that only says "costs".
  const index = createIndex(
    "en",
    [
      { url: "/costs", kind: "page", title: "Costs", text: "What it costs." },
      { url: "/fees", kind: "page", title: "Fees", text: "What the fees are." },
    ],
    [["fees", "costs"]],
  );
  assert.deepEqual(
    query(index, "fees").map((r) => r.doc.url),
    ["/fees", "/costs"],
  );
  assert.deepEqual(
    query(index, "fee").map((r) => r.doc.url),
    ["/fees", "/costs"],
    "as typed: a word's start",
  );
});

test("a synonyms file with a word in two groups, or only common words, stops the build at its line", () => {
  const refused = (text: string) => {
    try {
      checkSynonyms(text, "content/searchSynonyms.yaml");
    } catch (error) {
      assert.ok(error instanceof ContentError);
      return error.message;
    }
    assert.fail("accepted");
  };
  assert.match(
    refused("en:\n  - words: [fees, costs]\n  - words: [tuition, Fees]\n"),
    /^content\/searchSynonyms\.yaml:3: English group 2 field words\.1: "Fees" is in group 1 too/,
  );
  assert.match(
    refused("zh:\n  - words: [雅思, IELTS]\nar:\n  - words: [في, على]\n"),
    /:4: Arabic group 1 field words\.0: "في" has only words too common/,
  );
  assert.match(refused("en:\n  - words: [fees]\n"), /at least two words/);
  assert.deepEqual(checkSynonyms("zh:\n  - words: [一月, 1月]\n", "f.yaml"), {
    en: [],
    ar: [],
    zh: [["一月", "1月"]],
  });
});

test("every page of every language is found by its own title", () => {
  for (const language of ["en", "ar", "zh"] as const) {
    const index = built(language);
    for (const doc of docs[language].filter((d) => !d.page)) {
      const urls = query(index, doc.title, { now: NOW }).map((r) => r.doc.url);
      assert.ok(
        urls.slice(0, 5).includes(doc.url),
        `${doc.url} by "${doc.title}": ${urls.slice(0, 5).join(", ")}`,
      );
    }
  }
});

test("each language indexes its own pages, guides by their sections", () => {
  for (const [language, prefix] of [
    ["en", "/"],
    ["ar", "/ar/"],
    ["zh", "/zh/"],
  ] as const) {
    assert.ok(docs[language].every((d) => d.url.startsWith(prefix)));
    assert.ok(
      !docs[language].some((d) => /\/search\b|\/events\/(kind|in)\//.test(d.url)),
      "no search page, no filter copies",
    );
    const kinds = new Set(docs[language].map((d) => d.kind));
    for (const kind of ["guide", "programme", "event", "service", "page", "tool"] as const)
      assert.ok(kinds.has(kind), `${language}: ${kind}`);
    assert.ok(docs[language].some((d) => d.url.includes("/guides/uk-student-visa#your-cas")));
  }
  const event = docs.en.find((d) => d.url === "/events/personal-statement-workshop");
  assert.equal(event?.start, "2026-12-12T11:00:00.000Z");
  assert.match(event?.when ?? "", /12 December/);
});

test("past events rank below those to come", () => {
  const index = built("en");
  const results = query(index, "webinar", { now: NOW });
  const firstPast = results.findIndex((r) => r.past);
  assert.ok(firstPast > 0, "an upcoming webinar comes first");
  assert.ok(results.slice(firstPast).every((r) => r.past || r.doc.kind !== "event"));
});

test("matching: stems, one typo in long words only, Arabic forms and digits", () => {
  assert.deepEqual(terms("en", "Scholarships"), terms("en", "scholarship"));
  assert.equal(normalise("أإآٱ"), "اااا");
  assert.equal(normalise("مَدْرَسَةٌ"), normalise("مدرسه"));
  assert.equal(normalise("٢٠٢٦ ۲۰۲۶"), "2026 2026");
  assert.equal(normalise("تأشيـــرة"), normalise("تاشيره"));
  assert.ok(withinOneEdit("scholarhsip", "scholarship"), "two letters swapped");
  assert.ok(withinOneEdit("universty", "university"), "a letter left out");
  assert.ok(!withinOneEdit("univrsty", "university"));
  const index = built("en");
  assert.equal(query(index, "vsa", { now: NOW }).length, 0, "no typo forgiven in a short word");
  assert.ok(query(index, "scholarhsip", { now: NOW }).length > 0);
});

test("a snippet marks the matched words where they stand", () => {
  const parts = snippet(
    "en",
    "Funding your studies: scholarships and bursaries for students.",
    terms("en", "scholarship"),
  );
  assert.deepEqual(
    parts.filter((p) => p.marked).map((p) => p.text),
    ["scholarships"],
  );
  assert.equal(
    parts.map((p) => p.text).join(""),
    "Funding your studies: scholarships and bursaries for students.",
  );
  const arabic = snippet("ar", "تقدّم بطلب التأشيرة الدراسية مبكرًا", terms("ar", "تأشيرة"));
  assert.deepEqual(
    arabic.filter((p) => p.marked).map((p) => p.text),
    ["التأشيرة"],
  );
  const chinese = snippet("zh", "申请英国学生签证需要准备材料", terms("zh", "签证"));
  assert.deepEqual(
    chinese.filter((p) => p.marked).map((p) => p.text),
    ["签证"],
  );
});

test("what the site calls a page: its links' words, from every page, each once, and its description", () => {
  const menu = `<nav><a href="/cost-of-study">Cost of study planner</a><a href="/">Home</a></nav>`;
  const page = (main: string) =>
    `<html><head><meta name="description" content="Plan a year's costs."></head><body>${menu}<main>${main}</main>` +
    `<a href="/ar/cost-of-study" hreflang="ar">العربية</a></body></html>`;
  const links = linkWords([
    {
      html: page(
        `<h1>Home</h1><a href="/guides/visa/#your-cas">Your <span class="visually-hidden">CAS</span></a>`,
      ),
    },
    {
      html: page(
        `<h1>Book</h1><a href="/cost-of-study?from=book" aria-label="Plan what it will cost">Plan</a>`,
      ),
    },
    // "Read more" leads to three pages: it says nothing of any of them.
    {
      html: page(
        `<a href="/a">Read more</a><a href="/b">Read more</a><a href="/c">read more</a><a href="#top">Top</a>`,
      ),
    },
  ]);
  assert.deepEqual(links.get("/cost-of-study"), [
    "Cost of study planner",
    "Plan what it will cost",
  ]);
  assert.deepEqual(links.get("/guides/visa#your-cas"), ["Your CAS"]);
  assert.deepEqual(links.get("/a"), []);
  assert.ok(!links.has("#top") && ![...links.values()].flat().includes("العربية"));
  const [doc] = pageDocs(
    page("<h1>What will a year cost?</h1><p>Rent.</p>"),
    "/cost-of-study",
    "tool",
    links,
    "/cost-of-study",
  );
  assert.deepEqual(doc.links, ["Cost of study planner", "Plan what it will cost"]);
  assert.equal(doc.text.slice(0, doc.lead), "Plan a year's costs.");
  // In the built site: the menu's name for the planner, in each language.
  for (const [language, url, name] of [
    ["en", "/cost-of-study", "Cost of study planner"],
    ["ar", "/ar/cost-of-study", "مخطِّط تكاليف الدراسة"],
    ["zh", "/zh/cost-of-study", "留学费用规划"],
  ] as const)
    assert.ok(docs[language].find((d) => d.url === url)?.links?.includes(name), `${url}: ${name}`);
});
