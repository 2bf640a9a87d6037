/**
 * Finds English a reader of a translated page or e-mail would meet: every Latin word left once the
 * names that stay English by decision (decisions.md, "Languages") are taken out. Shared by the
 * page check (test/unit/english-leftovers.test.ts) and the server's answers and e-mails
 * (test/server/languages.test.ts).
 */
import { parseDocument } from "htmlparser2";
import { Element, Text, type AnyNode } from "domhandler";
import { currencies } from "../src/content/costOfStudy";
import { partners } from "../src/content/home";
import { categories } from "../src/content/programmes";
import { site } from "../src/content/site";
import { testimonials } from "../src/content/testimonials";
import { initials } from "../src/lib/initials";

/** The names allowed to stay English, each group with the decision that keeps it. */
export const namesStayingEnglish: { why: string; names: string[] }[] = [
  { why: "the agency's name", names: [site.name, site.shortName] },
  {
    // The station a visitor looks for on the signs is named as the street's district.
    why: "the postal address, and the station by it",
    names: [...site.address.lines, ...site.address.street, "Whitechapel"],
  },
  {
    why: "university names, their cities and monograms",
    names: partners.flatMap((p) => [
      p.name,
      p.name.replace(/^University of |\s*University$/, ""),
      p.city,
      p.monogram,
    ]),
  },
  {
    why: "programme titles",
    // A student's story names the programme taken after the one in its heading.
    names: [...categories.flatMap((c) => c.groups.flatMap((g) => g.programs)), "MSc Finance"],
  },
  {
    why: "students' names, initials and programmes",
    names: testimonials.flatMap((t) => [t.name, initials(t.name), t.program]),
  },
  {
    why: "exam, scheme and qualification names as a student meets them on forms",
    names: [
      "IELTS Academic",
      "IELTS for UKVI",
      "IELTS",
      "UCAS",
      "CAS",
      "ATAS",
      "GOV.UK",
      "UKVI",
      "UK Visas and Immigration",
      "Graduate Route",
      "eVisa",
      "Secure English Language Test",
      "Immigration Health Surcharge",
      "Chevening Scholarships",
      "Chevening",
      "Commonwealth Scholarships",
      "settled status",
      "City of London",
      "A levels",
      "IB",
      "GP",
      "co-op",
      "grandes écoles",
      "Pre-Masters",
      "MSc",
      "MRes",
      "MA",
      "PhD",
      "MBA",
      "LLM",
      "BSc",
      "LLB",
      "Hons",
      "CPD",
    ],
  },
  {
    // The privacy notice names the UK regulator as its site and letters do; Chinese privacy
    // notices write the web's "Cookie" as it is.
    why: "the data protection regulator, and the web's Cookie",
    names: ["ICO", "Cookie"],
  },
  {
    why: "products and networks by their own names",
    names: [...site.social.map((s) => s.label), "WhatsApp", "Google", "JavaScript"],
  },
  {
    why: "currency codes and the symbols Intl writes for them",
    names: currencies.flatMap((c) => [c.code, c.symbol.trim()]),
  },
];

const allowed = namesStayingEnglish
  .flatMap((g) => g.names)
  .filter(Boolean)
  .sort((a, b) => b.length - a.length);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const allowedPattern = new RegExp(
  `(?<![A-Za-z])(?:${allowed.map(escape).join("|")})(?![A-Za-z])`,
  "g",
);
const data =
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?:\/\/\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:example|org|com|uk)\b/g;

/**
 * The English words left in one text once names and data (addresses, links) are taken out, and
 * `typed`: what a visitor wrote, which comes back as they wrote it.
 */
export function englishWords(text: string, typed: string[] = []): string[] {
  let rest = text.replace(data, " ").replace(allowedPattern, " ");
  for (const t of typed) rest = rest.replaceAll(t, " ");
  return rest.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]|\b[A-Za-z]\b/g) ?? [];
}

const ATTRIBUTES = ["aria-label", "aria-roledescription", "title", "placeholder", "alt"];
/** Meta tags whose content a reader meets: search results, shared links' cards. */
const META = /^(?:description|(?:og|twitter):(?:title|description|image:alt)|og:site_name)$/;

/**
 * What a reader of an HTML document sees or hears: text (JavaScript off too: `<noscript>`),
 * accessible names and descriptions, the title and the meta a search result or a shared link shows.
 * An element marked as another language (`lang="en"` on the switcher's "English") is left out.
 */
export function readableTexts(html: string, lang: string): string[] {
  const texts: string[] = [];
  const walk = (node: AnyNode) => {
    if (node instanceof Text) texts.push(node.data);
    if (!(node instanceof Element)) return;
    if (["script", "style", "template"].includes(node.name)) return;
    const own = node.attribs.lang;
    if (own && own !== lang && node.name !== "html") return;
    for (const a of ATTRIBUTES) if (node.attribs[a]) texts.push(node.attribs[a]);
    const meta = node.attribs.name ?? node.attribs.property;
    if (node.name === "meta" && meta && META.test(meta)) texts.push(node.attribs.content ?? "");
    if (node.name === "input" && /^(?:submit|button)$/.test(node.attribs.type ?? ""))
      texts.push(node.attribs.value ?? "");
    if (node.name === "noscript")
      parseDocument(
        node.children.map((c) => (c instanceof Text ? c.data : "")).join(""),
      ).children.forEach(walk);
    node.children.forEach(walk);
  };
  parseDocument(html).children.forEach(walk);
  return texts;
}

/** Each English word in a document with the text it was found in: "word" in "…text…". */
export function englishLeftovers(html: string, lang: string, typed: string[] = []): string[] {
  const texts = /^\s*</.test(html) ? readableTexts(html, lang) : [html];
  return texts.flatMap((text) =>
    englishWords(text, typed).map((w) => `"${w}" in "${text.trim().slice(0, 120)}"`),
  );
}
