import { fill } from "../../lib/template";
import { formMessages } from "../../content/ui";
import { rateLimitMessage, type FieldErrors, type FieldSpec } from "../../lib/enquiry";

/** How long a send may take before the visitor is told and offered the alternatives. */
export const SEND_TIMEOUT_MS = 15_000;

export type Failure =
  | { reason: "offline" | "network" | "timeout" }
  | { reason: "rejected" | "server"; status: number }
  | { reason: "limited"; retryAfterS: number };

export type Outcome =
  | { ok: true; data: unknown }
  | { ok: false; errors: FieldErrors }
  /**
   * Refused for a reason the fields cannot fix (409, 422 with a `reason`): a booking's time taken,
   * an event full, closed or cancelled. The server's answer says why (and what else there is).
   */
  | { ok: false; reason: "refused"; status: number; data: unknown }
  | ({ ok: false } & Failure);

/** The form's fields as they are posted (urlencoded). */
export function formBody(form: HTMLFormElement) {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string") body.append(name, value);
  }
  return body;
}

/**
 * Post the form as a hosted form service expects it (urlencoded, JSON reply) and say how it
 * went. `key` goes as the Idempotency-Key header (only to our own server: a custom header to
 * another origin needs a CORS preflight a form service may refuse).
 */
export async function sendEnquiry(
  action: string,
  body: URLSearchParams,
  fields: FieldSpec[],
  key?: string,
): Promise<Outcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
  try {
    const response = await fetch(action, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
        ...(key ? { "Idempotency-Key": key } : {}),
      },
      body,
      signal: controller.signal,
    });
    const data: unknown = await response.json().catch(() => null);
    if (response.ok)
      return (data as { ok?: unknown } | null)?.ok === false ? rejected(200) : { ok: true, data };
    if (
      (response.status === 409 || response.status === 422) &&
      (data as { reason?: unknown })?.reason
    )
      return { ok: false, reason: "refused", status: response.status, data };
    if (response.status === 429)
      return { ok: false, reason: "limited", retryAfterS: retryAfter(response.headers) };
    // 400 from the enquiry server, 422 from the events server: the same `{ errors }` by field.
    const errors =
      response.status === 400 || response.status === 422 ? fieldErrorsOf(data, fields) : {};
    if (Object.keys(errors).length) return { ok: false, errors };
    return rejected(response.status);
  } catch {
    if (controller.signal.aborted) return { ok: false, reason: "timeout" };
    return { ok: false, reason: navigator.onLine === false ? "offline" : "network" };
  } finally {
    clearTimeout(timer);
  }
}

/** Seconds from a Retry-After header (seconds or an HTTP date); a minute when it says nothing. */
function retryAfter(headers: Headers) {
  const value = headers.get("Retry-After") ?? "";
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

const rejected = (status: number): Outcome => ({
  ok: false,
  reason: status >= 500 ? "server" : "rejected",
  status,
});

/** Field errors from our server (`{errors: {field: message}}`) or a form service (`[{field, message}]`). */
function fieldErrorsOf(data: unknown, fields: FieldSpec[]): FieldErrors {
  const raw = (data as { errors?: unknown } | null)?.errors;
  const pairs: [unknown, unknown][] = Array.isArray(raw)
    ? raw.map((e: { field?: unknown; message?: unknown }) => [e?.field, e?.message])
    : raw && typeof raw === "object"
      ? Object.entries(raw)
      : [];
  const names = new Set(fields.map((f) => f.name));
  return Object.fromEntries(
    pairs.filter(
      (p): p is [string, string] =>
        typeof p[0] === "string" && names.has(p[0]) && typeof p[1] === "string",
    ),
  );
}

/** What the visitor is told when a send did not arrive. */
export function failureMessage(what: Failure) {
  switch (what.reason) {
    case "offline":
      return formMessages.offline;
    case "network":
      return formMessages.network;
    case "timeout":
      return formMessages.timeout;
    case "server":
      return fill(formMessages.server, { status: what.status });
    case "limited":
      return rateLimitMessage(what.retryAfterS);
    case "rejected":
      return what.status === 413
        ? formMessages.tooLong
        : fill(formMessages.rejected, { status: what.status });
  }
}
