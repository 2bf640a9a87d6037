import { fill } from "../../lib/template";
import { formMessages } from "../../content/ui";
/**
 * Enquiry form enhancement: inline messages and an error summary (the shared rules of
 * src/lib/enquiry.ts), a draft that survives reloads, sending with fetch, and a failure box
 * that keeps every value and offers WhatsApp and e-mail instead. Without it the forms post.
 */
import {
  enquirySubject,
  enquiryText,
  fieldError,
  fieldsFor,
  isAnyFormKind,
  mailtoWithBody,
  validateEnquiry,
  type FieldErrors,
  type FieldSpec,
  type AnyFormKind,
} from "../../lib/enquiry";
import { clearDraft, idempotencyKey, loadDraft, saveDraft } from "../draft";
import { showToast, startToasts } from "../toast";
import { hideFailure, showFailure } from "./failure";
import { renderSummary, setFieldError, type Control } from "./messages";
import { formBody, sendEnquiry } from "./send";
import { hideRefused, showRefused, showRegistered } from "./registration";

const DRAFT_DELAY_MS = 300;

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
  if (!isAnyFormKind(kindAttr) || !summaryEl || !failureEl || !buttonEl) return;
  const kind: AnyFormKind = kindAttr;
  const summary: HTMLElement = summaryEl;
  const failure: HTMLElement = failureEl;
  const button: HTMLButtonElement = buttonEl;
  const fields = fieldsFor(kind);
  const control = (name: string) => form.elements.namedItem(name) as Control | null;
  const submitLabel = button.textContent ?? "Send";
  // An event's registration names its event in the subject of an e-mail sent instead.
  const subject = form.dataset.subject || enquirySubject(kind);
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

  function setError(field: FieldSpec, message: string | undefined) {
    if (message) shown.add(field.name);
    else shown.delete(field.name);
    setFieldError(form, field, message);
  }

  function showErrors(errors: FieldErrors) {
    shown.clear();
    for (const f of fields) setError(f, errors[f.name]);
    renderSummary(form, summary, fields, errors);
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
    setError(field, message);
    if (!summary.hidden) renderSummary(form, summary, fields, shownErrors());
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

  function focusSummary() {
    summary.focus({ preventScroll: true });
    summary.scrollIntoView({ block: "center", behavior: reducedMotion() ? "auto" : "smooth" });
  }

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
    clear.textContent = formMessages.clearForm;
    note.append(`${formMessages.keptDraft} `, clear);
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
    showErrors({});
    hideFailure(failure);
    form.querySelector(".form-draft-note")?.remove();
  }

  // Sending

  function setSending(on: boolean) {
    sending = on;
    button.textContent = on ? formMessages.sending : submitLabel;
    if (on) {
      button.setAttribute("aria-disabled", "true");
      form.setAttribute("aria-busy", "true");
    } else {
      button.removeAttribute("aria-disabled");
      form.removeAttribute("aria-busy");
    }
  }

  // The form carries the contact details (content/site.yaml), so they are not bundled here.
  const alternatives = {
    retry: () => {
      button.focus();
      form.requestSubmit();
    },
    links: () => {
      const text = enquiryText(kind, values());
      return {
        whatsapp: `${form.dataset.whatsapp}?text=${encodeURIComponent(text)}`,
        email: mailtoWithBody(form.dataset.mailto ?? "", subject, text),
      };
    },
  };

  form.addEventListener("submit", (event) => void send(event));
  async function send(event: SubmitEvent) {
    event.preventDefault();
    if (sending) return;
    hideFailure(failure);
    hideRefused(form);
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
    const body = formBody(form);
    const ours = new URL(form.action, location.href).origin === location.origin;
    const key = ours ? idempotencyKey(form.id, values(), body.toString()) : undefined;
    const outcome = await sendEnquiry(form.action, body, fields, key);
    setSending(false);
    if (outcome.ok && kind === "booking") {
      // The booking page shows the confirmation (src/client/booking.ts).
      resetForm();
      form.dispatchEvent(new CustomEvent("booking:booked", { detail: outcome.data }));
    } else if (outcome.ok && kind === "registration") {
      const email = values().email ?? "";
      resetForm();
      showRegistered(form, outcome.data, email);
    } else if (outcome.ok) {
      const first = (values().fullName || values().name || "").trim().split(/\s+/)[0];
      resetForm();
      const what = kind === "enquiry" ? "enquiry" : "consultation request";
      showToast(
        `Thank you${first ? `, ${first}` : ""}! Your ${what} has reached our advisers: you will get a reply ${form.dataset.replyTime}.`,
      );
    } else if ("errors" in outcome) {
      showErrors(outcome.errors);
      focusSummary();
    } else if (outcome.reason === "refused" && kind === "registration") {
      flushDraft();
      showRefused(form, outcome.status, outcome.data);
    } else if (outcome.reason === "refused") {
      flushDraft();
      form.dispatchEvent(new CustomEvent("booking:refused", { detail: outcome.data }));
    } else {
      flushDraft();
      showFailure(failure, outcome, alternatives);
      showToast(formMessages.notSentToast, { tone: "error" });
    }
  }

  function sendByEmail(action: string) {
    const address = decodeURIComponent(action.slice("mailto:".length).split("?")[0]);
    flushDraft();
    window.location.href = mailtoWithBody(address, subject, enquiryText(kind, values()));
    showToast(fill(formMessages.mailAppOpening, { address }), { tone: "info" });
  }

  // JavaScript takes over: its messages replace the browser's (the required flags stay).
  form.noValidate = true;
}
