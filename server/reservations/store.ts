import { DurableLog, readJsonLines } from "../jsonl";

/** What every reservation (a booking, an event registration) has. */
export interface Reservation {
  id: string;
  idempotencyKey?: string;
}

/**
 * Reservations in an fsynced JSON-lines file (each change is a new line with the whole
 * reservation; the latest line of an id wins), with what a desk asks kept in memory: places
 * taken per pool (a consultation slot, an event), ids by idempotency key. A change is made in
 * memory at once, so the next request sees the place taken, and resolves once it is on disk; a
 * write that fails is undone. Deciding and applying happen in one synchronous step, so
 * concurrent requests can never take more places than a pool has.
 */
export class ReservationStore<T extends Reservation> {
  private readonly log: DurableLog;
  private readonly latest = new Map<string, T>();
  private readonly keys = new Map<string, string>();
  private readonly load = new Map<string, number>();

  /** Goes up whenever a place is taken or freed: what was worked out from `taken` may be reused until then. */
  revision = 0;

  /**
   * @param poolOf the pool a reservation holds a place in, or undefined when it holds none
   *   (cancelled, waiting)
   * @param isReservation whether a line read back from the file is a whole reservation
   */
  constructor(
    readonly file: string,
    private readonly poolOf: (r: T) => string | undefined,
    isReservation: (r: Record<string, unknown>) => boolean,
  ) {
    this.log = new DurableLog(file);
    for (const r of readLatest<T>(file, isReservation)) this.apply(r);
  }

  get(id: string) {
    return this.latest.get(id);
  }

  idFor(key: string) {
    return this.keys.get(key);
  }

  /** Places held in a pool. */
  placesTaken(pool: string) {
    return this.load.get(pool) ?? 0;
  }

  all() {
    return [...this.latest.values()];
  }

  /** Make `next` the reservation's state now; resolves once it is on disk (rejects, undone, if not). */
  async save(next: T) {
    const previous = this.latest.get(next.id);
    this.apply(next);
    try {
      await this.log.append(next);
    } catch (error) {
      this.unapply(next, previous);
      throw error;
    }
  }

  idle() {
    return this.log.idle();
  }

  private apply(next: T) {
    const previous = this.latest.get(next.id);
    if (previous) this.count(previous, -1);
    this.count(next, 1);
    this.latest.set(next.id, next);
    if (next.idempotencyKey) this.keys.set(next.idempotencyKey, next.id);
  }

  private unapply(next: T, previous: T | undefined) {
    this.count(next, -1);
    if (previous) {
      this.count(previous, 1);
      this.latest.set(next.id, previous);
    } else {
      this.latest.delete(next.id);
      if (next.idempotencyKey) this.keys.delete(next.idempotencyKey);
    }
  }

  private count(r: T, by: number) {
    const pool = this.poolOf(r);
    if (pool === undefined) return;
    this.load.set(pool, (this.load.get(pool) ?? 0) + by);
    this.revision++;
  }
}

/** The latest state of every reservation in a file. */
export function readLatest<T extends Reservation>(
  file: string,
  isReservation: (r: Record<string, unknown>) => boolean,
): T[] {
  const latest = new Map<string, T>();
  for (const r of readJsonLines(file))
    if (typeof r.id === "string" && isReservation(r)) latest.set(r.id, r as unknown as T);
  return [...latest.values()];
}
