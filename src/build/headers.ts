/**
 * HTTP headers for every response, written to dist/_headers (the format Netlify and Cloudflare
 * Pages read) and applied by our own server, so a CDN and `npm start` send the same policy.
 */
export function siteHeaders(enquiryEndpoint: string, styleHashes: string[]) {
  // A hosted form service on another origin must be allowed to receive the posts.
  const formOrigin = /^https:\/\//.test(enquiryEndpoint)
    ? ` ${new URL(enquiryEndpoint).origin}`
    : "";
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Each page's inline critical CSS, by the hash of its exact bytes: never 'unsafe-inline'.
    ["style-src 'self'", ...styleHashes].join(" "),
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${formOrigin}`,
    // The office map: loaded only when the visitor asks for it.
    "frame-src https://www.google.com",
    `form-action 'self' mailto:${formOrigin}`,
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    ...hardeningHeaders,
  };
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

/** Transport and isolation: what the MDN HTTP Observatory looks for beyond the CSP. */
const hardeningHeaders = {
  // Two years, subdomains included: browsers only ever reach us over HTTPS once they have seen it.
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "Permissions-Policy": deniedFeatures.map((f) => `${f}=()`).join(", "),
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  // For browsers older than CSP frame-ancestors.
  "X-Frame-Options": "DENY",
};

/** Hashed file names never change content: cache them for a year. */
export const ASSET_CACHE = "public, max-age=31536000, immutable";

export function headersFile(enquiryEndpoint: string, styleHashes: string[]) {
  const all = Object.entries(siteHeaders(enquiryEndpoint, styleHashes)).map(
    ([k, v]) => `  ${k}: ${v}`,
  );
  return `/*\n${all.join("\n")}\n/assets/*\n  Cache-Control: ${ASSET_CACHE}\n`;
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
