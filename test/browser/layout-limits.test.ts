/**
 * The header and the hero hold their layout with the longest texts staff and translators may
 * write (src/content/schema/limits.ts): the site is built from a temp copy of the repository
 * whose menu and hero slides are at their limits in English, Arabic and Chinese, and read in
 * Chromium at 1280 px and at the menu's breakpoint (1100 px, --bp-nav): no header link wraps,
 * the menu is one row, nothing overlaps or overflows, and every slide shows its whole text within
 * an 800 px high screen. One character more is refused by the build, with its reason.
 */
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import {
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { parseDocument } from "yaml";
import type { Browser } from "playwright-core";
import { launchBrowser, startServer } from "./harness";
import { layoutLimits } from "../../src/content/schema/limits";

const root = resolve(import.meta.dirname, "../..");
const { en, ar, zh } = layoutLimits;

/** The menu at its limits: six entries whose labels come to exactly the budget. */
const MENUS = {
  en: ["Home", "Courses", "Scholarship Guidance", "Events", "Blog", "Visit"],
  ar: ["الرئيسية", "الدورات", "خدمات الطلاب", "الفعاليات والندوات", "من نحن", "تواصل"],
  zh: ["首页", "课程", "奖学金与留学指导", "活动与网络研讨会", "关于", "联系"],
};

const POOLS = {
  en: "Many universities offer automatic discounts and merit scholarships to international students. We check which ones you qualify for and help you write applications that stand out, from the first draft to the final document. ",
  ar: "ما زالت المقاعد متاحة في كثير من الدورات التأسيسية ودورات البكالوريوس والدراسات العليا. أخبرنا بما تريد دراسته وسيرد عليك مستشار خلال يوم عمل واحد، ونساعدك في كل خطوة من طلبك. ",
  zh: "许多大学为国际学生提供自动学费减免和奖学金。我们直接与英格兰、苏格兰和威尔士的大学合作，让你的申请带着所需的一切送到合适的招生团队，从初稿到最终文件都有顾问帮助。",
};

/** `n` characters of `pool` from `from` on, ending in a letter (no trailing space to trim). */
const cut = (pool: string, n: number, from: number) => {
  const chars = [...pool.repeat(4)].slice(from);
  let start = 0;
  while (chars[start + n - 1] === " " || chars[start] === " ") start++;
  return chars.slice(start, start + n).join("");
};

let repo = "";
let dist = "";
let buildLog = "";
let server: Awaited<ReturnType<typeof startServer>> | undefined;
let browser: Browser;
let closeBrowser: (() => Promise<void>) | undefined;

/** Runs the copy's build; resolves with its output, or rejects with the build's error. */
const build = (out: string) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", join(repo, "build.ts")], {
    cwd: repo,
    env: { ...process.env, BUILD_NOW: "2026-11-25T12:00:00Z", DIST_DIR: out, CMS_BACKEND: "off" },
    maxBuffer: 16 * 1024 * 1024,
  });

/** The menu's addresses, in the order of content/navigation.yaml (the second opens Courses). */
const HREFS = ["/", "", "/student-services", "/events", "/about", "/contact"];

/** content/navigation.yaml with `labels` as the main menu's. */
function writeMenu(labels: string[]) {
  const file = join(repo, "content/navigation.yaml");
  const doc = parseDocument(readFileSync(file, "utf8"));
  doc.set(
    "mainNav",
    labels.map((label, i) => (i === 1 ? { label, menu: "courses" } : { label, href: HREFS[i] })),
  );
  writeFileSync(file, doc.toString());
}

/** One translation catalog's entries rewritten: `texts` by key, each from its English `source`. */
function translate(code: string, name: string, texts: Record<string, [string, string]>) {
  const file = join(repo, "content/translations", code, `${name}.json`);
  const catalog = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  for (const [key, [source, text]] of Object.entries(texts)) catalog[key] = { source, text };
  writeFileSync(file, JSON.stringify(catalog, null, 2) + "\n");
}

before(async () => {
  repo = mkdtempSync(join(tmpdir(), "eg-limits-"));
  for (const name of readdirSync(root))
    if (!["node_modules", "dist", ".git", "test"].includes(name))
      cpSync(join(root, name), join(repo, name), { recursive: true });
  symlinkSync(join(root, "node_modules"), join(repo, "node_modules"));

  writeMenu(MENUS.en);
  for (const code of ["ar", "zh"] as const)
    translate(
      code,
      "navigation",
      Object.fromEntries(
        MENUS[code].map((label, i) => [`mainNav[${i}].label`, [MENUS.en[i], label]]),
      ),
    );

  const homeFile = join(repo, "content/home.yaml");
  const home = parseDocument(readFileSync(homeFile, "utf8"));
  const { slides } = home.toJS() as { slides: { id: string }[] };
  const texts = (code: "en" | "ar" | "zh", i: number) => ({
    title: cut(POOLS[code], layoutLimits[code].heroTitle, i * 13),
    description: cut(POOLS[code], layoutLimits[code].heroText, i * 17 + 5),
    cta: cut(POOLS[code], layoutLimits[code].heroButton, i * 7 + 3),
  });
  slides.forEach((_, i) => {
    const t = texts("en", i);
    home.setIn(["slides", i, "title"], t.title);
    home.setIn(["slides", i, "description"], t.description);
    home.setIn(["slides", i, "cta", "label"], t.cta);
  });
  writeFileSync(homeFile, home.toString());
  for (const code of ["ar", "zh"] as const)
    translate(
      code,
      "home",
      Object.fromEntries(
        slides.flatMap((s, i) => {
          const [english, local] = [texts("en", i), texts(code, i)];
          return [
            [`slides[${s.id}].title`, [english.title, local.title]],
            [`slides[${s.id}].description`, [english.description, local.description]],
            [`slides[${s.id}].cta.label`, [english.cta, local.cta]],
          ];
        }),
      ),
    );

  dist = join(repo, "dist");
  const built = await build(dist);
  buildLog = built.stdout + built.stderr;
  server = await startServer(dist);
  ({ browser, close: closeBrowser } = await launchBrowser());
});
after(async () => {
  await closeBrowser?.();
  await server?.close();
  if (repo) rmSync(repo, { recursive: true, force: true });
});

/** What the header and hero look like in the page: lines, rows, overlaps, clipped text. */
const PROBE = `(() => {
  const linesOf = (el) => {
    let most = 0;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const tops = [...range.getClientRects()].map((r) => r.top).sort((a, b) => a - b);
      most = Math.max(most, tops.filter((t, i) => i === 0 || t - tops[i - 1] > 5).length);
    }
    return most;
  };
  const wrapped = [...document.querySelectorAll(".brand, .nav-link, .header-cta, .language-switcher a")]
    .filter((el) => el.getClientRects().length && linesOf(el) > 1)
    .map((el) => el.textContent.trim());
  const rows = new Set([...document.querySelectorAll(".nav-list > li")].map((li) => Math.round(li.getBoundingClientRect().top))).size;
  const parts = [".brand", ".search-toggle", ".nav-list", ".header-cta", ".language-switcher"]
    .map((s) => [s, document.querySelector(s).getBoundingClientRect()]);
  const overlaps = [];
  parts.forEach(([a, ra], i) => parts.slice(i + 1).forEach(([b, rb]) => {
    if (ra.width && rb.width && ra.left < rb.right - 0.5 && rb.left < ra.right - 0.5 && ra.top < rb.bottom - 0.5 && rb.top < ra.bottom - 0.5) overlaps.push(a + " and " + b);
  }));
  const bar = document.querySelector(".header-bar").getBoundingClientRect();
  const outside = parts.filter(([, r]) => r.width && (r.left < bar.left - 0.5 || r.right > bar.right + 0.5)).map(([s]) => s);
  const hero = document.querySelector(".hero").getBoundingClientRect();
  const clipped = [...document.querySelectorAll(".hero-slide")].flatMap((slide) =>
    [...slide.querySelectorAll(".hero-title, .hero-description, .hero-copy .button")].filter((el) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return el.scrollHeight > el.clientHeight + 4 && style.overflow !== "visible"
        || style.textOverflow === "ellipsis" || (style.webkitLineClamp && style.webkitLineClamp !== "none")
        || r.bottom > hero.bottom || r.top < hero.top;
    }).map((el) => el.textContent.slice(0, 30)));
  return {
    wrapped, rows, overlaps, outside, clipped,
    overflow: document.documentElement.scrollWidth > innerWidth,
    heroBottom: Math.round(hero.bottom + scrollY),
    menu: [...document.querySelectorAll(".nav-list > li > .nav-link")].map((a) => a.textContent.trim()),
    description: document.querySelector(".hero-description").textContent,
  };
})()`;

interface Probe {
  wrapped: string[];
  rows: number;
  overlaps: string[];
  outside: string[];
  clipped: string[];
  overflow: boolean;
  heroBottom: number;
  menu: string[];
  description: string;
}

test("at their limits the build warns of nothing too long, in English, Arabic and Chinese", () => {
  assert.doesNotMatch(buildLog, /too long/i, buildLog);
  assert.equal(
    MENUS.en.join("").length,
    en.menuTotal,
    "the English menu is at its limit: the test proves the budget",
  );
  assert.equal([...MENUS.ar.join("")].length, ar.menuTotal);
  assert.equal([...MENUS.zh.join("")].length, zh.menuTotal);
});

for (const width of [1100, 1280])
  test(`at ${width} px the header keeps one row, nothing wraps or overlaps, and the hero shows its whole text`, async () => {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    try {
      for (const [code, prefix] of [
        ["en", ""],
        ["ar", "/ar"],
        ["zh", "/zh"],
      ] as const) {
        await page.goto(`${server!.origin}${prefix}/`, { waitUntil: "load" });
        await page.evaluate(() => document.fonts.ready);
        const seen = await page.evaluate<Probe>(PROBE);
        const at = `${code} at ${width} px: ${JSON.stringify(seen)}`;
        assert.deepEqual(seen.menu, MENUS[code], `the menu at its limit is shown, ${at}`);
        assert.ok(
          [...seen.description].length >= layoutLimits[code].heroText,
          `the hero at its limit, ${at}`,
        );
        assert.deepEqual(seen.wrapped, [], `no header link on two lines, ${at}`);
        assert.equal(seen.rows, 1, `the menu in one row, ${at}`);
        assert.deepEqual(seen.overlaps, [], `nothing overlaps, ${at}`);
        assert.deepEqual(seen.outside, [], `nothing outside the header bar, ${at}`);
        assert.equal(seen.overflow, false, `no sideways scrolling, ${at}`);
        assert.deepEqual(seen.clipped, [], `no hero text cut, ${at}`);
        assert.ok(seen.heroBottom <= 800, `the hero within an 800 px screen, ${at}`);
      }
    } finally {
      await page.close();
    }
  });

test("one character over a limit is refused by the build, with its reason", async () => {
  const refused = async (labels: string[]) => {
    writeMenu(labels);
    try {
      await build(join(repo, "dist-refused"));
    } catch (error) {
      return (error as { stderr: string }).stderr;
    }
    assert.fail(`the build should have refused ${labels.join(", ")}`);
  };
  const long = await refused(["Home", "Courses", "Scholarship Guidances", "Events", "Team"]);
  assert.match(
    long,
    /navigation\.yaml:\d+: .*label: at most 20 characters: the menu must fit on one line at 1100 px/,
  );
  const total = await refused([...MENUS.en.slice(0, 4), "Blogs", "Visit"]);
  assert.match(
    total,
    /mainNav: the entries' texts come to 47 characters together, at most 46: the menu must fit on one line at 1100 px/,
  );
});
