/**
 * What consultation bookings (server/booking) and event registrations (server/events) share:
 * places per pool taken in one database transaction (this store), signed manage links
 * (token.ts), invites (invite.ts), posted forms (form.ts), pages and answers (http.ts).
 */
import type { Kysely } from "kysely";
import type { OpenDatabase } from "../db";
import type { Database, ReservationKind, ReservationTable } from "../db/schema";

/** What every reservation (a booking, an event registration) has. */
export interface Reservation {
  id: string;
  sequence: number;
  email: string;
  idempotencyKey?: string;
  /** The staff page's campaign it came from (a booking's), kept in a column too. */
  campaign?: string;
}

/** How one kind of reservation sits in the shared table. */
export interface ReservationShape<T extends Reservation> {
  kind: ReservationKind;
  /** The pool it holds a place in, or undefined when it holds none (cancelled, waiting). */
  pool: (r: T) => string | undefined;
  /** The pool whose waiting list it is on. */
  line: (r: T) => string | undefined;
  /** Where an address may hold only one at a time ("" for bookings; the event for registrations). */
  scope: (r: T) => string;
  active: (r: T) => boolean;
  endsAt: (r: T) => string | undefined;
  arrival: (r: T) => number;
}

/**
 * The questions the desks ask, on the database or inside one of its transactions: always the
 * committed state (or, in a transaction, the state it is about to commit).
 */
export class ReservationReader<T extends Reservation> {
  constructor(
    protected readonly db: Kysely<Database>,
    protected readonly shape: ReservationShape<T>,
    /** The schema is migrated: every question waits for it. */
    protected readonly ready: Promise<unknown> = Promise.resolve(),
  ) {}

  async get(id: string) {
    await this.ready;
    const row = await this.rows().where("id", "=", id).executeTakeFirst();
    return row && parse<T>(row.data);
  }

  async idFor(key: string) {
    await this.ready;
    const row = await this.db
      .selectFrom("reservations")
      .select("id")
      .where("idempotencyKey", "=", key)
      .executeTakeFirst();
    return row?.id;
  }

  /** Places held in a pool. */
  async placesTaken(pool: string) {
    await this.ready;
    const row = await this.db
      .selectFrom("reservations")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("pool", "=", pool)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Places held in every pool that holds any. */
  async placesByPool() {
    await this.ready;
    const rows = await this.db
      .selectFrom("reservations")
      .select(["pool", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("kind", "=", this.shape.kind)
      .where("pool", "is not", null)
      .groupBy("pool")
      .execute();
    return new Map(rows.map((r) => [r.pool!, Number(r.n)]));
  }

  /** How many wait in each line that has any. */
  async lineLengths() {
    await this.ready;
    const rows = await this.db
      .selectFrom("reservations")
      .select(["line", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("kind", "=", this.shape.kind)
      .where("line", "is not", null)
      .groupBy("line")
      .execute();
    return new Map(rows.map((r) => [r.line!, Number(r.n)]));
  }

  /** A pool's waiting list, first in line first. */
  async inLine(line: string) {
    await this.ready;
    const rows = await this.rows().where("line", "=", line).orderBy("arrival").execute();
    return rows.map((r) => parse<T>(r.data));
  }

  /** The address's reservations in a scope that are not cancelled. */
  async activeIn(scope: string, email: string) {
    await this.ready;
    const rows = await this.rows()
      .where("scope", "=", scope)
      .where("email", "=", email.toLowerCase())
      .where("active", "=", 1)
      .execute();
    return rows.map((r) => parse<T>(r.data));
  }

  /** Every reservation of this kind (in a scope), oldest first. */
  async all(scope?: string) {
    await this.ready;
    let query = this.rows();
    if (scope !== undefined) query = query.where("scope", "=", scope);
    const rows = await query.orderBy("arrival").orderBy("id").execute();
    return rows.map((r) => parse<T>(r.data));
  }

  /** The last arrival number in a scope (the next one is one more). */
  async lastArrival(scope: string) {
    await this.ready;
    const row = await this.db
      .selectFrom("reservations")
      .select((eb) => eb.fn.max("arrival").as("last"))
      .where("kind", "=", this.shape.kind)
      .where("scope", "=", scope)
      .executeTakeFirst();
    return Number(row?.last ?? 0);
  }

  private rows() {
    return this.db.selectFrom("reservations").select("data").where("kind", "=", this.shape.kind);
  }
}

/** Inside a transaction: read, decide, save; all of it commits together or not at all. */
export class ReservationChange<T extends Reservation> extends ReservationReader<T> {
  /** Make `next` the reservation's state (and record its version, if it is a new one). */
  async save(next: T) {
    const row = toRow(next, this.shape);
    await this.db
      .insertInto("reservations")
      .values(row)
      .onConflict((oc) => oc.column("id").doUpdateSet(row))
      .execute();
    await this.recordVersion(next);
  }

  /** A later save of the same sequence only notes a manage-link request: the version stands. */
  async recordVersion(version: T) {
    const last = await this.db
      .selectFrom("reservationVersions")
      .select((eb) => eb.fn.max("serial").as("last"))
      .where("kind", "=", this.shape.kind)
      .executeTakeFirst();
    await this.db
      .insertInto("reservationVersions")
      .values({
        id: version.id,
        sequence: version.sequence,
        kind: this.shape.kind,
        serial: Number(last?.last ?? 0) + 1,
        data: JSON.stringify(version),
      })
      .onConflict((oc) => oc.columns(["id", "sequence"]).doNothing())
      .execute();
  }
}

/**
 * Reservations in the database (the table `reservations`, one kind each): what a desk reads
 * outside a change, and `change()`, the one way to write: a transaction that holds its pools
 * (a slot, an event) against every other change of them, in any process, so a place is
 * decided and taken in one step and the answer is sent only after the commit.
 */
export class ReservationStore<T extends Reservation> extends ReservationReader<T> {
  /** Goes up whenever this process changes a reservation: answers worked out before may be stale. */
  revision = 0;
  private readonly writes = new Set<Promise<unknown>>();

  constructor(
    private readonly database: Pick<OpenDatabase, "db" | "exclusive">,
    shape: ReservationShape<T>,
    ready?: Promise<unknown>,
  ) {
    super(database.db, shape, ready);
  }

  /**
   * Runs `work` holding the pools; resolves with its result once committed. A unique key
   * taken meanwhile by another process fails the whole change (the caller looks the key up).
   */
  async change<R>(pools: readonly string[], work: (tx: ReservationChange<T>) => Promise<R>) {
    await this.ready;
    const done = this.database
      .exclusive(pools, (trx) => work(new ReservationChange(trx, this.shape)))
      .finally(() => {
        this.revision++;
        this.writes.delete(done);
      });
    this.writes.add(done);
    return done;
  }

  /** Every version of every reservation of this kind, oldest first. */
  async versions() {
    await this.ready;
    const rows = await this.db
      .selectFrom("reservationVersions")
      .select("data")
      .where("kind", "=", this.shape.kind)
      .orderBy("serial")
      .orderBy("id")
      .execute();
    return rows.map((r) => parse<T>(r.data));
  }

  /**
   * Stores reservations read from an old file (their latest state and each version), those
   * not stored yet only; how many reservations were new.
   */
  async import(latest: readonly T[], versions: readonly T[]) {
    await this.ready;
    return this.database.exclusive([], async (trx) => {
      const tx = new ReservationChange(trx, this.shape);
      let added = 0;
      for (const version of versions) await tx.recordVersion(version);
      for (const r of latest) {
        const result = await trx
          .insertInto("reservations")
          .values(toRow(r, this.shape))
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows);
      }
      return added;
    });
  }

  /** Resolves once every change under way has committed or failed (a clean shutdown). */
  async idle() {
    while (this.writes.size) await Promise.allSettled([...this.writes]);
  }
}

function toRow<T extends Reservation>(r: T, shape: ReservationShape<T>): ReservationTable {
  return {
    id: r.id,
    kind: shape.kind,
    pool: shape.pool(r) ?? null,
    line: shape.line(r) ?? null,
    scope: shape.scope(r),
    email: r.email.toLowerCase(),
    active: shape.active(r) ? 1 : 0,
    endsAt: shape.endsAt(r) ?? null,
    arrival: shape.arrival(r),
    sequence: r.sequence,
    idempotencyKey: r.idempotencyKey ?? null,
    data: JSON.stringify(r),
    campaign: r.campaign ?? null,
  };
}

const parse = <T>(data: string) => JSON.parse(data) as T;
