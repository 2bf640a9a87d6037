/** Drafts of the enquiry forms in localStorage: one key per form id, expiring after 30 days. */

const PREFIX = "eastgate:draft:";
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export type Draft = Record<string, string>;

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

export function loadDraft(formId: string): Draft | null {
  try {
    const raw = storage()?.getItem(draftKey(formId));
    if (!raw) return null;
    const { savedAt, values } = JSON.parse(raw) as { savedAt?: number; values?: unknown };
    if (typeof savedAt !== "number" || Date.now() - savedAt > MAX_AGE_MS || !isDraft(values)) {
      clearDraft(formId);
      return null;
    }
    return values;
  } catch {
    return null;
  }
}

/** Keep the values; a form with nothing typed in it has no draft. */
export function saveDraft(formId: string, values: Draft) {
  if (!Object.values(values).some((v) => v.trim())) return clearDraft(formId);
  try {
    storage()?.setItem(draftKey(formId), JSON.stringify({ savedAt: Date.now(), values }));
  } catch {
    // Quota exceeded: the draft is a convenience, the form itself still works.
  }
}

export function clearDraft(formId: string) {
  try {
    storage()?.removeItem(draftKey(formId));
  } catch {
    // Storage went away since the probe: nothing to clear.
  }
}

function isDraft(values: unknown): values is Draft {
  return (
    typeof values === "object" &&
    values !== null &&
    Object.values(values).every((v) => typeof v === "string")
  );
}
