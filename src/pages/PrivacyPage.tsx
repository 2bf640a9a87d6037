import { Fragment } from "react";
import { privacy, retention } from "../content/privacy";
import { RETENTION_FROM, type RetentionKind } from "../content/schema/retention";
import { PageHero } from "../components/PageHero";
import { PlainText } from "../components/PlainText";
import { pageLocale } from "../i18n/pageLocale";
import { formatAsOf } from "../lib/asOf";
import { periodWords } from "../lib/intlWords";
import { fill } from "../lib/template";

/** How long things are kept comes just before the rights (or last, if staff remove that section). */
const RIGHTS = "your-rights";
const KINDS = Object.keys(RETENTION_FROM) as RetentionKind[];

/** /privacy: who the agency is, what it keeps and why, for how long (the retention settings), rights. */
export function PrivacyPage() {
  const rtl = pageLocale().dir === "rtl";
  return (
    <>
      <PageHero title={privacy.title} lead={privacy.intro} />
      <div className="section">
        <div className="container prose privacy">
          <p className="privacy-updated">
            {fill(privacy.updatedLabel, { date: formatAsOf(privacy.updated) })}
          </p>
          {privacy.sections.map((section) => (
            <Fragment key={section.id}>
              {section.id === RIGHTS && <Retention />}
              <section id={section.id} aria-labelledby={`${section.id}-title`}>
                <h2 id={`${section.id}-title`}>{section.title}</h2>
                {section.paragraphs.map((p) => (
                  <p key={p}>
                    <PlainText text={p} rtl={rtl} />
                  </p>
                ))}
              </section>
            </Fragment>
          ))}
          {!privacy.sections.some((s) => s.id === RIGHTS) && <Retention />}
        </div>
      </div>
    </>
  );
}

/** Each kind of record and how long it is kept, from content/retention.yaml. */
function Retention() {
  return (
    <section id="retention" aria-labelledby="retention-title">
      <h2 id="retention-title">{privacy.retention.title}</h2>
      <p>{privacy.retention.intro}</p>
      <dl className="privacy-periods">
        {KINDS.map((kind) => (
          <div key={kind}>
            <dt>{privacy.retention.kinds[kind]}</dt>
            <dd>{periodWords(retention[kind])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
