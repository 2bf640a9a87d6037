import type { LeadStatus } from "../../db/schema";
import { ERASED } from "../../privacy/strip";
import { LEAD_STATUSES } from "../leads";
import type { StaffMember } from "../staff";
import { Csrf, renderPage, When, type PageContext } from "./Layout";
import { kindLabel, LeadTable, type LeadRow } from "./LeadTable";
import { RetryButton, type RetryTarget } from "./Home";

/** One line of a lead's timeline. */
export interface TimelineItem {
  at: string;
  what: string;
  /** Who (staff), where it was staff's doing. */
  who?: string;
  /** A note's text, a delivery's reason. */
  detail?: string;
  /** A given-up e-mail or webhook: the Resend button's. */
  resend?: RetryTarget;
}

export const FIELD_LABELS: Record<string, string> = {
  fullName: "Name",
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  country: "Country",
  interest: "Interest",
  message: "Message",
  lang: "Language",
  campaign: "Campaign",
  form: "Form",
  receivedAt: "Received",
  createdAt: "Received",
  updatedAt: "Last changed",
  state: "State",
  mode: "Way to talk",
  start: "Starts",
  end: "Ends",
  zone: "Student's time zone",
  event: "Event",
};

/** Fields staff never need to read. */
export const HIDDEN = new Set([
  "id",
  "idempotencyKey",
  "sequence",
  "arrival",
  "eventSequence",
  "linkRequested",
]);

export function leadPage(
  context: PageContext,
  data: {
    now: number;
    lead: LeadRow;
    record: Record<string, unknown>;
    timeline: TimelineItem[];
    /** Undefined for an erased record: nobody, so nobody's other leads. */
    others?: LeadRow[];
    staff: StaffMember[];
    names: Map<string, string>;
    /** Managers assign to anyone; an adviser takes or gives back. */
    canAssignAnyone: boolean;
    done?: string;
  },
) {
  const { lead, record, staff } = data;
  const me = context.staff!;
  const base = `/desk/leads/${lead.kind}/${lead.id}`;
  const erased = lead.email === ERASED;
  const fields = Object.entries(record).filter(
    ([k, v]) => !HIDDEN.has(k) && v !== undefined && v !== null && v !== "",
  );
  return renderPage(
    `${kindLabel[lead.kind]}: ${lead.name || "(no name)"}`,
    { ...context, current: "inbox" },
    <>
      {data.done ? (
        <div className="banner" role="status">
          <p>{data.done}</p>
        </div>
      ) : null}
      {erased ? (
        <p>
          Erased on <When at={lead.updatedAt} now={data.now} /> at the person&apos;s request:
          nothing about them is kept, and there is nothing to do here.
        </p>
      ) : (
        <>
          <p>
            Status{" "}
            <span className={`status status-${lead.status.replace(" ", "-")}`}>{lead.status}</span>,
            assigned to {lead.assignee ? (data.names.get(lead.assignee) ?? "someone") : "nobody"}.
          </p>
          <div className="lead-columns">
            <section aria-labelledby="details">
              <h2 id="details">Details</h2>
              <dl className="summary">
                {fields.map(([k, v]) => (
                  <div key={k}>
                    <dt>{FIELD_LABELS[k] ?? k}</dt>
                    <dd dir="auto" className={k === "message" ? "message" : undefined}>
                      {typeof v === "string" && /^\d{4}-\d\d-\d\dT/.test(v) ? (
                        <When at={v} now={data.now} />
                      ) : typeof v === "string" ? (
                        v
                      ) : (
                        JSON.stringify(v)
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
            <section aria-labelledby="work">
              <h2 id="work">Work on it</h2>
              <form method="post" action={`${base}/assign`} className="stack">
                <Csrf token={context.csrf} />
                {data.canAssignAnyone ? (
                  <>
                    <label htmlFor="assignee">Assign to</label>
                    <select id="assignee" name="assignee" defaultValue={lead.assignee ?? ""}>
                      <option value="">Nobody</option>
                      {staff
                        .filter((s) => !s.disabled)
                        .map((s) => (
                          <option key={s.id} value={s.id}>
                            {s.name}
                          </option>
                        ))}
                    </select>
                    <button type="submit">Assign</button>
                  </>
                ) : lead.assignee === me.id ? (
                  <>
                    <input type="hidden" name="assignee" value="" />
                    <button type="submit">Give it back (unassign)</button>
                  </>
                ) : (
                  <>
                    <input type="hidden" name="assignee" value={me.id} />
                    <button type="submit">Take it (assign to me)</button>
                  </>
                )}
              </form>
              <form method="post" action={`${base}/status`} className="stack">
                <Csrf token={context.csrf} />
                <label htmlFor="status">Status</label>
                <select id="status" name="status" defaultValue={lead.status}>
                  {LEAD_STATUSES.map((s: LeadStatus) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </select>
                <button type="submit">Change status</button>
              </form>
              <form method="post" action={`${base}/note`} className="stack">
                <Csrf token={context.csrf} />
                <label htmlFor="note">Private note (staff only)</label>
                <textarea id="note" name="note" rows={4} maxLength={4000} required />
                <button type="submit">Add note</button>
              </form>
            </section>
          </div>
        </>
      )}
      <section aria-labelledby="timeline">
        <h2 id="timeline">Timeline</h2>
        <ol className="timeline">
          {data.timeline.map((item, i) => (
            <li key={i}>
              <When at={item.at} now={data.now} /> {item.what}
              {item.who ? <span className="quiet"> by {item.who}</span> : null}
              {item.detail ? (
                <p className="note" dir="auto">
                  {item.detail}
                </p>
              ) : null}
              {item.resend ? (
                <RetryButton
                  target={item.resend}
                  csrf={context.csrf}
                  back="lead"
                  label="Resend"
                  what={item.what}
                />
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      {data.others ? (
        <section aria-labelledby="others">
          <h2 id="others">The same person's other leads</h2>
          <LeadTable
            rows={data.others}
            now={data.now}
            names={data.names}
            caption="Other leads from the same e-mail address"
          />
        </section>
      ) : null}
    </>,
  );
}
