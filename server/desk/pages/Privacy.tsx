import type { Selectable } from "kysely";
import { modeById } from "../../../src/lib/bookingRules";
import { RETENTION_FROM } from "../../../src/content/schema/retention";
import type { Retention } from "../../../src/content/schema/retention";
import type { PrivacyRequestTable } from "../../db/schema";
import type { ToCancel } from "../../privacy/erase";
import type { PersonExport } from "../../privacy/export";
import { dueBy } from "../../privacy/requests";
import type { UpNext } from "../../privacy/retention";
import { Csrf, londonTime, renderPage, When, type PageContext } from "./Layout";
import { FIELD_LABELS, HIDDEN } from "./Lead";

const text = (v: unknown) => (typeof v === "string" ? v : "");

export type RequestRow = Selectable<PrivacyRequestTable>;

const KIND = { copy: "A copy of their data", erase: "Erasure" } as const;
const STATE: Record<RequestRow["state"], string> = {
  pending: "waiting for staff to confirm",
  confirmed: "confirmed: the server is carrying it out",
  done: "done",
  refused: "refused",
};

/** The form that opens the copy of an address (or of a request's address): POSTed, never a URL. */
function ExportButton({ csrf, request, label }: { csrf: string; request: string; label: string }) {
  return (
    <form method="post" action="/desk/privacy/export" className="inline">
      <Csrf token={csrf} />
      <input type="hidden" name="request" value={request} />
      <button type="submit">{label}</button>
    </form>
  );
}

/** /desk/privacy: the students' requests, the form for an address, the way to retention. */
export function privacyPage(
  context: PageContext,
  data: {
    now: number;
    pending: RequestRow[];
    recent: RequestRow[];
    names: Map<string, string>;
    done?: string;
    problem?: string;
    email?: string;
  },
) {
  const who = (actor: string | null) =>
    actor ? (data.names.get(actor) ?? actor.replace(/^cli:/, "the server's command, ")) : "";
  return renderPage(
    "Privacy",
    { ...context, current: "privacy" },
    <>
      {data.done ? (
        <div className="banner" role="status">
          <p>{data.done}</p>
        </div>
      ) : null}
      <section aria-labelledby="requests">
        <h2 id="requests">Students' requests waiting for you</h2>
        <p>
          Sent from the link in their acknowledgement e-mail. Check it is them before confirming: a
          link opened is never enough. The law gives a month to answer.
        </p>
        {data.pending.length ? (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Waiting requests">
            <table>
              <caption>Requests waiting to be confirmed, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">Asked</th>
                  <th scope="col">What</th>
                  <th scope="col">Address</th>
                  <th scope="col">Answer by</th>
                  <th scope="col">State</th>
                  <th scope="col">Do</th>
                </tr>
              </thead>
              <tbody>
                {data.pending.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <When at={r.at} now={data.now} />
                    </td>
                    <td>{KIND[r.kind]}</td>
                    <td>{r.email}</td>
                    <td>
                      <Due at={r.at} now={data.now} />
                    </td>
                    <td>{STATE[r.state]}</td>
                    <td>
                      <a href={`/desk/privacy/requests/${r.id}`}>
                        {r.kind === "erase" ? "Check and confirm the erasure" : "Answer it"}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="quiet">No request is waiting.</p>
        )}
        {data.recent.length ? (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Recent requests">
            <table>
              <caption>Confirmed and done in the last 90 days, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Asked</th>
                  <th scope="col">What</th>
                  <th scope="col">From</th>
                  <th scope="col">State</th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {data.recent.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <When at={r.at} now={data.now} />
                    </td>
                    <td>{KIND[r.kind]}</td>
                    <td>{r.source === "link" ? "the student's link" : "staff"}</td>
                    <td>
                      {STATE[r.state]}
                      {r.doneAt ? (
                        <>
                          {" "}
                          <When at={r.doneAt} now={data.now} />
                        </>
                      ) : null}
                    </td>
                    <td>{who(r.actor)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="address">
        <h2 id="address">Everything held about an address</h2>
        <p>
          A readable copy of every record held about one e-mail address, to download as JSON and
          send to them, and from there its erasure.
        </p>
        {data.problem ? (
          <div className="banner banner-problem" role="alert">
            <p>{data.problem}</p>
          </div>
        ) : null}
        <form method="post" action="/desk/privacy/export" className="stack">
          <Csrf token={context.csrf} />
          <label htmlFor="p-email">Their e-mail address</label>
          <input
            id="p-email"
            name="email"
            type="email"
            required
            autoComplete="off"
            defaultValue={data.email}
          />
          <button type="submit">Show everything held</button>
        </form>
      </section>
      <p>
        <a href="/desk/privacy/retention">What the retention job deletes next, and when</a>
      </p>
    </>,
  );
}

/** A request's due day (one month after it), and "late" once past it. */
const Due = ({ at, now }: { at: string; now: number }) => <DueDay due={dueBy(at)} now={now} />;

function DueDay({ due, now }: { due: string; now: number }) {
  return (
    <>
      <When at={due} now={now} />
      {Date.parse(due) < now ? <strong> late</strong> : null}
    </>
  );
}

/** A record's fields as a list (dates in London time). */
function Fields({ record, now }: { record: Record<string, unknown>; now: number }) {
  const fields = Object.entries(record).filter(
    ([k, v]) => !HIDDEN.has(k) && v !== undefined && v !== null && v !== "",
  );
  return (
    <dl className="summary">
      {fields.map(([k, v]) => (
        <div key={k}>
          <dt>{FIELD_LABELS[k] ?? k}</dt>
          <dd dir="auto" className={k === "message" ? "message" : undefined}>
            {typeof v === "string" && /^\d{4}-\d\d-\d\dT/.test(v) ? (
              <When at={v} now={now} />
            ) : typeof v === "string" ? (
              v
            ) : (
              JSON.stringify(v)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The copy's counts, as the erasure's confirmation names them. */
export const recordCounts = (copy: PersonExport) =>
  [
    [copy.enquiries.length, "enquiry", "enquiries"],
    [copy.bookings.length, "consultation booking", "consultation bookings"],
    [copy.registrations.length, "event registration", "event registrations"],
    [copy.emails.length, "record of an e-mail sent", "records of e-mails sent"],
    [copy.webhooks.length, "record of a webhook sent", "records of webhooks sent"],
    [copy.notes.length, "staff note", "staff notes"],
    [copy.requests.length, "privacy request", "privacy requests"],
  ] as const;

export const countLine = ([n, one, many]: readonly [number, string, string]) =>
  `${n} ${n === 1 ? one : many}`;

/** The hidden fields that name the person again in the next form (never in an address). */
const Person = ({ copy, request }: { copy: PersonExport; request?: string }) => (
  <>
    <input type="hidden" name="email" value={copy.email} />
    {request ? <input type="hidden" name="request" value={request} /> : null}
  </>
);

/** Everything held about an address, readable, with the JSON download and the way to erase. */
export function exportPage(
  context: PageContext,
  data: { now: number; copy: PersonExport; request?: string },
) {
  const { copy, now } = data;
  const nothing = !copy.enquiries.length && !copy.bookings.length && !copy.registrations.length;
  return renderPage(
    "Everything held about an address",
    { ...context, current: "privacy" },
    <>
      <p>
        <strong>{copy.email}</strong>, as of <When at={copy.exportedAt} now={now} /> (London time):{" "}
        {recordCounts(copy).map(countLine).join(", ")}.
      </p>
      <div className="actions">
        <form method="post" action="/desk/privacy/export.json" className="inline">
          <Csrf token={context.csrf} />
          <Person copy={copy} request={data.request} />
          <button type="submit">Download JSON</button>
        </form>
        {nothing ? null : (
          <form method="post" action="/desk/privacy/erase/check" className="inline">
            <Csrf token={context.csrf} />
            <Person copy={copy} request={data.request} />
            <button type="submit" className="danger">
              Erase everything about this person
            </button>
          </form>
        )}
      </div>
      <section aria-labelledby="x-enquiries">
        <h2 id="x-enquiries">Enquiries ({copy.enquiries.length})</h2>
        {copy.enquiries.map((e) => (
          <article key={e.id} className="record" aria-label={`Enquiry ${e.id.slice(0, 8)}`}>
            <h3>
              <a href={`/desk/leads/enquiry/${e.id}`}>{e.form} form</a>,{" "}
              <When at={e.receivedAt} now={now} />
            </h3>
            <Fields
              record={{ lang: e.lang, campaign: e.campaign, ...e.fields, id: undefined }}
              now={now}
            />
          </article>
        ))}
      </section>
      {(
        [
          ["x-bookings", "Consultation bookings", "booking", copy.bookings],
          ["x-registrations", "Event registrations", "registration", copy.registrations],
        ] as const
      ).map(([id, title, kind, list]) => (
        <section key={id} aria-labelledby={id}>
          <h2 id={id}>
            {title} ({list.length})
          </h2>
          {list.map((r) => (
            <article key={r.id} className="record" aria-label={`${title} ${r.id.slice(0, 8)}`}>
              <h3>
                <a href={`/desk/leads/${kind}/${r.id}`}>
                  {text(r.current.state)} {r.id.slice(0, 8)}
                </a>
              </h3>
              <Fields record={r.current} now={now} />
              {r.versions.length > 1 ? (
                <>
                  <h4>History</h4>
                  <ol className="plain">
                    {r.versions.map((v, i) => (
                      <li key={i}>
                        {text(v.state)}{" "}
                        {typeof v.updatedAt === "string" ? (
                          <When at={v.updatedAt} now={now} />
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </>
              ) : null}
            </article>
          ))}
        </section>
      ))}
      <Deliveries
        id="x-emails"
        title="E-mails sent about them"
        rows={copy.emails.map((d) => ({ ...d, what: `${d.outbox}: ${d.mail}` }))}
        now={now}
      />
      <Deliveries
        id="x-webhooks"
        title="Webhooks sent to the agency's tools"
        rows={copy.webhooks.map((d) => ({ ...d, what: `${d.type ?? d.id} to ${d.mail}` }))}
        now={now}
      />
      <section aria-labelledby="x-desk">
        <h2 id="x-desk">On the desk ({copy.desk.length})</h2>
        <ul className="plain">
          {copy.desk.map((d) => (
            <li key={`${d.kind}-${d.id}`}>
              {d.kind} {d.id.slice(0, 8)}: {d.status}
              {d.assignee ? `, with ${d.assignee}` : ""}, last changed{" "}
              <When at={d.updatedAt} now={now} />
            </li>
          ))}
        </ul>
        <h3>Staff notes ({copy.notes.length})</h3>
        <ul className="plain">
          {copy.notes.map((n, i) => (
            <li key={i}>
              <When at={n.at} now={now} /> {n.by} on {n.kind} {n.lead.slice(0, 8)}:
              <p className="note" dir="auto">
                {n.text}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="x-requests">
        <h2 id="x-requests">Privacy requests ({copy.requests.length})</h2>
        <ul className="plain">
          {copy.requests.map((r) => (
            <li key={r.id}>
              <When at={r.at} now={now} /> {KIND[r.kind as "copy" | "erase"] ?? r.kind}, from{" "}
              {r.source === "link" ? "the student's link" : "staff"}:{" "}
              {STATE[r.state as RequestRow["state"]] ?? r.state}
            </li>
          ))}
        </ul>
      </section>
    </>,
  );
}

function Deliveries({
  id,
  title,
  rows,
  now,
}: {
  id: string;
  title: string;
  rows: { id: string; at: string; what: string; state: string; reason?: string }[];
  now: number;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>
        {title} ({rows.length})
      </h2>
      {rows.length ? (
        <div className="table-scroll" tabIndex={0} role="region" aria-label={title}>
          <table>
            <caption>{title}, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">What</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d, i) => (
                <tr key={i}>
                  <td>
                    <When at={d.at} now={now} />
                  </td>
                  <td>{d.what}</td>
                  <td>
                    {d.state}
                    {d.reason ? ` (${d.reason})` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}

/** What an erasure will cancel and delete, and the deliberate step that asks for it. */
export function eraseCheckPage(
  context: PageContext,
  data: {
    now: number;
    copy: PersonExport;
    toCancel: ToCancel[];
    /** A student's pending request this confirms (else staff's own erasure). */
    request?: RequestRow;
    problem?: string;
  },
) {
  const { copy, now } = data;
  const action = data.request
    ? `/desk/privacy/requests/${data.request.id}/confirm`
    : "/desk/privacy/erase";
  return renderPage(
    "Erase everything about this person?",
    { ...context, current: "privacy" },
    <>
      {data.request ? (
        <p>
          {copy.email} asked for erasure from the link in their acknowledgement e-mail, on{" "}
          <When at={data.request.at} now={now} />. Answer by <Due at={data.request.at} now={now} />.
        </p>
      ) : (
        <p>
          <strong>{copy.email}</strong>
        </p>
      )}
      <h2>First cancelled ({data.toCancel.length})</h2>
      {data.toCancel.length ? (
        <>
          <ul className="plain">
            {data.toCancel.map((c) => (
              <li key={c.id}>
                {c.kind === "booking"
                  ? `Consultation (${modeById(c.what)?.name ?? c.what})`
                  : `Event: ${c.what}`}
                , <time dateTime={c.start}>{londonTime(c.start)}</time> London time
              </li>
            ))}
          </ul>
          <p>
            They are e-mailed each cancellation (with the calendar&rsquo;s cancellation) and the
            advisers are told, as for any cancellation by staff; the usual webhooks go.
          </p>
        </>
      ) : (
        <p>Nothing: no consultation or event place of theirs is still to come.</p>
      )}
      <h2>Then deleted or stripped of the person</h2>
      <ul className="plain">
        {recordCounts(copy).map((c) => (
          <li key={c[2]}>{countLine(c)}</li>
        ))}
      </ul>
      <p>
        Enquiries are deleted (an anonymous count a month stays); bookings and registrations keep
        their place in the counts without name, e-mail, phone or message; the agency&rsquo;s other
        tools are told to erase them too (<code>person.erased</code>). It cannot be undone.
      </p>
      {data.problem ? (
        <div className="banner banner-problem" role="alert">
          <p>{data.problem}</p>
        </div>
      ) : null}
      <form method="post" action={action} className="stack">
        <Csrf token={context.csrf} />
        <Person copy={copy} />
        <div className="check">
          <input id="e-checked" name="checked" type="checkbox" value="yes" required />
          <label htmlFor="e-checked">I have checked that it is this person asking</label>
        </div>
        <button type="submit" className="danger">
          {data.request ? "Confirm the erasure" : "Erase everything"}
        </button>
      </form>
      <p>
        <a href="/desk/privacy">Keep it and go back</a>
      </p>
    </>,
  );
}

/** A student's request for a copy: open the copy, send it, then mark it answered. */
export function copyRequestPage(context: PageContext, data: { now: number; request: RequestRow }) {
  const { request, now } = data;
  return renderPage(
    "A request for a copy",
    { ...context, current: "privacy" },
    <>
      <p>
        {request.email} asked for a copy of their data from the link in their acknowledgement
        e-mail, on <When at={request.at} now={now} />. Answer by <Due at={request.at} now={now} />.
      </p>
      <ol>
        <li>Check it is them: answer only to the address the records are under.</li>
        <li>
          Open the copy, download it as JSON and send it to that address.{" "}
          <ExportButton csrf={context.csrf} request={request.id} label="Open the copy" />
        </li>
        <li>Then mark the request answered.</li>
      </ol>
      <form method="post" action={`/desk/privacy/requests/${request.id}/confirm`} className="stack">
        <Csrf token={context.csrf} />
        <div className="check">
          <input id="c-checked" name="checked" type="checkbox" value="yes" required />
          <label htmlFor="c-checked">I have sent them the copy</label>
        </div>
        <button type="submit">Mark it answered</button>
      </form>
      <p>
        <a href="/desk/privacy">Go back</a>
      </p>
    </>,
  );
}

const KIND_NAME: Record<keyof Retention, string> = {
  enquiries: "Enquiries",
  bookings: "Consultation bookings",
  registrations: "Event registrations",
  deliveries: "Records of e-mails and webhooks sent",
  auditLog: "The desk's audit log",
};

const LEAD_KIND: Partial<Record<keyof Retention, string>> = {
  enquiries: "enquiry",
  bookings: "booking",
  registrations: "registration",
};

/** What the daily retention job deletes next, per kind, and when. */
export function retentionPage(
  context: PageContext,
  data: { now: number; upNext: UpNext[]; periods: Retention },
) {
  return renderPage(
    "What retention deletes next",
    { ...context, current: "privacy" },
    <>
      <p>
        Once a day the server deletes (or strips of the person) what is past its period. The periods
        are in the site&rsquo;s content (<code>content/retention.yaml</code>), as the privacy notice
        shows them. Times are London time.
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Retention">
        <table>
          <caption>Per kind: how long it is kept, the next to go and when</caption>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Kept for</th>
              <th scope="col">Next to go</th>
              <th scope="col">Within 30 days</th>
            </tr>
          </thead>
          <tbody>
            {data.upNext.map((n) => {
              const period = data.periods[n.kind];
              const lead = LEAD_KIND[n.kind];
              return (
                <tr key={n.kind}>
                  <th scope="row">{KIND_NAME[n.kind]}</th>
                  <td>
                    {period.keep} {period.unit} after {RETENTION_FROM[n.kind]}
                  </td>
                  <td>
                    {n.next ? (
                      <>
                        <When at={n.next.at} now={data.now} />{" "}
                        {lead ? (
                          <a href={`/desk/leads/${lead}/${n.next.id}`}>
                            {lead} {n.next.id.slice(0, 8)}
                          </a>
                        ) : null}
                      </>
                    ) : (
                      "none held"
                    )}
                  </td>
                  <td>{n.within30Days}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p>
        <a href="/desk/privacy">Back to privacy</a>
      </p>
    </>,
  );
}
