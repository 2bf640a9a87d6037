import type { Selectable } from "kysely";
import type { LeadStateTable } from "../../db/schema";
import { When } from "./Layout";

export type LeadRow = Selectable<LeadStateTable>;

export const kindLabel = { enquiry: "Enquiry", booking: "Consultation", registration: "Event" };

/** Leads as a table: each row links to the lead's page (by its kind and id, never a name). */
export function LeadTable({
  rows,
  now,
  names,
  caption,
}: {
  rows: LeadRow[];
  now: number;
  /** Staff names by id (assignees). */
  names: Map<string, string>;
  caption: string;
}) {
  if (!rows.length) return <p>No leads here.</p>;
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col">Country</th>
            <th scope="col">Interest</th>
            <th scope="col">Language</th>
            <th scope="col">Campaign</th>
            <th scope="col">Received</th>
            <th scope="col">Status</th>
            <th scope="col">Assignee</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.kind}/${r.id}`}>
              <th scope="row">
                <a href={`/desk/leads/${r.kind}/${r.id}`} dir="auto">
                  {r.name || "(no name)"}
                </a>
              </th>
              <td>{kindLabel[r.kind]}</td>
              <td dir="auto">{r.country}</td>
              <td dir="auto">{r.interest}</td>
              <td>{r.lang}</td>
              <td>{r.campaign ?? ""}</td>
              <td>
                <When at={r.receivedAt} now={now} />
              </td>
              <td>
                <span className={`status status-${r.status.replace(" ", "-")}`}>{r.status}</span>
              </td>
              <td>{r.assignee ? (names.get(r.assignee) ?? "someone") : "nobody"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
