import { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import { csvCell } from "../../service/csv";
import type { Desk, Handler } from "../context";
import { isLeadKind, isLeadStatus, type InboxFilter, type LeadKind, type Viewer } from "../leads";
import { ERASED } from "../../privacy/strip";
import { addDays, wallClock } from "../../../src/lib/slots";
import { bookingsSeenBy, byDay, LONDON, validDate } from "../consultations";
import { deliveryLabel, isOutbox, leadOf, safeReason } from "../deliveries";
import { homePage } from "../pages/Home";
import { filterQuery, inboxPage } from "../pages/Inbox";
import { leadPage, type TimelineItem } from "../pages/Lead";
import { audit, contextFor, field, param, refuse, seeOther, sendPage } from "../respond";

const leadAddress = (kind: LeadKind, id: string) => `/desk/leads/${kind}/${id}`;

/** A delivery's state in words. */
const stateWords = (state: string) =>
  state === "flagged" ? "given up" : state === "failed" ? "failed, being retried" : state;

const viewerOf = (request: FastifyRequest): Viewer => {
  const staff = request.desk.session!.staff;
  return { id: staff.id, seesAll: staff.role !== "adviser" };
};

async function staffNames(desk: Desk) {
  const staff = await desk.staff.list();
  return { staff, names: new Map(staff.map((s) => [s.id, s.name])) };
}

/** How many of the next events home lists. */
const NEXT_EVENTS = 3;

/**
 * How many leads came since a time (the page's), with the page's filter, as this person may see
 * them: the desk's script asks every so often and offers to show them. A number, no one's data.
 */
export const newerLeads: Handler = async (desk, request, reply) => {
  const since = Date.parse(param(request, "since") ?? "");
  if (Number.isNaN(since)) return reply.code(400).send({ error: "since: a time" });
  const filter = { ...filterOf(request, {}), after: undefined };
  const count = await desk.leads.newer(filter, viewerOf(request), new Date(since).toISOString());
  return reply.send({ count });
};

/** Where the page's script asks for newer leads, with the page's filter and time. */
export function newerHref(filter: InboxFilter, since: number) {
  const params = filterQuery(filter);
  params.set("since", new Date(since).toISOString());
  return `/desk/leads/newer?${params}`;
}

export const showHome: Handler = async (desk, request, reply) => {
  const me = request.desk.session!.staff;
  const since = me.lastVisitAt;
  const now = desk.clock.now();
  const today = wallClock(now, LONDON).date;
  const days = [today, addDays(today, 1)];
  const viewer = viewerOf(request);
  const [counts, { names }, bookings, events, claims] = await Promise.all([
    desk.leads.counts(viewer, since),
    staffNames(desk),
    bookingsSeenBy(desk, me),
    nextEvents(desk, now),
    desk.claims.today(),
  ]);
  // After counts: the leads' rows are caught up, so each delivery finds its lead.
  const failed = await desk.deliveries.failed(viewer);
  await desk.staff.markVisit(me.id);
  await audit(desk, request, "home.view");
  return sendPage(
    reply,
    200,
    homePage(contextFor(desk, request), {
      now,
      since,
      names,
      ...counts,
      consultations: byDay(bookings, days),
      events,
      failed,
      claims,
      done: param(request, "done") === "retried" ? RETRIED : undefined,
      live: { newer: newerHref({}, now), show: "/desk", everyMs: desk.liveMs },
    }),
  );
};

/** The next few events to start, with their places, soonest first. */
async function nextEvents(desk: Desk, now: number) {
  const next = (desk.events?.schedule.all() ?? [])
    .filter((s) => s.event.status === "scheduled" && Date.parse(s.event.startsAt) > now)
    .sort((a, b) => a.event.startsAt.localeCompare(b.event.startsAt))
    .slice(0, NEXT_EVENTS);
  if (!next.length) return [];
  const places = await desk.events!.desk.places(next, now);
  return next.map((s) => ({ event: s.event, places: places[s.event.slug] }));
}

const RETRIED = "It is re-queued: the server sends it within seconds.";

/**
 * Retry (home) and Resend (a lead's timeline): one given-up e-mail or webhook pending again,
 * by the very re-queue `npm run enquiries -- --retry` makes; the server's delivery worker
 * sends it once. Only for a lead the person may see.
 */
export const retryDelivery: Handler = async (desk, request, reply) => {
  const outbox = field(request.body, "outbox");
  const id = field(request.body, "id");
  const mail = field(request.body, "mail");
  const row = isOutbox(outbox) ? await desk.deliveries.get(outbox, id, mail) : undefined;
  if (!row)
    return refuse(desk, request, reply, 404, "No such e-mail", [
      "There is no e-mail or webhook like this to send again. Go back and reload the page.",
    ]);
  const lead = leadOf(row.outbox, row.id);
  const state = lead && (await desk.leads.state(lead.kind, lead.id));
  const viewer = viewerOf(request);
  if (!viewer.seesAll && !(state && (state.assignee ?? viewer.id) === viewer.id)) {
    await audit(desk, request, "delivery.refused", lead, `${row.outbox} ${row.mail}`);
    return refuse(desk, request, reply, 403, "This lead is someone else's", [
      "This e-mail belongs to a lead assigned to another adviser. A manager can send it again.",
    ]);
  }
  const requeued = await desk.deliveries.retry(row.outbox, row.id, row.mail);
  if (!requeued)
    return refuse(desk, request, reply, 409, "Not sent again", [
      row.state === "sent"
        ? "It has been delivered since: there is nothing to send again."
        : row.state === "pending"
          ? "It is re-queued already: the server sends it within seconds."
          : row.state === "failed"
            ? "It is not given up: the server is still trying it by itself."
            : "It is not waiting to be sent again.",
    ]);
  await audit(desk, request, "delivery.retry", lead, `${row.outbox} ${row.mail}`);
  return seeOther(
    reply,
    field(request.body, "back") === "lead" && lead
      ? `${leadAddress(lead.kind, lead.id)}?done=resent`
      : "/desk?done=retried",
  );
};

/**
 * The inbox. Its filters are a GET address (kept, bookmarked); a search by name or e-mail is
 * POSTed, and its pages too, so a student's name or address is never in a URL, the browser's
 * history or a log line.
 */
export const showInbox: Handler = (desk, request, reply) => inbox(desk, request, reply, {});

export const searchInbox: Handler = async (desk, request, reply) => {
  const posted = (name: string) => field(request.body, name).trim() || undefined;
  const q = posted("q")?.slice(0, 200);
  const filters = Object.fromEntries(
    FILTERS.map((name) => [name, posted(name)]).filter(([, v]) => v),
  ) as Record<string, string>;
  // Nothing to hide: the same filters as an address of their own.
  if (!q) return seeOther(reply, `/desk/inbox${inboxQuery(filters)}`);
  return inbox(desk, request, reply, { ...filters, q, after: posted("after") });
};

/** The filters an inbox address carries (the search never does). */
const FILTERS = ["kind", "status", "assignee", "lang", "from", "to"] as const;

const inboxQuery = (filters: Record<string, string>) => {
  const query = new URLSearchParams(filters).toString();
  return query ? `?${query}` : "";
};

/** The filter in an address's query (a GET) or a POSTed form (a search, which carries `q`). */
function filterOf(request: FastifyRequest, posted: Record<string, string | undefined>) {
  const value = (name: string) => posted[name] ?? param(request, name);
  const kind = value("kind");
  const status = value("status");
  const filter: InboxFilter = {
    kind: isLeadKind(kind) ? kind : undefined,
    status: isLeadStatus(status) ? status : undefined,
    assignee: value("assignee"),
    lang: value("lang"),
    from: validDate(value("from")),
    to: validDate(value("to")),
    q: posted.q,
    after: value("after"),
  };
  return filter;
}

/** What was looked at, for the audit log: the filter without the search's words or the page. */
const filterDetail = (filter: InboxFilter) =>
  Object.entries({ ...filter, q: filter.q ? "(search)" : undefined, after: undefined })
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join(" ") || undefined;

async function inbox(
  desk: Desk,
  request: FastifyRequest,
  reply: FastifyReply,
  posted: Record<string, string | undefined>,
) {
  const filter = filterOf(request, posted);
  const [{ rows, more }, { staff, names }, languages] = await Promise.all([
    desk.leads.list(filter, viewerOf(request)),
    staffNames(desk),
    desk.leads.languages(),
  ]);
  await audit(desk, request, "inbox.view", undefined, filterDetail(filter));
  return sendPage(
    reply,
    200,
    inboxPage(contextFor(desk, request), {
      now: desk.clock.now(),
      filter,
      rows,
      more,
      staff: staff.filter((s) => !s.disabled),
      languages,
      names,
      canExport: request.desk.session!.staff.role !== "adviser",
      live:
        filter.q || filter.after
          ? undefined
          : {
              newer: newerHref(filter, desk.clock.now()),
              show: `/desk/inbox${inboxQuery(Object.fromEntries(filterQuery(filter)))}`,
              everyMs: desk.liveMs,
            },
    }),
  );
}

const CSV_COLUMNS = [
  "Received (London)",
  "Kind",
  "Name",
  "E-mail",
  "Country",
  "Interest",
  "Language",
  "Campaign",
  "Status",
  "Assignee",
];

/** A row of the CSV: cells as the enquiries tool writes them (quoted, formulas made text). */
const csvLine = (cells: string[]) => `${cells.map(csvCell).join(",")}\r\n`;

/**
 * The filtered leads as CSV (managers and admins): a GET with the filter's address, or a POST
 * with a search (its words never in an address). Written to the response a page of rows at a
 * time as the database gives them, never the whole list in memory; a byte-order mark first so
 * a spreadsheet reads it as UTF-8 (Arabic, Chinese).
 */
async function exportLeads(
  desk: Desk,
  request: FastifyRequest,
  reply: FastifyReply,
  posted: Record<string, string | undefined>,
) {
  const filter = { ...filterOf(request, posted), after: undefined };
  const { names } = await staffNames(desk);
  await audit(desk, request, "leads.export", undefined, filterDetail(filter));
  const rows = desk.leads.every(filter, viewerOf(request));
  async function* csv() {
    yield `\uFEFF${csvLine(CSV_COLUMNS)}`;
    let chunk = "";
    let count = 0;
    for await (const r of rows) {
      const at = wallClock(r.receivedAt, LONDON);
      chunk += csvLine([
        `${at.date} ${at.time}`,
        r.kind,
        r.name,
        r.email,
        r.country,
        r.interest,
        r.lang,
        r.campaign ?? "",
        r.status,
        r.assignee ? (names.get(r.assignee) ?? "") : "",
      ]);
      if (++count % 200 === 0) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk) yield chunk;
  }
  const day = wallClock(desk.clock.now(), LONDON).date;
  return reply
    .code(200)
    .type("text/csv; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="leads-${day}.csv"`)
    .send(Readable.from(csv()));
}

export const exportInbox: Handler = (desk, request, reply) => exportLeads(desk, request, reply, {});

export const exportSearch: Handler = (desk, request, reply) => {
  const posted = (name: string) => field(request.body, name).trim() || undefined;
  return exportLeads(desk, request, reply, {
    ...Object.fromEntries(FILTERS.map((name) => [name, posted(name)])),
    q: posted("q")?.slice(0, 200),
  });
};

interface LeadParams {
  kind: string;
  id: string;
}

/**
 * The lead named in the address, if this person may see it: an adviser sees theirs and the
 * unassigned; opening another's is refused (403) and written to the audit log.
 */
async function allowedLead(desk: Desk, request: FastifyRequest, reply: FastifyReply) {
  const { kind, id } = request.params as LeadParams;
  const lead = isLeadKind(kind) ? await desk.leads.state(kind, id) : undefined;
  if (!lead) {
    await refuse(desk, request, reply, 404, "No such lead", [
      "There is no lead at this address. It may have been mistyped.",
    ]);
    return undefined;
  }
  const viewer = viewerOf(request);
  if (!viewer.seesAll && lead.assignee && lead.assignee !== viewer.id) {
    await audit(desk, request, "lead.refused", { kind, id }, "assigned to another adviser");
    await refuse(desk, request, reply, 403, "This lead is someone else's", [
      "This lead is assigned to another adviser, so it is not open to you. A manager can assign it to you.",
    ]);
    return undefined;
  }
  return lead;
}

/** A lead staff may work on: allowed, and not erased (an erased record is nobody). */
async function workableLead(desk: Desk, request: FastifyRequest, reply: FastifyReply) {
  const lead = await allowedLead(desk, request, reply);
  if (lead?.email !== ERASED) return lead;
  await refuse(desk, request, reply, 409, "This lead was erased", [
    "Everything about this person was erased at their request: there is nothing to assign, change or note.",
  ]);
  return undefined;
}

const DONE: Record<string, string> = {
  assigned: "The assignee is changed.",
  status: "The status is changed.",
  note: "Your note is added.",
  resent: RETRIED,
};

export const showLead: Handler = async (desk, request, reply) => {
  const lead = await allowedLead(desk, request, reply);
  if (!lead) return reply;
  const { kind, id } = lead;
  // Everyone erased has the same word for an address: an erased record is nobody, with no others.
  const erased = lead.email === ERASED;
  const [record, others, deliveries, notes, entries, { staff, names }] = await Promise.all([
    desk.leads.record(kind, id),
    erased ? undefined : desk.leads.others(lead.email, kind, id),
    desk.leads.deliveries(kind, id),
    desk.leads.notes(kind, id),
    desk.audit.forRecord(kind, id),
    staffNames(desk),
  ]);
  await audit(desk, request, "lead.view", { kind, id });
  const viewer = viewerOf(request);
  const timeline: TimelineItem[] = [
    { at: lead.receivedAt, what: "Received" },
    ...deliveries.map((d) => ({
      at: d.at,
      what:
        d.outbox === "webhooks"
          ? `Webhook to ${d.mail}: ${stateWords(d.state)}`
          : `E-mail "${d.mail}" (${deliveryLabel(d.outbox, d.mail).toLowerCase()}): ${stateWords(d.state)}${d.attempts ? ` after ${d.attempts} failed attempts` : ""}`,
      detail: d.state === "flagged" || d.state === "failed" ? safeReason(d.reason) : undefined,
      resend: d.state === "flagged" ? { outbox: d.outbox, id: d.id, mail: d.mail } : undefined,
    })),
    ...entries
      .filter((e) => e.action === "lead.assign" || e.action === "lead.status")
      .map((e) => ({
        at: e.at,
        who: e.staffId ? names.get(e.staffId) : undefined,
        what:
          e.action === "lead.status"
            ? `Status: ${e.detail ?? ""}`
            : `Assigned to ${e.detail && names.has(e.detail) ? names.get(e.detail) : "nobody"}`,
      })),
    ...notes.map((n) => ({ at: n.at, what: "Note", who: names.get(n.staffId), detail: n.text })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return sendPage(
    reply,
    200,
    leadPage(contextFor(desk, request), {
      now: desk.clock.now(),
      lead,
      record: record ?? {},
      timeline,
      others: viewer.seesAll
        ? others
        : others?.filter((o) => !o.assignee || o.assignee === viewer.id),
      staff,
      names,
      canAssignAnyone: viewer.seesAll,
      done: DONE[param(request, "done") ?? ""],
    }),
  );
};

export const assignLead: Handler = async (desk, request, reply) => {
  const lead = await workableLead(desk, request, reply);
  if (!lead) return reply;
  const viewer = viewerOf(request);
  const to = field(request.body, "assignee") || null;
  const target = to ? await desk.staff.byId(to) : undefined;
  const allowed = viewer.seesAll
    ? to === null || (target && !target.disabled)
    : to === viewer.id || (to === null && lead.assignee === viewer.id);
  if (!allowed)
    return refuse(desk, request, reply, 403, "You cannot assign it so", [
      "Advisers take unassigned leads or give back their own; a manager assigns to anyone.",
    ]);
  await desk.leads.assign(lead.kind, lead.id, to);
  await audit(desk, request, "lead.assign", { kind: lead.kind, id: lead.id }, to ?? "nobody");
  return seeOther(reply, `${leadAddress(lead.kind, lead.id)}?done=assigned`);
};

export const setLeadStatus: Handler = async (desk, request, reply) => {
  const lead = await workableLead(desk, request, reply);
  if (!lead) return reply;
  const status = field(request.body, "status");
  if (!isLeadStatus(status))
    return refuse(desk, request, reply, 400, "No such status", [
      "Choose new, in progress or closed.",
    ]);
  await desk.leads.setStatus(lead.kind, lead.id, status);
  await audit(
    desk,
    request,
    "lead.status",
    { kind: lead.kind, id: lead.id },
    `${lead.status} → ${status}`,
  );
  return seeOther(reply, `${leadAddress(lead.kind, lead.id)}?done=status`);
};

export const addLeadNote: Handler = async (desk, request, reply) => {
  const lead = await workableLead(desk, request, reply);
  if (!lead) return reply;
  const note = field(request.body, "note").replace(/\r\n?/g, "\n").trim();
  if (!note || note.length > 4000)
    return refuse(desk, request, reply, 400, "The note is empty or too long", [
      "Write a note of up to 4,000 characters. Go back to the lead and try again.",
    ]);
  await desk.leads.addNote(lead.kind, lead.id, request.desk.session!.staff.id, note);
  await audit(desk, request, "lead.note", { kind: lead.kind, id: lead.id });
  return seeOther(reply, `${leadAddress(lead.kind, lead.id)}?done=note`);
};
