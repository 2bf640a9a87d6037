/**
 * Enquiry form enhancement: inline messages and an error summary (the shared rules of
 * src/lib/enquiry.ts), a draft that survives reloads, sending with fetch, and a failure box
 * that keeps every value and offers WhatsApp and e-mail instead. Without it the forms post.
 */
import {
  enquirySubject,
  enquiryText,
  fieldError,
  fieldIds,
  fieldsFor,
  isFormKind,
  mailtoWithBody,
  summaryTitle,
  validateEnquiry,
  type FieldErrors,
  type FieldSpec,
  type FormKind,
} from "../lib/enquiry";
import { clearDraft, loadDraft, saveDraft } from "./draft";
import { showToast, startToasts } from "./toast";

/** How long a send may take before the visitor is told and offered the alternatives. */
export const SEND_TIMEOUT_MS = 15_000;
const DRAFT_DELAY_MS = 300;

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

type Failure =
  { reason: "offline" | "network" | "timeout" } | { reason: "rejected" | "server"; status: number };

type Outcome = { ok: true } | { ok: false; errors: FieldErrors } | ({ ok: false } & Failure);

export function startForms() {
  startToasts();
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-enquiry]")) {
    try {
      enhance(form);
    } catch (error) {
      // The plain HTML form still posts: a broken enhancement must not block an enquiry.
      form.noValidate = false;
      console.error(error);
    }
  }
}

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function enhance(form: HTMLFormElement) {
  const kindAttr = form.dataset.enquiry;
  const summaryEl = form.querySelector<HTMLElement>(".form-summary");
  const failureEl = form.querySelector<HTMLElement>(".form-failure");
  const buttonEl = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (!isFormKind(kindAttr) || !summaryEl || !failureEl || !buttonEl) return;
  const kind: FormKind = kindAttr;
  const summary: HTMLElement = summaryEl;
  const failure: HTMLElement = failureEl;
  const button: HTMLButtonElement = buttonEl;
  const fields = fieldsFor(kind);
  const control = (name: string) => form.elements.namedItem(name) as Control | null;
  const submitLabel = button.textContent ?? "Send";
  const interests = [...form.querySelectorAll<HTMLOptionElement>("select option")]
    .filter((o) => o.value && !o.disabled)
    .map((o) => o.value);
  const values = () =>
    Object.fromEntries(fields.map((f) => [f.name, control(f.name)?.value ?? ""]));
  /** Fields that have been shown invalid (here, or by the server): re-checked as they change. */
  const shown = new Set(
    fields
      .filter((f) => control(f.name)?.getAttribute("aria-invalid") === "true")
      .map((f) => f.name),
  );
  let sending = false;

  // Messages

  function setFieldError(field: FieldSpec, message: string | undefined) {
    const el = control(field.name);
    const ids = fieldIds(form.id, field.name);
    const slot = document.getElementById(ids.error);
    if (!el || !slot) return;
    const describedBy = new Set((el.getAttribute("aria-describedby") ?? "").split(/\s+/));
    describedBy.delete("");
    if (message) {
      shown.add(field.name);
      el.setAttribute("aria-invalid", "true");
      describedBy.add(ids.error);
      const prefix = document.createElement("span");
      prefix.className = "visually-hidden";
      prefix.textContent = "Error: ";
      slot.replaceChildren(prefix, message);
      slot.hidden = false;
    } else {
      el.removeAttribute("aria-invalid");
      describedBy.delete(ids.error);
      shown.delete(field.name);
      slot.replaceChildren();
      slot.hidden = true;
    }
    if (describedBy.size) el.setAttribute("aria-describedby", [...describedBy].join(" "));
    else el.removeAttribute("aria-describedby");
  }

  function renderSummary(errors: FieldErrors) {
    const invalid = fields.filter((f) => errors[f.name]);
    if (!invalid.length) {
      summary.hidden = true;
      summary.replaceChildren();
      summary.removeAttribute("role");
      summary.removeAttribute("aria-labelledby");
      return;
    }
    const title = document.createElement("h3");
    title.className = "form-summary-title";
    title.id = `${form.id}-summary-title`;
    title.textContent = summaryTitle(invalid.length);
    const list = document.createElement("ul");
    list.className = "form-summary-list";
    for (const f of invalid) {
      const link = document.createElement("a");
      link.href = `#${fieldIds(form.id, f.name).id}`;
      link.textContent = errors[f.name];
      const item = document.createElement("li");
      item.append(link);
      list.append(item);
    }
    summary.replaceChildren(title, list);
    summary.setAttribute("role", "group");
    summary.setAttribute("aria-labelledby", title.id);
    summary.hidden = false;
  }

  function showErrors(errors: FieldErrors) {
    shown.clear();
    for (const f of fields) setFieldError(f, errors[f.name]);
    renderSummary(errors);
  }

  /** The current errors of the fields already shown invalid (the summary lists only those). */
  const shownErrors = () => {
    const all = validateEnquiry(kind, values(), interests);
    return Object.fromEntries(Object.entries(all).filter(([name]) => shown.has(name)));
  };

  /** Re-check a field shown invalid. While typing, only clear it; on leaving, say what is wrong. */
  function recheck(target: EventTarget | null, typing: boolean) {
    const field = fields.find((f) => f.name === (target as Control | null)?.name);
    if (!field || !shown.has(field.name)) return;
    const message = fieldError(field, control(field.name)?.value, interests);
    if (message && typing) return;
    setFieldError(field, message);
    if (!summary.hidden) renderSummary(shownErrors());
  }

  form.addEventListener("input", (event) =>
    recheck(
      event.target,
      event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement,
    ),
  );
  form.addEventListener("change", (event) => recheck(event.target, false));
  form.addEventListener("focusout", (event) => recheck(event.target, false));

  summary.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[href^='#']");
    const target = link && document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!target) return;
    event.preventDefault();
    target.focus({ preventScroll: true });
    (target.closest(".field") ?? target).scrollIntoView({
      block: "center",
      behavior: reducedMotion() ? "auto" : "smooth",
    });
  });

  // Drafts

  let draftTimer: ReturnType<typeof setTimeout> | undefined;
  const flushDraft = () => {
    clearTimeout(draftTimer);
    draftTimer = undefined;
    saveDraft(form.id, values());
  };
  form.addEventListener("input", () => {
    clearTimeout(draftTimer);
    draftTimer = setTimeout(flushDraft, DRAFT_DELAY_MS);
  });
  form.addEventListener("change", flushDraft);
  window.addEventListener("pagehide", () => draftTimer !== undefined && flushDraft());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden" && draftTimer !== undefined) flushDraft();
  });
  restoreDraft();

  function restoreDraft() {
    const draft = loadDraft(form.id);
    if (!draft) return;
    let restored = false;
    for (const f of fields) {
      const el = control(f.name);
      const value = draft[f.name];
      if (!el || !value || el.value) continue;
      if (el instanceof HTMLSelectElement) {
        if (![...el.options].some((o) => o.value === value && !o.disabled)) continue;
      }
      el.value = value;
      restored = true;
    }
    if (restored) showDraftNote();
  }

  function showDraftNote() {
    const note = document.createElement("p");
    note.className = "form-draft-note";
    const clear = document.createElement("button");
    clear.type = "button";
    clear.className = "link-button";
    clear.textContent = "Clear the form";
    note.append("We kept what you typed earlier. ", clear);
    summary.after(note);
    clear.addEventListener("click", () => {
      resetForm();
      control(fields[0].name)?.focus();
    });
  }

  function resetForm() {
    form.reset();
    clearTimeout(draftTimer);
    draftTimer = undefined;
    clearDraft(form.id);
    shown.clear();
    showErrors({});
    hideFailure();
    form.querySelector(".form-draft-note")?.remove();
  }

  // Sending

  function setSending(on: boolean) {
    sending = on;
    button.textContent = on ? "Sending..." : submitLabel;
    if (on) {
      button.setAttribute("aria-disabled", "true");
      form.setAttribute("aria-busy", "true");
    } else {
      button.removeAttribute("aria-disabled");
      form.removeAttribute("aria-busy");
    }
  }

  function hideFailure() {
    failure.replaceChildren();
    failure.classList.remove("is-visible");
  }

  function showFailure(what: Failure) {
    const lead = document.createElement("p");
    lead.className = "form-failure-title";
    lead.textContent = failureMessage(what);
    const next = document.createElement("p");
    next.textContent =
      "Everything you typed is still in the form. Try again, or send it to us another way:";
    const retry = document.createElement("button");
    retry.type = "button";
    retry.className = "button button-primary";
    retry.textContent = "Try again";
    retry.addEventListener("click", () => {
      button.focus();
      form.requestSubmit();
    });
    const whatsapp = document.createElement("a");
    whatsapp.className = "button button-outline";
    whatsapp.target = "_blank";
    whatsapp.rel = "noopener noreferrer";
    const newTab = document.createElement("span");
    newTab.className = "visually-hidden";
    newTab.textContent = " (opens in a new tab)";
    whatsapp.append("Send on WhatsApp", newTab);
    const email = document.createElement("a");
    email.className = "button button-outline";
    email.textContent = "Send by e-mail";
    const refresh = () => {
      const text = enquiryText(kind, values());
      // The form carries the contact details (content/site.ts), so they are not bundled here.
      whatsapp.href = `${form.dataset.whatsapp}?text=${encodeURIComponent(text)}`;
      email.href = mailtoWithBody(form.dataset.mailto ?? "", enquirySubject(kind), text);
    };
    refresh();
    whatsapp.addEventListener("click", refresh);
    email.addEventListener("click", refresh);
    const actions = document.createElement("div");
    actions.className = "form-failure-actions";
    actions.append(retry, whatsapp, email);
    failure.replaceChildren(lead, next, actions);
    failure.classList.add("is-visible");
    showToast("Your enquiry was not sent. Everything you typed is still in the form.", {
      tone: "error",
    });
  }

  async function send(): Promise<Outcome> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), SEND_TIMEOUT_MS);
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string") body.append(name, value);
    }
    try {
      const response = await fetch(form.action, {
        method: "POST",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body,
        signal: controller.signal,
      });
      const data: unknown = await response.json().catch(() => null);
      if (response.ok)
        return (data as { ok?: unknown } | null)?.ok === false ? rejected(200) : { ok: true };
      const errors = response.status === 400 ? fieldErrorsOf(data, fields) : {};
      if (Object.keys(errors).length) return { ok: false, errors };
      return rejected(response.status);
    } catch {
      if (controller.signal.aborted) return { ok: false, reason: "timeout" };
      return { ok: false, reason: navigator.onLine === false ? "offline" : "network" };
    } finally {
      clearTimeout(timer);
    }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (sending) return;
    hideFailure();
    const errors = validateEnquiry(kind, values(), interests);
    showErrors(errors);
    if (Object.keys(errors).length) {
      focusSummary();
      return;
    }
    const action = form.getAttribute("action") ?? "";
    if (action.startsWith("mailto:")) {
      sendByEmail(action);
      return;
    }
    setSending(true);
    const outcome = await send();
    setSending(false);
    if (outcome.ok) {
      const first = (values().fullName || values().name || "").trim().split(/\s+/)[0];
      resetForm();
      const what = kind === "enquiry" ? "enquiry" : "consultation request";
      showToast(
        `Thank you${first ? `, ${first}` : ""}! Your ${what} has reached our advisers: you will get a reply ${form.dataset.replyTime}.`,
      );
    } else if ("errors" in outcome) {
      showErrors(outcome.errors);
      focusSummary();
    } else {
      flushDraft();
      showFailure(outcome);
    }
  });

  function focusSummary() {
    summary.focus({ preventScroll: true });
    summary.scrollIntoView({ block: "center", behavior: reducedMotion() ? "auto" : "smooth" });
  }

  function sendByEmail(action: string) {
    const address = decodeURIComponent(action.slice("mailto:".length).split("?")[0]);
    flushDraft();
    window.location.href = mailtoWithBody(
      address,
      enquirySubject(kind),
      enquiryText(kind, values()),
    );
    showToast(
      `Your e-mail app should open with your enquiry ready to send to ${address}. If it does not, write to us at that address.`,
      { tone: "info" },
    );
  }

  // JavaScript takes over: its messages replace the browser's (the required flags stay).
  form.noValidate = true;
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

function failureMessage(what: Failure) {
  switch (what.reason) {
    case "offline":
      return "You seem to be offline, so your enquiry was not sent.";
    case "network":
      return "We could not reach our server, so your enquiry was not sent. Your connection may have dropped.";
    case "timeout":
      return "Our server took too long to answer, so your enquiry may not have arrived.";
    case "server":
      return `Our server had a problem and could not take your enquiry (error ${what.status}).`;
    case "rejected":
      return what.status === 413
        ? "Our server turned your enquiry down because it is too long (error 413). Please shorten your message."
        : `Our server turned your enquiry down (error ${what.status}).`;
  }
}
