/**
 * Carries a staff page's campaign (`?campaign=uk-september-2027`, from its calls to action) into
 * the enquiry and booking forms of the page it leads to, as a hidden `campaign` field, so the
 * server keeps it with the enquiry or booking. Only a valid campaign (the pages' own rule); an
 * address without one changes nothing. Without JavaScript the server reads it from the Referer.
 */
import { CAMPAIGN_FIELD, campaignInQuery } from "../lib/campaign";

/** The forms that post to the enquiry and booking endpoints (not an event's registration). */
const FORMS = 'form[data-enquiry]:not([data-enquiry="registration"])';

export function carryCampaign(search: string) {
  const campaign = campaignInQuery(search);
  if (!campaign) return;
  for (const form of document.querySelectorAll<HTMLFormElement>(FORMS)) {
    const field = form.elements.namedItem(CAMPAIGN_FIELD);
    if (field instanceof HTMLInputElement) {
      field.value = campaign;
      continue;
    }
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = CAMPAIGN_FIELD;
    input.value = campaign;
    // Beside the form's own hidden fields.
    const hidden = form.querySelector('input[type="hidden"]');
    if (hidden) hidden.after(input);
    else form.prepend(input);
  }
}
