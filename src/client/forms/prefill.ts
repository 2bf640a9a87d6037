/**
 * Pre-fills enquiry forms from the address, e.g. /contact?interest=Pre-Masters&message=...
 * (the route finder's links): Study Interest and the message, both still editable. A draft the
 * visitor saved earlier wins: nothing is filled where one exists.
 */
import { loadDraft } from "../draft";

export function prefillForms(search: string) {
  const params = new URLSearchParams(search);
  const interest = params.get("interest");
  const message = params.get("message");
  if (!interest && !message) return;
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-enquiry]")) {
    if (loadDraft(form.id)) continue;
    const select = form.elements.namedItem("interest");
    if (interest && select instanceof HTMLSelectElement && !select.value) {
      const option = [...select.options].find((o) => o.value === interest && !o.disabled);
      if (option) select.value = option.value;
    }
    const textarea = form.elements.namedItem("message");
    if (message && textarea instanceof HTMLTextAreaElement && !textarea.value) {
      textarea.value = textarea.maxLength > 0 ? message.slice(0, textarea.maxLength) : message;
    }
  }
}
