/**
 * HTTP headers for every response, written to dist/_headers (the format Netlify and Cloudflare
 * Pages read) and applied by our own server, so a CDN and `npm start` send the same policy.
 */
export function siteHeaders(enquiryEndpoint: string) {
  // A hosted form service on another origin must be allowed to receive the posts.
  const formOrigin = /^https:\/\//.test(enquiryEndpoint)
    ? ` ${new URL(enquiryEndpoint).origin}`
    : "";
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
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
  };
}

export function headersFile(enquiryEndpoint: string) {
  const all = Object.entries(siteHeaders(enquiryEndpoint)).map(([k, v]) => `  ${k}: ${v}`);
  return `/*\n${all.join("\n")}\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n`;
}

/** The headers of the "/*" block of a _headers file. */
export function parseHeadersFile(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inAll = false;
  for (const line of text.split("\n")) {
    if (!line.startsWith(" ")) inAll = line.trim() === "/*";
    else if (inAll) {
      const at = line.indexOf(":");
      headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
  }
  return headers;
}
