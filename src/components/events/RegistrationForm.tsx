import { eventCopy, registrationMessages } from "../../content/eventPages";
import { PrivacyNote } from "../forms/PrivacyNote";
import { site, whatsappLink } from "../../content/site";
import type { PublicEvent } from "../../events/load";
import { pageLocale } from "../../i18n/pageLocale";
import { FORM_FIELD, LANG_FIELD, type EnquiryValues, type FieldErrors } from "../../lib/enquiry";
import { fill } from "../../lib/template";
import { FormSummary } from "../forms/FormSummary";
import { LeadFields } from "../forms/LeadFields";

export const REGISTRATION_FORM_ID = "registration-form";

interface Props {
  event: PublicEvent;
  /** The events server (EVENTS_ENDPOINT): the form posts to `…/register`. */
  endpoint: string;
  values?: EnquiryValues;
  errors?: FieldErrors;
}

/**
 * An event's registration: a plain form that posts with JavaScript off; src/client/forms/ adds
 * inline messages, the draft, the failure choices and the confirmation in its place, and
 * src/client/events.ts the visitor's time zone (`zone`, absent without it).
 */
export function RegistrationForm({ event, endpoint, values = {}, errors = {} }: Props) {
  const id = REGISTRATION_FORM_ID;
  return (
    <form
      id={id}
      className="enquiry-form registration-form"
      aria-labelledby="register-title"
      method="post"
      action={`${endpoint}/register`}
      data-enquiry="registration"
      data-subject={fill(registrationMessages.subject, { title: event.title })}
      data-mailto={site.admissionsEmail}
      data-whatsapp={whatsappLink()}
      data-reply-time={site.replyTime}
    >
      <input type="hidden" name={FORM_FIELD} value="registration" />
      <input type="hidden" name={LANG_FIELD} value={pageLocale().code} />
      <input type="hidden" name="event" value={event.slug} />
      <FormSummary formId={id} kind="registration" errors={errors} />
      <LeadFields formId={id} kind="registration" values={values} errors={errors} />
      <div className="registration-notice" role="alert" />
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          {eventCopy.submit}
        </button>
        <p className="form-note">{eventCopy.formNote}</p>
        <PrivacyNote />
      </div>
      <div className="form-failure" role="alert" />
    </form>
  );
}
