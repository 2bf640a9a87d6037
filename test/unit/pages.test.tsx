import { test } from "node:test";
import assert from "node:assert/strict";
import { Window } from "happy-dom";
import { routes, notFoundRoute } from "../../src/routes";
import { renderRoute } from "../../src/build/render";
import { categories } from "../../src/content/programmes";
import { destinations } from "../../src/content/destinations";
import { mapLocations } from "../../src/content/home";
import { guides } from "../../src/content/guides";
import { site } from "../../src/content/site";

const assets = {
  css: "/assets/main.css",
  font: "/assets/f.woff2",
  worldMap: "/assets/map.svg",
  flags: Object.fromEntries(
    [...destinations, ...mapLocations].map((c) => [
      c.countryCode,
      `/assets/flag-${c.countryCode}.svg`,
    ]),
  ),
};
const window = new Window();

function page(path: string) {
  const route = [...routes, notFoundRoute].find((r) => r.path === path);
  assert.ok(route, `route ${path}`);
  const { html, islands } = renderRoute(route, assets, "/assets/og-card.png");
  const doc = new window.DOMParser().parseFromString(html, "text/html");
  const all = (selector: string) => [...doc.querySelectorAll(selector)];
  const text = (selector: string) => doc.querySelector(selector)?.textContent?.trim() ?? "";
  return { html, doc, all, text, islands };
}

test("every page: one title, description, canonical, lang, one h1, skip link, layout", () => {
  for (const route of [...routes, notFoundRoute]) {
    const { all, doc, text } = page(route.path);
    assert.equal(all("title").length, 1, `${route.path} title`);
    assert.equal(doc.documentElement.getAttribute("lang"), "en");
    assert.equal(all('meta[name="description"]').length, 1, `${route.path} description`);
    assert.equal(all("h1").length, 1, `${route.path} h1`);
    assert.equal(text(".skip-link"), "Skip to main content");
    assert.ok(doc.querySelector("main#main"));
    assert.equal(all(".quick-contact a").length, 3, "WhatsApp, call, e-mail");
    assert.equal(all('link[rel="canonical"]').length, route === notFoundRoute ? 0 : 1);
    for (const id of route.anchors) assert.ok(doc.getElementById(id), `${route.path} has #${id}`);
  }
});

test("header: full menu with the four programme links and the two tools, CTA to /#contact, ticker on home only", () => {
  const home = page("/");
  assert.deepEqual(
    home.all("#courses-menu a").map((a) => a.getAttribute("href")),
    [...categories.map((c) => c.path), "/find-your-route", "/cost-of-study"],
  );
  assert.deepEqual(
    home.all(".nav-list > li > .nav-link").map((a) => a.textContent?.trim()),
    ["Home", "Courses", "Student Services", "Events", "About", "Contact"],
  );
  assert.equal(home.doc.querySelector(".header-cta")?.getAttribute("href"), "/#contact");
  assert.equal(home.text(".cta-desktop"), "Apply now");
  assert.equal(home.text(".cta-mobile"), "Begin your application");
  assert.equal(home.all(".ticker li:not([aria-hidden])").length, 3);
  assert.equal(page("/about").all(".ticker").length, 0);
  assert.equal(
    page("/about").doc.querySelector('a[aria-current="page"]')?.getAttribute("href"),
    "/about",
  );
});

test("footer: contacts, three link columns, ten destinations, six socials, office hours", () => {
  const { all, text } = page("/contact");
  const footer = text(".site-footer");
  for (const s of [
    site.email,
    site.phone.display,
    site.mobile.display,
    site.infoEmail,
    site.admissionsEmail,
  ])
    assert.ok(footer.includes(s), s);
  assert.ok(footer.includes(site.address.lines[1]));
  assert.deepEqual(
    all(".site-footer nav h2").map((h) => h.textContent),
    ["Quick Links", "Study Destinations", "Programmes"],
  );
  assert.equal(all('.site-footer nav[aria-labelledby="footer-study-destinations"] a').length, 10);
  assert.equal(all(".social a").length, 6);
  assert.ok(footer.includes("Monday to Friday") && footer.includes("Saturday"));
  assert.equal(destinations.length, 10);
});

test("home: sections in order, four slides, five partners, six cards, three stories", () => {
  const { all, doc, islands } = page("/");
  const order = [
    "universities",
    "network",
    "courses",
    "contact",
    "testimonials",
    "about",
    "support",
    "destinations",
    "blog",
    "careers",
  ];
  const ids = all("main section[id]").map((s) => s.id);
  assert.deepEqual(
    ids.filter((id) => order.includes(id)),
    order,
  );
  assert.equal(all(".hero-slide").length, 4);
  assert.ok(all(".hero-slide")[0].className.includes("is-current"));
  for (const slide of all(".hero-slide")) {
    assert.ok(slide.querySelector(".hero-title")?.textContent);
    assert.ok(slide.querySelector(".hero-description")?.textContent);
    assert.ok(slide.querySelector("a.button")?.getAttribute("href"));
  }
  assert.equal(all(".partner:not([aria-hidden])").length, 5);
  assert.equal(all(".network-block").length, 2);
  assert.equal(all(".map-legend li").length, 8);
  assert.equal(doc.querySelector(".network-map img")?.getAttribute("src"), "/assets/map.svg");
  assert.equal(all(".course-card").length, 6);
  assert.deepEqual(
    all(".course-card a").map((a) => a.getAttribute("href")),
    [
      "/foundation-programmes",
      "/undergraduate-programmes",
      "/postgraduate-programmes",
      "/postgraduate-programmes",
      "/postgraduate-programmes",
      "/short-programmes",
    ],
  );
  assert.equal(all(".testimonial").length, 3);
  assert.equal(all(".spotlight-chip").length, 3);
  assert.equal(all(".testimonial .avatar-initials").length, 1, "one story shows initials");
  assert.match(all(".testimonial .avatar-initials")[0].textContent ?? "", /^[A-Z]{2}$/);
  assert.equal(all("#destinations li").length, 10);
  // Flags are decorative images beside the country name, sized before they load.
  const flags = [...all("#destinations li img"), ...all(".map-legend li img")];
  assert.deepEqual(
    flags.map((img) => img.getAttribute("src")),
    [...destinations, ...mapLocations].map((c) => `/assets/flag-${c.countryCode}.svg`),
  );
  for (const img of flags) {
    assert.equal(img.getAttribute("alt"), "");
    assert.ok(img.getAttribute("width") && img.getAttribute("height"));
  }
  assert.doesNotMatch(doc.body.textContent ?? "", /[\u{1F1E6}-\u{1F1FF}]/u, "no emoji flags");
  assert.equal(all("#blog a").length, guides.length);
  assert.ok(doc.querySelector('#careers a[href^="mailto:"]'));
  assert.deepEqual(islands.sort(), ["CourseSearch", "Testimonials"]);
});

test("enquiry form: six labelled fields, required flags, placeholder, options, POST", () => {
  const { doc, all } = page("/");
  const form = doc.querySelector("#contact form");
  assert.ok(form);
  assert.equal(form.getAttribute("method"), "post");
  assert.equal(doc.querySelector("#contact h2")?.textContent, "Connect with our advisers");
  const names = ["fullName", "email", "phone", "country", "interest", "message"];
  for (const name of names) {
    const field = doc.querySelector(`#contact form [name="${name}"]`);
    assert.ok(field, name);
    assert.ok(doc.querySelector(`label[for="${field.id}"]`), `label for ${name}`);
    assert.equal(field.hasAttribute("required"), name !== "message", `${name} required`);
  }
  assert.equal(form.querySelector('[name="email"]')?.getAttribute("type"), "email");
  assert.equal(form.querySelector('[name="phone"]')?.getAttribute("type"), "tel");
  const options = all("#contact select option");
  assert.equal(options[0].textContent, "Select programme type");
  assert.ok(options[0].hasAttribute("disabled"));
  // The six course cards and taught master's degrees.
  assert.equal(options.length, 8);
  assert.ok(options.some((o) => o.textContent === "Taught Masters"));
});

test("programme pages: hero, meta, four highlights, numbered list with every programme", () => {
  const expected = { foundation: 9, undergraduate: 11, postgraduate: 7, shortCourses: 19 };
  for (const category of categories) {
    const { all, text, islands } = page(category.path);
    assert.equal(text("h1"), category.name);
    assert.equal(all(".meta-card").length, category.meta.length);
    assert.equal(all(".highlight").length, 4);
    assert.equal(all("ol li.programme").length, expected[category.id]);
    assert.ok(all("main .combobox input").length === 1, "search box");
    assert.deepEqual(islands, ["ProgrammeSearch"]);
  }
  const short = page("/short-programmes");
  assert.ok(short.all(".programme-group-title").length >= 4, "short courses grouped by sector");
  assert.deepEqual(
    short.all("ol.programme-items").map((ol) => ol.getAttribute("start")),
    ["1", "5", "9", "13", "17"],
  );
});

test("student services: stats, three cards, 11 support items, 5 categories, consultation booking link", () => {
  const { all, doc, islands } = page("/student-services");
  assert.deepEqual(
    all(".intro-card .stat dd").map((d) => d.textContent),
    ["4+", "3", "100%"],
  );
  assert.equal(all(".service-card").length, 3);
  assert.equal(all(".support-items li").length, 11);
  assert.deepEqual(
    all(".category-counts li").map((li) => li.textContent),
    [
      "Admissions & UCAS24",
      "Accommodation12",
      "Finance & Scholarships18",
      "Student Welfare16",
      "Visa Support20",
    ],
  );
  assert.equal(doc.querySelector(".consultation-card a")?.textContent, "Schedule Consultation");
  assert.equal(doc.querySelector(".consultation-card a")?.getAttribute("href"), "/book");
  assert.deepEqual(islands, [], "no island, so no React on this page");
});

test("about: five sections, consultation form, six services, four course links", () => {
  const { all, doc } = page("/about");
  assert.deepEqual(
    all(".about-section h2").map((h) => h.textContent),
    [
      "Who We Are",
      "Our Vision",
      "Student-Centred Approach",
      "Proven Success Stories",
      "Our Commitment",
    ],
  );
  const form = doc.querySelector("form#consultation-form");
  assert.ok(form);
  for (const name of ["name", "email", "message"])
    assert.ok(form.querySelector(`[name="${name}"][required]`), name);
  assert.equal(form.querySelector('[name="email"]')?.getAttribute("type"), "email");
  assert.equal(all(".about-aside .ticks li").length, 6);
  assert.equal(all(".about-aside .link-list a").length, 4);
});

test("contact: map facade with Open in Maps and no frame, form #contact-form", () => {
  const { doc } = page("/contact");
  assert.ok(doc.querySelector("[data-office-map]"));
  assert.equal(doc.querySelector("iframe"), null, "no map request until asked");
  assert.match(doc.querySelector(".office-map a")?.textContent ?? "", /Open in Maps/);
  assert.ok(doc.querySelector("#contact form#contact-form"));
});

test("guides and 404", () => {
  for (const guide of guides) {
    const { text, all } = page(`/guides/${guide.slug}`);
    assert.equal(text("h1"), guide.title);
    assert.equal(all("article section").length, guide.sections.length);
  }
  const notFound = page("/404");
  assert.equal(notFound.text("h1"), "Page not found");
  assert.ok(notFound.all('main a[href="/"]').length === 1);
});

test("island props travel as JSON that cannot close its script element", () => {
  const { all } = page("/");
  const scripts = all("script");
  // Two islands' props, and the page's structured data (test/unit/seo.test.ts).
  assert.deepEqual(
    scripts.map((s) => s.getAttribute("type")),
    ["application/ld+json", "application/json", "application/json"],
  );
  for (const s of scripts) assert.doesNotThrow(() => JSON.parse(s.textContent ?? ""));
});
