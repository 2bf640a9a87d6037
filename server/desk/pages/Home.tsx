import type { LeadStatus } from "../../db/schema";
import { renderPage, type PageContext } from "./Layout";
import { LeadTable, type LeadRow } from "./LeadTable";
import { LiveNotice, type Live } from "./Live";

export function homePage(
  context: PageContext,
  data: {
    now: number;
    since: string | null;
    fresh: LeadRow[];
    freshCount: number;
    byStatus: Partial<Record<LeadStatus, number>>;
    names: Map<string, string>;
    live?: Live;
  },
) {
  const { byStatus } = data;
  return renderPage(
    "Home",
    { ...context, current: "home" },
    <>
      <LiveNotice live={data.live} />
      <ul className="counts">
        <li>
          <a href="/desk/inbox?status=new">
            <strong>{byStatus.new ?? 0}</strong> new
          </a>
        </li>
        <li>
          <a href="/desk/inbox?status=in+progress">
            <strong>{byStatus["in progress"] ?? 0}</strong> in progress
          </a>
        </li>
        <li>
          <a href="/desk/inbox?status=closed">
            <strong>{byStatus.closed ?? 0}</strong> closed
          </a>
        </li>
      </ul>
      <h2>
        {data.since
          ? `${data.freshCount} new since your last visit`
          : `${data.freshCount} leads so far`}
      </h2>
      <LeadTable
        rows={data.fresh}
        now={data.now}
        names={data.names}
        caption={data.since ? "The latest leads since your last visit" : "The latest leads"}
      />
      <p>
        <a href="/desk/inbox">All leads in the inbox</a>
      </p>
    </>,
  );
}
