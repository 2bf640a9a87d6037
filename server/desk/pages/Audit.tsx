import type { Selectable } from "kysely";
import type { AuditLogTable } from "../../db/schema";
import type { AuditFilter } from "../audit";
import type { StaffMember } from "../staff";
import { renderPage, When, type PageContext } from "./Layout";

export function auditPage(
  context: PageContext,
  data: {
    now: number;
    filter: AuditFilter;
    rows: Selectable<AuditLogTable>[];
    more: boolean;
    staff: StaffMember[];
    actions: string[];
  },
) {
  const names = new Map(data.staff.map((s) => [s.id, s.name]));
  const { filter } = data;
  const last = data.rows.at(-1);
  const next = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v && k !== "before") next.set(k, String(v));
  if (last) next.set("before", `${last.at}|${last.id}`);
  return renderPage(
    "Audit log",
    { ...context, current: "audit" },
    <>
      <form method="get" action="/desk/audit" className="filters">
        <div className="field">
          <label htmlFor="a-who">Who</label>
          <select id="a-who" name="staff" defaultValue={filter.staffId ?? ""}>
            <option value="">Anyone</option>
            {data.staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="a-action">Action</label>
          <select id="a-action" name="action" defaultValue={filter.action ?? ""}>
            <option value="">Any</option>
            {data.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="a-from">From (day)</label>
          <input id="a-from" name="from" type="date" defaultValue={filter.from ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="a-to">To (day)</label>
          <input id="a-to" name="to" type="date" defaultValue={filter.to ?? ""} />
        </div>
        <button type="submit">Filter</button>
        <a href="/desk/audit">Clear</a>
      </form>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Audit entries">
        <table>
          <caption>Audit entries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Record</th>
              <th scope="col">From</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <When at={r.at} now={data.now} />
                </td>
                <td>{r.staffId ? (names.get(r.staffId) ?? r.staffId) : "(not signed in)"}</td>
                <td>{r.action}</td>
                <td>
                  {r.recordKind && r.recordId ? (
                    r.recordKind === "enquiry" ||
                    r.recordKind === "booking" ||
                    r.recordKind === "registration" ? (
                      <a href={`/desk/leads/${r.recordKind}/${r.recordId}`}>
                        {r.recordKind} {r.recordId.slice(0, 8)}
                      </a>
                    ) : (
                      `${r.recordKind} ${r.recordId.slice(0, 8)}`
                    )
                  ) : (
                    ""
                  )}
                </td>
                <td>{r.client}</td>
                <td>{r.detail ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.more ? (
        <nav aria-label="Pages" className="pages">
          <a href={`/desk/audit?${next}`}>Older entries</a>
        </nav>
      ) : null}
    </>,
  );
}
