/**
 * The desk's privacy pages (managers and admins): students' requests, everything held about an
 * address (readable and as JSON), its erasure, and what retention deletes next. An address is
 * only ever POSTed, never put in a URL. Each uses the very functions `npm run privacy` does
 * (server/privacy/): the export, confirmRequest, requestErasure (a server carries it out:
 * cancellations first, then the erasure, person.erased, the audit entry), nextToExpire.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { loadRetention } from "../../../src/content/retention";
import { requestErasure, stillToCome } from "../../privacy/erase";
import { exportPerson, personRecords, type PersonExport } from "../../privacy/export";
import {
  confirmRequest,
  pendingRequests,
  recentRequests,
  requestById,
} from "../../privacy/requests";
import { nextToExpire } from "../../privacy/retention";
import { ERASED, isEmail, normalEmail } from "../../privacy/strip";
import type { Desk, Handler } from "../context";
import {
  copyRequestPage,
  countLine,
  eraseCheckPage,
  exportPage,
  privacyPage,
  recordCounts,
  retentionPage,
} from "../pages/Privacy";
import { audit, contextFor, field, param, refuse, seeOther, sendPage } from "../respond";

const DONE: Record<string, string> = {
  erase:
    "The erasure is confirmed: the server cancels what is to come (they are e-mailed), then erases every record within a minute. It is listed below once done.",
  copy: "The request is marked answered.",
  erasing:
    "The erasure is asked for: the server cancels what is to come (they are e-mailed), then erases every record within a minute. It is listed below once done.",
};

/** Recent: confirmed and done requests of the last 90 days. */
const RECENT_MS = 90 * 86_400_000;

export const showPrivacy: Handler = (desk, request, reply) => privacyHome(desk, request, reply);

async function privacyHome(
  desk: Desk,
  request: FastifyRequest,
  reply: FastifyReply,
  problem?: { text: string; email: string },
) {
  const now = desk.clock.now();
  const [pending, recent, staff] = await Promise.all([
    pendingRequests(desk.db),
    recentRequests(desk.db, new Date(now - RECENT_MS).toISOString()),
    desk.staff.list(),
  ]);
  await audit(desk, request, "privacy.view", undefined, `${pending.length} pending`);
  return sendPage(
    reply,
    problem ? 400 : 200,
    privacyPage(contextFor(desk, request), {
      now,
      pending,
      recent,
      names: new Map(staff.map((s) => [s.id, s.name])),
      done: DONE[param(request, "done") ?? ""],
      problem: problem?.text,
      email: problem?.email,
    }),
  );
}

/**
 * The address a form names: its `request` (a student's request, by id) or its `email`. A
 * request already erased names nobody.
 */
async function addressOf(desk: Desk, body: unknown) {
  const id = field(body, "request");
  if (id) {
    const row = await requestById(desk.db, id);
    return row && row.email !== ERASED
      ? { email: row.email, request: row.id }
      : { problem: "That request names nobody now (it was erased)." };
  }
  const email = field(body, "email").trim();
  if (!isEmail(email)) return { problem: "Enter an e-mail address.", typed: email };
  return { email: normalEmail(email) };
}

/** The counts of a copy, for the audit log: never the address or a field of it. */
const countsOf = (copy: PersonExport) => recordCounts(copy).map(countLine).join(", ");

/** The copy of the posted address, audited; undefined after answering with the form's problem. */
async function copyFor(desk: Desk, request: FastifyRequest, reply: FastifyReply, how: string) {
  const address = await addressOf(desk, request.body);
  if (!address.email) {
    await privacyHome(desk, request, reply, {
      text: address.problem ?? "",
      email: address.typed ?? "",
    });
    return undefined;
  }
  const copy = await exportPerson(desk.db, address.email, { now: new Date(desk.clock.now()) });
  await audit(
    desk,
    request,
    "privacy.export",
    address.request ? { kind: "privacy_request", id: address.request } : undefined,
    `${how}: ${countsOf(copy)}`,
  );
  return { copy, request: address.request };
}

export const showExport: Handler = async (desk, request, reply) => {
  const found = await copyFor(desk, request, reply, "page");
  if (!found) return reply;
  return sendPage(
    reply,
    200,
    exportPage(contextFor(desk, request), {
      now: desk.clock.now(),
      copy: found.copy,
      request: found.request,
    }),
  );
};

export const downloadExport: Handler = async (desk, request, reply) => {
  const found = await copyFor(desk, request, reply, "json");
  if (!found) return reply;
  const day = found.copy.exportedAt.slice(0, 10);
  return reply
    .code(200)
    .type("application/json; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="eastgate-data-${day}.json"`)
    .send(`${JSON.stringify(found.copy, null, 2)}\n`);
};

/** The confirmation before an erasure: what is cancelled first, and the counts deleted. */
async function eraseCheck(
  desk: Desk,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  row?: Awaited<ReturnType<typeof requestById>>,
  problem?: string,
) {
  const copy = await exportPerson(desk.db, email, { now: new Date(desk.clock.now()) });
  const { reservations } = await personRecords(desk.db, copy.email);
  const toCancel = await stillToCome(desk.privacy, reservations);
  await audit(
    desk,
    request,
    "privacy.export",
    row ? { kind: "privacy_request", id: row.id } : undefined,
    `erasure check: ${countsOf(copy)}`,
  );
  return sendPage(
    reply,
    problem ? 400 : 200,
    eraseCheckPage(contextFor(desk, request), {
      now: desk.clock.now(),
      copy,
      toCancel,
      request: row,
      problem,
    }),
  );
}

export const checkErase: Handler = async (desk, request, reply) => {
  const address = await addressOf(desk, request.body);
  if (!address.email)
    return privacyHome(desk, request, reply, {
      text: address.problem ?? "",
      email: address.typed ?? "",
    });
  // A student's pending erasure request for this address is confirmed rather than doubled.
  const row = address.request ? await requestById(desk.db, address.request) : undefined;
  return eraseCheck(
    desk,
    request,
    reply,
    address.email,
    row?.kind === "erase" && row.state === "pending" ? row : undefined,
  );
};

const NOT_CHECKED = "Tick the box to say you have checked it is this person asking.";

/** Staff's own erasure: the request `npm run privacy -- erase` records; a server carries it out. */
export const erase: Handler = async (desk, request, reply) => {
  const address = await addressOf(desk, request.body);
  if (!address.email)
    return privacyHome(desk, request, reply, {
      text: address.problem ?? "",
      email: address.typed ?? "",
    });
  if (field(request.body, "checked") !== "yes")
    return eraseCheck(desk, request, reply, address.email, undefined, NOT_CHECKED);
  const id = await requestErasure(desk.db, address.email, {
    actor: request.desk.session!.staff.id,
    now: new Date(desk.clock.now()),
  });
  // The erasure's own entry (privacy.erase) follows once the server has done it.
  await audit(desk, request, "privacy.erase-asked", { kind: "privacy_request", id });
  return seeOther(reply, "/desk/privacy?done=erasing");
};

/** A student's request, to be answered: a copy's steps, or the erasure's confirmation. */
async function pendingRequest(desk: Desk, request: FastifyRequest, reply: FastifyReply) {
  const { id } = request.params as { id: string };
  const row = await requestById(desk.db, id);
  if (!row) {
    await refuse(desk, request, reply, 404, "No such request", [
      "There is no request at this address. It may have been mistyped.",
    ]);
    return undefined;
  }
  if (row.state !== "pending") {
    // As npm run privacy -- confirm says it.
    await refuse(
      desk,
      request,
      reply,
      409,
      "Not waiting any more",
      [`Request ${id} is ${row.state}, not pending.`],
      { href: "/desk/privacy", label: "Go to privacy" },
    );
    return undefined;
  }
  return row;
}

export const showRequest: Handler = async (desk, request, reply) => {
  const row = await pendingRequest(desk, request, reply);
  if (!row) return reply;
  if (row.kind === "erase") return eraseCheck(desk, request, reply, row.email, row);
  await audit(desk, request, "privacy.request.view", { kind: "privacy_request", id: row.id });
  return sendPage(
    reply,
    200,
    copyRequestPage(contextFor(desk, request), { now: desk.clock.now(), request: row }),
  );
};

/** Confirms as `npm run privacy -- confirm ID` does (confirmRequest), after the tick. */
export const confirm: Handler = async (desk, request, reply) => {
  const row = await pendingRequest(desk, request, reply);
  if (!row) return reply;
  if (field(request.body, "checked") !== "yes")
    return row.kind === "erase"
      ? eraseCheck(desk, request, reply, row.email, row, NOT_CHECKED)
      : refuse(desk, request, reply, 400, "Not marked answered", [
          "Tick the box to say you have sent them the copy.",
        ]);
  const problem = await confirmRequest(
    desk.db,
    row.id,
    request.desk.session!.staff.id,
    new Date(desk.clock.now()),
  );
  if (problem)
    return refuse(desk, request, reply, 409, "Not waiting any more", [problem], {
      href: "/desk/privacy",
      label: "Go to privacy",
    });
  await audit(desk, request, "privacy.confirm", { kind: "privacy_request", id: row.id }, row.kind);
  return seeOther(reply, `/desk/privacy?done=${row.kind}`);
};

export const showRetention: Handler = async (desk, request, reply) => {
  const periods = loadRetention();
  const upNext = await nextToExpire(desk.db, new Date(desk.clock.now()), periods);
  await audit(desk, request, "privacy.retention.view");
  return sendPage(
    reply,
    200,
    retentionPage(contextFor(desk, request), { now: desk.clock.now(), upNext, periods }),
  );
};
