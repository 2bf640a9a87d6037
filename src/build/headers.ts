/**
 * HTTP headers, written to dist/_headers (the format Netlify and Cloudflare Pages read) and
 * applied by our own server, so a CDN and `npm start` send the same policy.
 *
 * Every response gets the few headers any file needs; only documents get the policy headers a
 * page needs (CSP, HSTS, Permissions-Policy, framing, referrer), each page its own CSP listing
 * its own inline hashes. No header is set in two matching blocks: a CDN joins such values with
 * a comma, and two CSPs both apply.
 */

import { createHash } from "node:crypto";

/** The CSP source that allows exactly this inline code or style. */
export const cspHash = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** What one built page needs in its headers. */
export interface DocumentPolicy {
  /** The URL paths it is served at ("/about" and "/about/"...). */
  paths: string[];
  /** CSP sources of its inline styles and scripts: `'sha256-...'`. */
  styleHashes: string[];
  scriptHashes: string[];
}

/** Any file: a type is a type, and no other site may embed our files. */
const everyResponse = {
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/** Hashed file names never change content: cache them for a year. */
export const ASSET_CACHE = "public, max-age=31536000, immutable";

/** The Content-Security-Policy of one page. */
export function contentSecurityPolicy(
  enquiryEndpoint: string,
  hashes: { styleHashes: string[]; scriptHashes: string[] },
  otherEndpoints: string[] = [],
) {
  // A hosted form service (or report endpoint) on another origin must be allowed to receive posts.
  const originOf = (url: string) => (/^https:\/\//.test(url) ? ` ${new URL(url).origin}` : "");
  const formOrigin = originOf(enquiryEndpoint);
  const origins = [...new Set([enquiryEndpoint, ...otherEndpoints].map(originOf))].join("");
  return [
    "default-src 'self'",
    // Inline code and styles only by the hash of their exact bytes: never 'unsafe-inline'.
    ["script-src 'self'", ...hashes.scriptHashes].join(" "),
    ["style-src 'self'", ...hashes.styleHashes].join(" "),
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${origins}`,
    // The office map: loaded only when the visitor asks for it.
    "frame-src https://www.google.com",
    `form-action 'self' mailto:${formOrigin}`,
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Powerful features the site never uses: no page, and no frame in one, may ask for them. */
export const deniedFeatures = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

/** What a document needs beyond its CSP: transport, features, framing, referrer, isolation. */
const documentHardening = {
  // Two years, subdomains included: browsers only ever reach us over HTTPS once they have seen it.
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "Permissions-Policy": deniedFeatures.map((f) => `${f}=()`).join(", "),
  "Cross-Origin-Opener-Policy": "same-origin",
  // For browsers older than CSP frame-ancestors.
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/** The headers of one document, beyond those every response gets. */
function documentHeaders(
  enquiryEndpoint: string,
  policy: Omit<DocumentPolicy, "paths">,
  otherEndpoints: string[] = [],
) {
  return {
    "Content-Security-Policy": contentSecurityPolicy(enquiryEndpoint, policy, otherEndpoints),
    ...documentHardening,
  };
}

/** The URL paths a page written to `file` ("about/index.html") is served at. */
export function servedPaths(file: string): string[] {
  if (file === "index.html") return ["/", "/index.html"];
  if (!file.endsWith("/index.html")) return [`/${file}`];
  const dir = `/${file.slice(0, -"/index.html".length)}`;
  return [dir, `${dir}/`, `/${file}`];
}

/**
 * The policy of /admin/ (the Decap CMS editor) only: its prebuilt script injects styles at run
 * time (emotion) and sets style attributes, so styles inline are allowed there; it compiles
 * code from strings (ajv), so eval is allowed there too; and it talks to
 * its backend (decap-server on the editor's machine, or a git host's API). No page of the site
 * shares any of it.
 */
export function adminContentSecurityPolicy(connect: string[]) {
  return [
    "default-src 'self'",
    // Decap validates its configuration with ajv, which compiles validators with new Function().
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connect].join(" "),
    "frame-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The editor's headers: never indexed, its own CSP; a git host's sign-in window may answer it. */
export function adminHeaders(connect: string[]) {
  return {
    "Content-Security-Policy": adminContentSecurityPolicy(connect),
    ...documentHardening,
    // The sign-in pop-up of a git host (hosted backends) reports back to this window.
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "X-Robots-Tag": "noindex",
  };
}

/** The paths the editor is served at: /admin, /admin/ and everything under it. */
export const ADMIN_PATHS = ["/admin", "/admin/*"];

export function headersFile(
  enquiryEndpoint: string,
  pages: DocumentPolicy[],
  otherEndpoints: string[] = [],
  /** The origins /admin/ connects to; undefined: no editor is built. */
  adminConnect?: string[],
) {
  const block = (pattern: string, headers: Record<string, string>) =>
    `${pattern}\n${Object.entries(headers)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join("\n")}\n`;
  return [
    block("/*", everyResponse),
    block("/assets/*", { "Cache-Control": ASSET_CACHE }),
    ...pages.flatMap((page) => {
      const headers = documentHeaders(enquiryEndpoint, page, otherEndpoints);
      return page.paths.map((path) => block(path, headers));
    }),
    ...(adminConnect ? ADMIN_PATHS.map((path) => block(path, adminHeaders(adminConnect))) : []),
  ].join("");
}

/** One block of a _headers file: a path pattern and the headers sent for matching paths. */
export interface HeaderRule {
  pattern: string;
  headers: Record<string, string>;
}

/** The blocks of a _headers file, in order. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: {} });
    else if (rules.length) {
      const at = line.indexOf(":");
      rules[rules.length - 1].headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

/** The headers for one URL path: every matching block, later blocks adding to earlier ones. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  const matches = (pattern: string) =>
    pattern.endsWith("*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
  return Object.fromEntries(
    rules.filter((r) => matches(r.pattern)).flatMap((r) => Object.entries(r.headers)),
  );
}
