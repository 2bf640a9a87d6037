import { pageLocale } from "../../i18n/pageLocale";
import { PrivacyNote } from "../forms/PrivacyNote";
import { ui } from "../../content/ui";
import { bookingCopy } from "../../content/booking";
import { site, whatsappLink } from "../../content/site";
import { FORM_FIELD, LANG_FIELD, type EnquiryValues, type FieldErrors } from "../../lib/enquiry";
import { CAMPAIGN_FIELD } from "../../lib/campaign";
import { FormSummary } from "../forms/FormSummary";
import { LeadFields } from "../forms/LeadFields";
import { SlotFields } from "./SlotFields";

export const BOOKING_FORM_ID = "booking-form";

interface Props {
  /** Where it posts (the bundled server's /api/booking). */
  endpoint: string;
  values?: EnquiryValues;
  errors?: FieldErrors;
}

/**
 * The booking form: how and when (SlotFields), then what the enquiry form asks, with the same
 * rules, drafts and failure choices (src/client/forms/ enhances it as it does the others).
 */
export function BookingForm({ endpoint, values = {}, errors = {} }: Props) {
  const id = BOOKING_FORM_ID;
  return (
    <form
      id={id}
      className="enquiry-form booking-form"
      aria-label={bookingCopy.title}
      method="post"
      action={endpoint}
      data-enquiry="booking"
      data-mailto={site.admissionsEmail}
      data-whatsapp={whatsappLink()}
      data-reply-time={site.replyTime}
    >
      <input type="hidden" name={FORM_FIELD} value="booking" />
      <input type="hidden" name={LANG_FIELD} value={pageLocale().code} />
      {/* Sent back by the server with the campaign it came from (src/client/campaign.ts adds it
          on the site's pages): absent otherwise, so a page without one is as it was. */}
      {values[CAMPAIGN_FIELD] && (
        <input type="hidden" name={CAMPAIGN_FIELD} value={values[CAMPAIGN_FIELD]} />
      )}
      <SlotFields
        formId={id}
        mode={values.mode}
        date={values.date}
        time={values.time}
        slotsUrl={`${endpoint}/slots`}
        error={errors.start}
      />
      <h3 className="booking-details-title">{bookingCopy.detailsTitle}</h3>
      <FormSummary formId={id} kind="booking" errors={errors} />
      <LeadFields formId={id} kind="booking" values={values} errors={errors} />
      <div className="booking-notice" role="alert" />
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          {bookingCopy.submit}
        </button>
        <p className="form-note">{ui.bookPage.note}</p>
        <PrivacyNote />
      </div>
      <div className="form-failure" role="alert" />
    </form>
  );
}
