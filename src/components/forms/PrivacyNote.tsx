import { noticeVersion, privacy, PRIVACY_PATH } from "../../content/privacy";
import { NOTICE_FIELD } from "../../lib/notice";

/**
 * The line under a form's button saying the details are used as the privacy notice says, with
 * its link, and the notice's version, sent with the form so the lead records what was shown.
 */
export function PrivacyNote() {
  const [before, after = ""] = privacy.formNote.split("{notice}");
  return (
    <>
      <input type="hidden" name={NOTICE_FIELD} value={noticeVersion} />
      <p className="form-note form-privacy">
        {before}
        <a href={PRIVACY_PATH}>{privacy.noticeLink}</a>
        {after}
      </p>
    </>
  );
}
