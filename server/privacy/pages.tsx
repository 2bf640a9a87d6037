/**
 * The page a student's privacy link opens (server/privacy/requestPage.ts), in the site's frame
 * and language: the choice of a copy or an erasure, what happens once sent, or a link not valid.
 * Its words are the privacy notice's (content/privacy.yaml, `request`), translated with it.
 */
import { Filled } from "../../src/components/Filled";
import { privacy } from "../../src/content/privacy";
import { render, type PageAssets } from "../http/page";
import { PRIVACY_REQUEST_PATH } from "../service/paths";

/** The link's own fields, carried by the form so its POST is checked as the GET was. */
export interface RequestLink {
  e: string;
  l: string;
  t: string;
}

export type RequestPageState =
  { shown: "form"; link: RequestLink } | { shown: "done"; address: string } | { shown: "bad" };

/** The student's address, left to right in a right-to-left page. */
const address = (email: string) => ({ address: <bdi dir="ltr">{email}</bdi> });

export function privacyRequestPage(assets: PageAssets, state: RequestPageState) {
  const words = privacy.request;
  return render(
    assets,
    words.title,
    "/privacy",
    <section className="section">
      <div className="container enquiry-result">
        <h1>{words.title}</h1>
        {state.shown === "bad" && <p className="lead">{words.bad}</p>}
        {state.shown === "done" && (
          <p className="lead">
            <Filled text={words.done} values={address(state.address)} />
          </p>
        )}
        {state.shown === "form" && (
          <>
            <p className="lead">
              <Filled text={words.intro} values={address(state.link.e)} />
            </p>
            <form method="post" action={PRIVACY_REQUEST_PATH} className="enquiry-form">
              {(["e", "l", "t"] as const).map((name) => (
                <input key={name} type="hidden" name={name} value={state.link[name]} />
              ))}
              <fieldset className="field">
                <legend className="visually-hidden">{words.title}</legend>
                <label>
                  <input type="radio" name="kind" value="copy" defaultChecked /> {words.copy}
                </label>
                <label>
                  <input type="radio" name="kind" value="erase" /> {words.erase}
                </label>
              </fieldset>
              <p className="form-note">{words.note}</p>
              <div className="form-actions">
                <button type="submit" className="button button-primary">
                  {words.send}
                </button>
              </div>
            </form>
          </>
        )}
      </div>
    </section>,
  );
}
