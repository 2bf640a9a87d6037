import { pageLocale } from "../../i18n/pageLocale";
import { PrivacyNote } from "./PrivacyNote";
import { fill } from "../../lib/template";
import { ui } from "../../content/ui";
import { studyInterests } from "../../content/home";
import { site, mailto, whatsappLink } from "../../content/site";
import { enquiryEndpoint } from "../../config";
import {
  FORM_FIELD,
  LANG_FIELD,
  type EnquiryValues,
  type FieldErrors,
  type FormKind,
} from "../../lib/enquiry";
import { CAMPAIGN_FIELD } from "../../lib/campaign";
import { FormSummary } from "./FormSummary";
import { LeadFields } from "./LeadFields";

interface Props {
  kind: FormKind;
  /** Element id, the #anchor links land on. */
  id: string;
  /** Accessible name of the form. */
  label: string;
  submitLabel: string;
  /** Where the form posts; by default the build's ENQUIRY_ENDPOINT. */
  endpoint?: string;
  /** Values to show, when the server sends a posted form back with its errors. */
  values?: EnquiryValues;
  /** Messages by field name, shown inline and in the summary. */
  errors?: FieldErrors;
}

/** The Study Interest values a post may carry (src/content/home.ts): the same in every language. */
export const interestValues = () => studyInterests.map((i) => i.value);

/**
 * An enquiry form that works as plain HTML (POST to the configured endpoint, or a pre-filled
 * e-mail when none is configured); src/client/forms/ adds inline messages, drafts and toasts.
 */
export function EnquiryForm({
  kind,
  id,
  label,
  submitLabel,
  endpoint = enquiryEndpoint,
  values = {},
  errors = {},
}: Props) {
  return (
    <form
      id={id}
      className="enquiry-form"
      aria-label={label}
      method="post"
      action={endpoint || mailto(site.admissionsEmail)}
      encType={endpoint ? "application/x-www-form-urlencoded" : "text/plain"}
      data-enquiry={kind}
      data-mailto={site.admissionsEmail}
      data-whatsapp={whatsappLink()}
      data-reply-time={site.replyTime}
    >
      <input type="hidden" name={FORM_FIELD} value={kind} />
      <input type="hidden" name={LANG_FIELD} value={pageLocale().code} />
      {/* Sent back by the server with the campaign it came from (src/client/campaign.ts adds it
          on the site's pages): absent otherwise, so a page without one is as it was. */}
      {values[CAMPAIGN_FIELD] && (
        <input type="hidden" name={CAMPAIGN_FIELD} value={values[CAMPAIGN_FIELD]} />
      )}
      <FormSummary formId={id} kind={kind} errors={errors} />
      <LeadFields formId={id} kind={kind} values={values} errors={errors} />
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          {submitLabel}
        </button>
        <p className="form-note">
          {endpoint
            ? fill(ui.forms.noteServer, { replyTime: site.replyTime })
            : fill(ui.forms.noteNoServer, { address: site.admissionsEmail })}
        </p>
        <PrivacyNote />
      </div>
      <div className="form-failure" role="alert" />
    </form>
  );
}
