import { LEAD_KINDS, LEAD_STATUSES, type InboxFilter } from "../leads";
import type { StaffMember } from "../staff";
import { Csrf, renderPage, type PageContext } from "./Layout";
import { kindLabel, LeadTable, type LeadRow } from "./LeadTable";
import { LiveNotice, type Live } from "./Live";

function Select({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: [string, string][];
}) {
  return (
    <div className="field">
      <label htmlFor={`f-${name}`}>{label}</label>
      <select id={`f-${name}`} name={name} defaultValue={value ?? ""}>
        <option value="">Any</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A filter's own fields (not the page, not the search) as an address's query. */
export function filterQuery(filter: InboxFilter) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter))
    if (v && k !== "after" && k !== "q") params.set(k, String(v));
  return params;
}

/** The filtered list as CSV: a link with the filter, or a POSTed form when there is a search. */
function Export({ filter, csrf }: { filter: InboxFilter; csrf: string }) {
  if (!filter.q) {
    const query = filterQuery(filter).toString();
    return (
      <p className="export">
        <a href={`/desk/inbox/export${query ? `?${query}` : ""}`} download>
          Download these leads (CSV)
        </a>
      </p>
    );
  }
  return (
    <form method="post" action="/desk/inbox/export" className="export">
      <Csrf token={csrf} />
      {Object.entries(filter).map(([k, v]) =>
        v && k !== "after" ? <input key={k} type="hidden" name={k} value={String(v)} /> : null,
      )}
      <button type="submit">Download these leads (CSV)</button>
    </form>
  );
}

/** Where the next page starts: after the last row shown. */
const afterRow = (last: LeadRow) => `${last.receivedAt}|${last.kind}|${last.id}`;

/** The address of the next page: the same filters, after the last row (no search in it). */
export function nextPageHref(filter: InboxFilter, last: LeadRow) {
  const params = filterQuery(filter);
  params.set("after", afterRow(last));
  return `/desk/inbox?${params}`;
}

/** A search's next page: POSTed like the search, so its words stay out of the address. */
function NextSearchPage({
  filter,
  last,
  csrf,
}: {
  filter: InboxFilter;
  last: LeadRow;
  csrf: string;
}) {
  return (
    <form method="post" action="/desk/inbox" className="inline">
      <Csrf token={csrf} />
      {Object.entries(filter).map(([k, v]) =>
        v && k !== "after" ? <input key={k} type="hidden" name={k} value={String(v)} /> : null,
      )}
      <input type="hidden" name="after" value={afterRow(last)} />
      <button type="submit">Older leads</button>
    </form>
  );
}

export function inboxPage(
  context: PageContext,
  data: {
    now: number;
    filter: InboxFilter;
    rows: LeadRow[];
    more: boolean;
    staff: StaffMember[];
    languages: string[];
    names: Map<string, string>;
    /** A manager or admin: the CSV of the list. */
    canExport: boolean;
    /** On the newest page of a filter (not a search's, not an older page). */
    live?: Live;
  },
) {
  const { filter } = data;
  const last = data.rows.at(-1);
  return renderPage(
    "Inbox",
    { ...context, current: "inbox" },
    <>
      {/* POSTed: a search's words (a name, an address) never in an address or a log. */}
      <form method="post" action="/desk/inbox" className="filters" role="search">
        <Csrf token={context.csrf} />
        <Select
          name="kind"
          label="Kind"
          value={filter.kind}
          options={LEAD_KINDS.map((k) => [k, kindLabel[k]])}
        />
        <Select
          name="status"
          label="Status"
          value={filter.status}
          options={LEAD_STATUSES.map((s) => [s, s])}
        />
        <Select
          name="assignee"
          label="Assignee"
          value={filter.assignee}
          options={[["none", "Nobody"], ...data.staff.map((s): [string, string] => [s.id, s.name])]}
        />
        <Select
          name="lang"
          label="Language"
          value={filter.lang}
          options={data.languages.map((l) => [l, l])}
        />
        <div className="field">
          <label htmlFor="f-from">Received from</label>
          <input id="f-from" name="from" type="date" defaultValue={filter.from ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="f-to">Received to</label>
          <input id="f-to" name="to" type="date" defaultValue={filter.to ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="f-q">Name or e-mail</label>
          <input id="f-q" name="q" type="search" defaultValue={filter.q ?? ""} />
        </div>
        <button type="submit">Filter</button>
        <a href="/desk/inbox">Clear</a>
      </form>
      {data.canExport ? <Export filter={filter} csrf={context.csrf} /> : null}
      <LiveNotice live={data.live} />
      <LeadTable
        rows={data.rows}
        now={data.now}
        names={data.names}
        caption={filter.after ? "Leads, older ones" : "Leads, newest first"}
      />
      <nav aria-label="Pages" className="pages">
        {filter.after ? <a href="/desk/inbox">Newest</a> : null}
        {data.more && last ? (
          filter.q ? (
            <NextSearchPage filter={filter} last={last} csrf={context.csrf} />
          ) : (
            <a href={nextPageHref(filter, last)}>Older leads</a>
          )
        ) : null}
      </nav>
    </>,
  );
}
