/**
 * HTTP headers, written to dist/_headers (the format Netlify and Cloudflare Pages read) and
 * applied by our own server, so a CDN and `npm start` send the same policy.
 *
 * The file is a few page-independent pattern rules (Cloudflare Pages reads at most 100): every
 * response gets the same hardening headers, whose CSP carries only what a `<meta>` policy
 * cannot (`frame-ancestors`). Each page carries its own hash-based policy in a
 * `<meta http-equiv="Content-Security-Policy">` first in its head (`withPolicyMeta`), so a page
 * staff add needs no new rule. A browser enforces both policies; the header's allows every
 * source, so it takes none of the page's hashes away. No header is set in two matching
 * blocks: a CDN joins such values with a comma.
 */

import { createHash } from "node:crypto";

/** The CSP source that allows exactly this inline code or style. */
export const cspHash = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** Hashed file names never change content: cache them for a year. */
export const ASSET_CACHE = "public, max-age=31536000, immutable";

/**
 * The Content-Security-Policy of one page, as its `<meta>` carries it: everything but
 * `frame-ancestors`, which browsers ignore in a meta policy and the header sends for every page.
 */
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
  ].join("; ");
}

/** The page's policy as the first tag of its head (before any inline style or script it allows). */
export const policyMeta = (policy: string) =>
  `<meta http-equiv="Content-Security-Policy" content="${policy.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}"/>`;

/** The policy in a page's `<meta>`, or undefined. */
export function metaPolicy(html: string): string | undefined {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/i.exec(html)?.[1];
  return content?.replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

/** Put a page's policy first in its head, right after its character set. */
export function withPolicyMeta(html: string, policy: string) {
  const charset = /<meta charSet="utf-8"\/>|<meta charset="utf-8">/i.exec(html);
  if (!charset) throw new Error("withPolicyMeta: the page has no <meta charset> to follow");
  const at = charset.index + charset[0].length;
  return html.slice(0, at) + policyMeta(policy) + html.slice(at);
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

/**
 * Every response, page or file: a type is a type, no other site may embed or frame us, HTTPS
 * only, no powerful features, a short referrer. A CDN cannot tell a page from a file by its
 * path, so files carry the page headers too (a few hundred bytes, sent once per connection
 * over HTTP/2's header compression). The CSP here is only what a `<meta>` policy cannot say;
 * each page's own is in its head.
 */
const everyResponse = {
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Content-Security-Policy": "frame-ancestors 'none'",
  // Two years, subdomains included: browsers only ever reach us over HTTPS once they have seen it.
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "Permissions-Policy": deniedFeatures.map((f) => `${f}=()`).join(", "),
  // For browsers older than CSP frame-ancestors.
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * The server's pages that show a student's own details (a form's result, managing a booking or
 * a registration) open in a browsing-context group of their own: no other site's window keeps
 * a handle on them. Public pages do not: it costs the reference phone ~95 ms of blocking time
 * (decisions.md, Performance and CSP).
 */
export const isolated = { "Cross-Origin-Opener-Policy": "same-origin" };

/**
 * The policy of /admin/ (the Decap CMS editor) only: its prebuilt script injects styles at run
 * time (emotion) and sets style attributes, so styles inline are allowed there; it compiles
 * code from strings (ajv), so eval is allowed there too; and it talks to
 * its backend (decap-server on the editor's machine, or a git host's API). A photo chosen for an
 * entry is held as a blob: URL until the entry is saved, when Decap fetch()es it to upload it:
 * connect-src allows blob: (only this page's own script can make one). No page of the site
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
    ["connect-src 'self' blob:", ...connect].join(" "),
    "frame-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join("; ");
}

/** The editor's headers beyond every response's: never indexed; a git host's sign-in window may answer it. */
export const adminHeaders = {
  // The sign-in pop-up of a git host (hosted backends) reports back to this window.
  "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
  "X-Robots-Tag": "noindex",
};

/** The paths the editor is served at: /admin, /admin/ and everything under it. */
export const ADMIN_PATHS = ["/admin", "/admin/*"];

/**
 * dist/_headers: the same few rules whatever the pages: every response, the hashed assets, the
 * editor (when built) and the server's own pages (`serverPages`, path patterns).
 */
export function headersFile({ admin, serverPages }: { admin: boolean; serverPages: string[] }) {
  const block = (pattern: string, headers: Record<string, string>) =>
    `${pattern}\n${Object.entries(headers)
      .map(([k, v]) => `  ${k}: ${v}`)
      .join("\n")}\n`;
  return [
    block("/*", everyResponse),
    block("/assets/*", { "Cache-Control": ASSET_CACHE }),
    ...(admin ? ADMIN_PATHS.map((path) => block(path, adminHeaders)) : []),
    ...serverPages.map((path) => block(path, isolated)),
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
