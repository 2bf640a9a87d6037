/**
 * What of a record is a person's: the fields every form asks for that name or reach someone,
 * and the free text they wrote. Stripping a record blanks these and marks it, and keeps the
 * rest (the kind of consultation, the event, the interest, the country, the dates), which is
 * what the counts are made of.
 */
export const PERSONAL_FIELDS = [
  "fullName",
  "name",
  "email",
  "phone",
  "message",
  "notes",
  "idempotencyKey",
] as const;

/** The value stripped records carry in place of their details. */
export const ERASED = "erased";

/** A copy of `value` (parsed JSON) with every personal field, at any depth, blanked. */
export function stripPersonal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripPersonal);
  if (!value || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>))
    out[key] = (PERSONAL_FIELDS as readonly string[]).includes(key)
      ? key === "idempotencyKey"
        ? undefined
        : typeof inner === "string"
          ? ERASED
          : null
      : stripPersonal(inner);
  return out;
}

/** JSON text stripped (text that is not JSON is replaced whole). */
export function stripJson(text: string): string {
  try {
    return JSON.stringify({ ...(stripPersonal(JSON.parse(text)) as object), erased: true });
  } catch {
    return JSON.stringify({ erased: true });
  }
}

/** An address as the stores keep it. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** Whether JSON text holds the address anywhere (any case). */
export const mentions = (text: string | null | undefined, email: string) =>
  !!text && text.toLowerCase().includes(normalEmail(email));

/** Plausibly an e-mail address: the CLI's and the request page's check. */
export const isEmail = (text: string) => /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(text.trim());
