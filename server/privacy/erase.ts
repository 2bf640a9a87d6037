/**
 * Erasure (UK GDPR article 17): everything held about an address, deleted or stripped of the
 * person, in every table. Carried out by a server, like staff's cancellations: staff (npm run
 * privacy -- erase, the desk) record a confirmed request; the next poll of any server:
 *
 * 1. cancels the person's consultations and registrations still to come, by the desks' own
 *    cancel (the one `npm run bookings -- --cancel` uses): the same e-mails to the student and
 *    the advisers, the calendar's cancelling invite, the same webhooks;
 * 2. waits until those e-mails and webhooks are settled (they are composed from the records
 *    being erased), at most SETTLE_MAX_MS after the request, then gives up on the rest;
 * 3. deletes the enquiries (leaving an anonymous count a month, as the retention does), strips
 *    the bookings and registrations of the person in every version (slot and event counts
 *    stay), empties the delivery records' replies and strips every stored webhook message
 *    that names them, and deletes PostgreSQL's lock row named by the address; the request itself
 *    keeps only "erased";
 * 4. publishes `person.erased` with the address, for the agency's other tools to erase them
 *    too; once it is delivered, its stored copy is stripped of the address as well.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { BookingDesk } from "../booking/desk";
import type { RegistrationDesk } from "../events/desk";
import type { EventSchedule } from "../events/schedule";
import { webhookMessage, type Webhooks } from "../webhooks";
import { log } from "../service/log";
import { personRecords } from "./export";
import { deleteEnquiry, stripDelivery, stripReservation } from "./retention";
import { ERASED, mentions, normalEmail } from "./strip";

/** The longest an erasure waits for the cancellations' e-mails and webhooks to be settled. */
export const SETTLE_MAX_MS = 6 * 3600_000;

const OPEN = ["pending", "failed"] as const;

/** Record a confirmed erasure for a server to carry out; returns the request's id. */
export async function requestErasure(
  db: Kysely<Database>,
  email: string,
  { actor, now = new Date(), lang }: { actor: string; now?: Date; lang?: string },
) {
  const id = randomUUID();
  await db
    .insertInto("privacyRequests")
    .values({
      id,
      kind: "erase",
      email: normalEmail(email),
      source: "staff",
      lang: lang ?? null,
      state: "confirmed",
      actor,
      at: now.toISOString(),
      doneAt: null,
      outcome: null,
    })
    .execute();
  return id;
}

export interface EraseContext {
  db: Kysely<Database>;
  now: () => number;
  bookings?: { desk: BookingDesk };
  events?: { desk: RegistrationDesk; schedule: EventSchedule };
  webhooks?: Webhooks;
}

export interface ErasureOutcome {
  enquiries: number;
  bookings: number;
  registrations: number;
  deliveries: number;
  webhooks: number;
}

/** A consultation or event place an erasure cancels first. */
export interface ToCancel {
  kind: "booking" | "registration";
  id: string;
  /** When it starts (the consultation's start, the event's). */
  start: string;
  /** The event's title; for a consultation, its mode. */
  what: string;
}

/** The person's consultations and registrations still to come: what an erasure cancels first. */
export async function stillToCome(
  ctx: Pick<EraseContext, "bookings" | "events">,
  reservations: { kind: string; id: string }[],
): Promise<ToCancel[]> {
  const found: ToCancel[] = [];
  for (const r of reservations) {
    if (r.kind === "booking" && ctx.bookings) {
      const b = await ctx.bookings.desk.get(r.id);
      if (b && ctx.bookings.desk.isOpen(b))
        found.push({ kind: "booking", id: b.id, start: b.start, what: b.mode });
    } else if (r.kind === "registration" && ctx.events) {
      const reg = await ctx.events.desk.get(r.id);
      const scheduled = reg && ctx.events.schedule.get(reg.event);
      if (reg && scheduled && ctx.events.desk.isOpen(reg, scheduled))
        found.push({
          kind: "registration",
          id: reg.id,
          start: scheduled.event.startsAt,
          what: scheduled.event.title,
        });
    }
  }
  return found;
}

/**
 * One step of an erasure: "waiting" while the cancellations' messages are still going out,
 * else the counts of what it did (and the request is done).
 */
export async function carryOutErasure(
  ctx: EraseContext,
  request: { id: string; email: string; at: string; lang: string | null },
): Promise<ErasureOutcome | "waiting"> {
  const { db } = ctx;
  const now = new Date(ctx.now());
  const address = normalEmail(request.email);
  let cancelled = 0;
  const { reservations } = await personRecords(db, address);
  for (const open of await stillToCome(ctx, reservations)) {
    const result =
      open.kind === "booking"
        ? await ctx.bookings!.desk.cancel(open.id, "staff")
        : await ctx.events!.desk.cancel(open.id, "staff");
    if (result.outcome === "cancelled") cancelled++;
  }
  const ids = reservations.map((r) => r.id);
  const open = ids.length
    ? await db
        .selectFrom("deliveries")
        .select(["outbox", "id", "mail", "dueAt"])
        .where("state", "in", OPEN)
        .where((eb) =>
          eb.or([
            eb.and([eb("outbox", "in", ["bookings", "registrations"]), eb("id", "in", ids)]),
            eb.and([
              eb("outbox", "=", "webhooks"),
              eb.or(ids.map((id) => eb("id", "like", `msg_${id}_%`))),
            ]),
          ]),
        )
        .execute()
    : [];
  // Waited for: what is due now (a cancellation's e-mails); a reminder not due yet is not.
  const due = open.filter((d) => !d.dueAt || d.dueAt <= now.toISOString());
  if (cancelled || (due.length && now.getTime() - Date.parse(request.at) < SETTLE_MAX_MS))
    return "waiting";
  const outcome = await db.transaction().execute(async (trx) => {
    // Whatever is still open after the wait is not sent: the record it would be made from goes.
    for (const d of open)
      await trx
        .updateTable("deliveries")
        .set({ state: "skipped", reason: "erased on request", leaseOwner: null, leaseUntil: null })
        .where("outbox", "=", d.outbox)
        .where("id", "=", d.id)
        .where("mail", "=", d.mail)
        .execute();
    const { enquiries } = await personRecords(trx, address);
    for (const e of enquiries) {
      await trx
        .insertInto("retainedCounts")
        .values({
          kind: "enquiries",
          month: e.receivedAt.slice(0, 7),
          form: e.form,
          campaign: e.campaign ?? "",
          count: 1,
        })
        .onConflict((oc) =>
          oc
            .columns(["kind", "month", "form", "campaign"])
            .doUpdateSet((eb) => ({ count: eb("retainedCounts.count", "+", 1) })),
        )
        .execute();
      await deleteEnquiry(trx, e.id);
    }
    for (const id of ids) await stripReservation(trx, id);
    const emptied = ids.length
      ? await trx
          .updateTable("deliveries")
          .set({ reply: null, reason: null })
          .where("outbox", "in", ["bookings", "registrations"])
          .where("id", "in", ids)
          .executeTakeFirst()
      : { numUpdatedRows: 0n };
    // Any other stored message that names them (a payload of a kind not known here).
    let webhooks = 0;
    const named = await trx
      .selectFrom("deliveries")
      .select(["outbox", "id", "mail", "item"])
      .where("item", "is not", null)
      .where((eb) => eb(eb.fn("lower", ["item"]), "like", `%${address}%`))
      .execute();
    for (const d of named.filter((d) => mentions(d.item, address))) {
      await stripDelivery(trx, d);
      webhooks++;
    }
    const result: ErasureOutcome = {
      enquiries: enquiries.length,
      bookings: reservations.filter((r) => r.kind === "booking").length,
      registrations: reservations.filter((r) => r.kind === "registration").length,
      deliveries: Number(emptied.numUpdatedRows),
      webhooks,
    };
    // PostgreSQL's lock row for one booking per address (server/booking/desk.ts) is named by it.
    await trx.deleteFrom("reservationPools").where("name", "=", `address:${address}`).execute();
    // Every request for the address (a copy asked earlier too) keeps no address.
    await trx
      .updateTable("privacyRequests")
      .set({ email: ERASED })
      .where("email", "=", address)
      .where("id", "!=", request.id)
      .execute();
    // The audit log says it happened, by whom and when: counts, never what was erased.
    const { actor } = await trx
      .selectFrom("privacyRequests")
      .select("actor")
      .where("id", "=", request.id)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("auditLog")
      .values({
        id: randomUUID(),
        at: now.toISOString(),
        staffId: actor && !actor.startsWith("cli:") ? actor : null,
        action: "privacy.erase",
        recordKind: "privacy_request",
        recordId: request.id,
        client: "server",
        detail: `asked by ${actor ?? "the student"}; ${JSON.stringify(result)}`,
      })
      .execute();
    await trx
      .updateTable("privacyRequests")
      .set({
        email: ERASED,
        state: "done",
        doneAt: now.toISOString(),
        outcome: JSON.stringify(result),
      })
      .where("id", "=", request.id)
      .execute();
    return result;
  });
  // After the commit: the other tools are told (the message is in the outbox before this
  // resolves, so any process delivers it should this one stop).
  await ctx.webhooks?.publish(
    webhookMessage("person.erased", { id: request.id }, now.toISOString(), {
      email: address,
      request: request.id,
      erasedAt: now.toISOString(),
      ...(request.lang ? { lang: request.lang } : {}),
    }),
  );
  return outcome;
}

/** The erasure requests a server is to carry out, oldest first. */
export function confirmedErasures(db: Kysely<Database>) {
  return db
    .selectFrom("privacyRequests")
    .select(["id", "email", "at", "lang"])
    .where("kind", "=", "erase")
    .where("state", "=", "confirmed")
    .orderBy("at")
    .execute();
}

/**
 * person.erased messages delivered (or given up on) keep no address: their stored copies are
 * stripped. Returns how many.
 */
export async function stripDeliveredErasures(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("deliveries")
    .select(["id", "mail", "item"])
    .where("outbox", "=", "webhooks")
    .where("id", "like", "msg_%_person.erased%")
    .where("state", "in", ["sent", "flagged", "skipped"])
    .where("item", "is not", null)
    .execute();
  const left = rows.filter((r) => !r.item!.includes(`"erased":true`));
  for (const r of left) await stripDelivery(db, { outbox: "webhooks", ...r });
  return left.length;
}

/** person.erased messages not yet delivered (their copies are stripped once they are). */
async function openErasures(db: Kysely<Database>) {
  const rows = await db
    .selectFrom("deliveries")
    .select("id")
    .where("outbox", "=", "webhooks")
    .where("id", "like", "msg_%_person.erased%")
    .where("state", "in", OPEN)
    .execute();
  return rows.length;
}

/**
 * Erasures carried out by this server: each poll takes the confirmed requests (a server that
 * runs it twice at once does nothing twice: cancelling a cancelled booking does nothing, a
 * stripped record strips to itself, the webhook has one id), and strips delivered person.erased
 * messages.
 */
export function startErasures(ctx: EraseContext, ready: Promise<unknown>, pollMs = 2000) {
  let polling: Promise<void> = Promise.resolve();
  let stopped = false;
  let ticks = 0;
  let unstripped = false;
  // A database that could not be prepared: the server stops (main.ts); nothing to poll.
  const usable = ready.then(
    () => true,
    () => false,
  );
  const poll = () => {
    polling = polling.then(async () => {
      if (stopped || !(await usable)) return;
      try {
        for (const request of await confirmedErasures(ctx.db)) {
          const outcome = await carryOutErasure(ctx, request);
          if (outcome !== "waiting") unstripped = true;
          if (outcome !== "waiting")
            log.info(
              `Privacy: erasure ${request.id} done: ${outcome.enquiries} enquiries, ${outcome.bookings} bookings, ${outcome.registrations} registrations, ${outcome.webhooks} stored webhooks`,
            );
        }
        // A scan of the webhooks' rows: after an erasure until its messages are stripped, and
        // otherwise once in 30 polls (a message another process sent), not at every poll.
        if (unstripped || ++ticks % 30 === 1) {
          await stripDeliveredErasures(ctx.db);
          unstripped = (await openErasures(ctx.db)) > 0;
        }
      } catch (error) {
        log.error({ err: error }, "Privacy: erasure requests");
      }
    });
  };
  const timer = setInterval(poll, pollMs);
  timer.unref();
  return {
    get polling() {
      return polling;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await polling;
    },
  };
}
