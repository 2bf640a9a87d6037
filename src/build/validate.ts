import { existsSync } from "node:fs";
import { join } from "node:path";
import { hasFlag } from "./flags";

/** One content file and the values it exports. */
export interface ContentModule {
  /** Path from the project root, e.g. "content/home.yaml". */
  file: string;
  exports: Record<string, unknown>;
}

/** What a link may point at: a route and the element ids on it. */
export interface LinkTarget {
  path: string;
  anchors: string[];
}

export interface ValidationInput {
  modules: ContentModule[];
  targets: LinkTarget[];
  /** Folder that image paths are resolved against. */
  staticDir: string;
  /** Category slugs course cards may use. */
  categorySlugs: string[];
}

// Texts that may legitimately be empty: decorative image alt text, an ungrouped programme list.
const MAY_BE_EMPTY = [/\.alt$/, /groups\[\d+\]\.name$/];
const EMAIL = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
const TEL = /^\+[1-9]\d{6,14}$/;
const DATE_KEYS = ["published", "updated"];
const TIME_KEYS = ["opens", "closes"];

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
function isIsoDate(v: string) {
  const date = new Date(`${v}T00:00:00Z`);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(v) && !isNaN(date.valueOf()) && date.toISOString().startsWith(v)
  );
}

/** Every problem in the content, each naming the file, the entry and the field. */
export function validateContent(input: ValidationInput): string[] {
  const errors: string[] = [];
  for (const { file, exports } of input.modules) {
    const fail = (path: string, problem: string) => errors.push(`${file}: ${path} ${problem}`);
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value === "function") continue;
      walk(
        value,
        name,
        (path, key, v) => {
          if (typeof v === "string") checkText(path, key, v, input, fail);
        },
        (path, list) => checkUnique(path, list, fail),
      );
    }
  }
  return errors;
}

type Visit = (path: string, key: string, value: unknown) => void;
type VisitList = (path: string, list: unknown[]) => void;

function walk(value: unknown, path: string, visit: Visit, visitList: VisitList, key = "") {
  visit(path, key, value);
  if (Array.isArray(value)) {
    visitList(path, value);
    value.forEach((item, i) => walk(item, `${path}[${i}]`, visit, visitList, key));
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`, visit, visitList, k);
  }
}

function checkText(
  path: string,
  key: string,
  value: string,
  input: ValidationInput,
  fail: (path: string, problem: string) => void,
) {
  if (!value.trim()) {
    if (!MAY_BE_EMPTY.some((re) => re.test(path))) fail(path, "is empty");
    return;
  }
  if (key === "href") checkHref(path, value, input, fail);
  else if (key === "src" && value.startsWith("/") && !existsSync(join(input.staticDir, value)))
    fail(path, `points to ${value}, but static${value} does not exist`);
  else if (/email$/i.test(key) && !EMAIL.test(value))
    fail(path, `"${value}" is not a well-formed e-mail address`);
  else if (key === "tel" && !TEL.test(value))
    fail(path, `"${value}" is not a phone number in +<digits> form`);
  // Students dial from abroad: a printed number is in international form ("+44 20 7946 0321").
  else if (key === "display" && !/^\+\d[\d ]{6,}\d$/.test(value))
    fail(path, `"${value}" is not a phone number in international form, like +44 20 7946 0321`);
  else if (DATE_KEYS.includes(key) && !isIsoDate(value))
    fail(path, `"${value}" is not a date written YYYY-MM-DD`);
  else if (TIME_KEYS.includes(key) && !/^([01]\d|2[0-3]):[0-5]\d$/.test(value))
    fail(path, `"${value}" is not a 24-hour time written HH:MM`);
  else if (key === "countryCode" && !hasFlag(value))
    fail(
      path,
      `"${value}" is not an ISO 3166-1 alpha-2 code (e.g. "GB") that flag-icons has a flag for`,
    );
  else if (
    key === "slug" &&
    path.startsWith("courseCards[") &&
    !input.categorySlugs.includes(value)
  )
    fail(path, `"${value}" is not a programme category (${input.categorySlugs.join(", ")})`);
}

function checkHref(
  path: string,
  href: string,
  input: ValidationInput,
  fail: (path: string, problem: string) => void,
) {
  if (href.startsWith("mailto:")) {
    const address = decodeURIComponent(href.slice(7).split("?")[0]);
    if (!EMAIL.test(address)) fail(path, `"${href}" has a malformed e-mail address`);
  } else if (href.startsWith("tel:")) {
    if (!TEL.test(href.slice(4))) fail(path, `"${href}" is not a phone number in +<digits> form`);
  } else if (href.startsWith("/")) {
    const [route, anchor] = href.split("#");
    const target = input.targets.find((t) => t.path === route);
    if (!target) fail(path, `links to ${href}, but there is no page ${route}`);
    else if (anchor !== undefined && !target.anchors.includes(anchor))
      fail(path, `links to ${href}, but ${route} has no element #${anchor}`);
  } else if (!/^https:\/\/[^\s]+$/.test(href)) {
    fail(path, `"${href}" is neither a site path nor an https:, mailto: or tel: link`);
  }
}

// Course cards share category slugs by design: there a slug is a reference, not an identity.
const identityKeys = (path: string) =>
  path === "courseCards" ? ["id", "path"] : ["id", "slug", "path"];

function checkUnique(path: string, list: unknown[], fail: (path: string, problem: string) => void) {
  for (const key of identityKeys(path)) {
    const seen = new Set<unknown>();
    list.forEach((item, i) => {
      if (!item || typeof item !== "object" || !(key in item)) return;
      const value = (item as Record<string, unknown>)[key];
      if (seen.has(value)) fail(`${path}[${i}].${key}`, `"${String(value)}" is used twice`);
      seen.add(value);
    });
  }
}
