/** How the server's own endpoints read a request's type and answer it (JSON or a page). */
import type { ServerResponse } from "node:http";

const JSON_TYPE = "application/json";

export function mediaType(header: string | undefined) {
  return (header ?? "").split(";")[0].trim().toLowerCase();
}

export function wantsJson(accept: string | undefined) {
  return /\bapplication\/json\b/i.test(accept ?? "");
}

/** The posted fields, first value of each; null when the body cannot be read as its type says. */
export function parseFields(type: string, text: string): Record<string, string> | null {
  if (type === JSON_TYPE) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return null;
    }
    if (!data || typeof data !== "object" || Array.isArray(data)) return null;
    return Object.fromEntries(
      Object.entries(data)
        .filter(([, v]) => typeof v === "string" || typeof v === "number")
        .map(([k, v]) => [k, String(v)]),
    );
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text))
    if (!(name in fields)) fields[name] = value;
  return fields;
}

const noStore = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

export function sendJson(res: ServerResponse, status: number, data: object) {
  res.writeHead(status, { ...noStore, "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(data));
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { ...noStore, "Content-Type": "text/html; charset=utf-8" });
  res.end(html);
}
