/**
 * Drafts of the enquiry forms in localStorage: one entry per form id, expiring after 30 days.
 * An entry also keeps the Idempotency-Key of the last send and what was sent with it, so a
 * retry of the same enquiry (after a timeout, or a reload) can never store it twice.
 */

const PREFIX = "eastgate:draft:";
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export type Draft = Record<string, string>;

interface Entry {
  savedAt: number;
  values: Draft;
  /** The key the enquiry was last sent with, and the body it was sent with. */
  sent?: { key: string; body: string };
}

/** Where storage is blocked, the key lives as long as the page. */
const keptInMemory = new Map<string, { key: string; body: string }>();

let store: Storage | null | undefined;

/** localStorage, or null where it is blocked (privacy settings, sandboxed frames, full disk). */
function storage(): Storage | null {
  if (store !== undefined) return store;
  try {
    const s = window.localStorage;
    const probe = `${PREFIX}probe`;
    s.setItem(probe, "1");
    s.removeItem(probe);
    store = s;
  } catch {
    store = null;
  }
  return store;
}

export const draftKey = (formId: string) => PREFIX + formId;

function loadEntry(formId: string): Entry | null {
  try {
    const raw = storage()?.getItem(draftKey(formId));
    if (!raw) return null;
    const entry = JSON.parse(raw) as Partial<Entry>;
    if (
      typeof entry.savedAt !== "number" ||
      Date.now() - entry.savedAt > MAX_AGE_MS ||
      !isDraft(entry.values)
    ) {
      clearDraft(formId);
      return null;
    }
    return { savedAt: entry.savedAt, values: entry.values, sent: sentOf(entry.sent) };
  } catch {
    return null;
  }
}

function saveEntry(formId: string, entry: Entry) {
  try {
    storage()?.setItem(draftKey(formId), JSON.stringify(entry));
  } catch {
    // Quota exceeded: the draft is a convenience, the form itself still works.
  }
}

export function loadDraft(formId: string): Draft | null {
  return loadEntry(formId)?.values ?? null;
}

/** Keep the values; a form with nothing typed in it has no draft. */
export function saveDraft(formId: string, values: Draft) {
  if (!Object.values(values).some((v) => v.trim())) return clearDraft(formId);
  const sent = loadEntry(formId)?.sent;
  saveEntry(formId, { savedAt: Date.now(), values, ...(sent ? { sent } : {}) });
}

export function clearDraft(formId: string) {
  keptInMemory.delete(formId);
  try {
    storage()?.removeItem(draftKey(formId));
  } catch {
    // Storage went away since the probe: nothing to clear.
  }
}

/**
 * The Idempotency-Key to send this body with: the same as last time when the same enquiry is
 * sent again, a new one when the visitor changed it (so an edit is never dropped as a repeat).
 */
export function idempotencyKey(formId: string, values: Draft, body: string): string {
  const entry = loadEntry(formId);
  const last = entry?.sent ?? keptInMemory.get(formId);
  if (last?.body === body) return last.key;
  const sent = { key: randomKey(), body };
  keptInMemory.set(formId, sent);
  saveEntry(formId, { savedAt: Date.now(), values, sent });
  return sent.key;
}

/** 128 random bits as hex (crypto.randomUUID needs a secure context; this does not). */
function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function sentOf(value: unknown): Entry["sent"] {
  const sent = value as Entry["sent"] | undefined;
  return typeof sent?.key === "string" && typeof sent.body === "string" ? sent : undefined;
}

function isDraft(values: unknown): values is Draft {
  return (
    typeof values === "object" &&
    values !== null &&
    Object.values(values).every((v) => typeof v === "string")
  );
}
