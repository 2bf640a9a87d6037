import { formMessages } from "../../content/ui";
import { fieldIds, summaryTitle, type FieldErrors, type FieldSpec } from "../../lib/enquiry";

export type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Put a field's message in its slot (or clear it), keeping aria-invalid and aria-describedby true. */
export function setFieldError(
  form: HTMLFormElement,
  field: FieldSpec,
  message: string | undefined,
) {
  const el = form.elements.namedItem(field.name) as Control | null;
  const ids = fieldIds(form.id, field.name);
  const slot = document.getElementById(ids.error);
  if (!el || !slot) return;
  const describedBy = new Set((el.getAttribute("aria-describedby") ?? "").split(/\s+/));
  describedBy.delete("");
  if (message) {
    el.setAttribute("aria-invalid", "true");
    describedBy.add(ids.error);
    const prefix = document.createElement("span");
    prefix.className = "visually-hidden";
    prefix.textContent = formMessages.errorPrefix;
    slot.replaceChildren(prefix, message);
    slot.hidden = false;
  } else {
    el.removeAttribute("aria-invalid");
    describedBy.delete(ids.error);
    slot.replaceChildren();
    slot.hidden = true;
  }
  if (describedBy.size) el.setAttribute("aria-describedby", [...describedBy].join(" "));
  else el.removeAttribute("aria-describedby");
}

/** The error summary: a titled list of links to each invalid field; hidden when there are none. */
export function renderSummary(
  form: HTMLFormElement,
  summary: HTMLElement,
  fields: FieldSpec[],
  errors: FieldErrors,
) {
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
