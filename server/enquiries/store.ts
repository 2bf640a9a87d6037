import type { Kysely, Transaction } from "kysely";
import type { EnquiryValues, FormKind } from "../../src/lib/enquiry";
import type { Database, EnquiryRow, NewEnquiryRow } from "../db/schema";
import { readJsonLines } from "../db/jsonl";

/** One accepted enquiry, as the rest of the server sees it. */
export type Enquiry = {
  id: string;
  /** ISO time the server accepted it. */
  receivedAt: string;
  form: FormKind;
  /** The locale the form was sent from (absent: English): the student's acknowledgement is in it. */
  lang?: string;
  /** The browser's key for this enquiry: the same key again gets the same enquiry. */
  idempotencyKey?: string;
  /** The staff page's campaign it came from (`?campaign=`), if any. */
  campaign?: string;
  /** The privacy notice's version the form was sent under (src/lib/notice.ts), if it said. */
  notice?: string;
} & EnquiryValues;

interface Pending {
  enquiry: Enquiry;
  done: (id: string) => void;
  fail: (error: unknown) => void;
}

/**
 * Accepted enquiries in the database: the source of truth that delivery works from. The
 * idempotency key is a unique column, so a key is used once across any number of processes.
 */
export class EnquiryStore {
  private queue: Pending[] = [];
  private flushing = false;

  /** `ready`: the schema is migrated (every call waits for it). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ready: Promise<unknown> = Promise.resolve(),
  ) {}

  /** The id of the stored enquiry that was sent with this key, if any. */
  async idFor(key: string) {
    await this.ready;
    const row = await this.db
      .selectFrom("enquiries")
      .select("id")
      .where("idempotencyKey", "=", key)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Resolves once the enquiry is committed, with its id; or, when its key was stored before
   * (by this process or another), with that enquiry's id and nothing new stored.
   */
  append(enquiry: Enquiry): Promise<string> {
    return new Promise((done, fail) => {
      this.queue.push({ enquiry, done, fail });
      if (this.flushing) return;
      this.flushing = true;
      // After the requests that arrived with this one have queued theirs too.
      setImmediate(() => void this.flush());
    });
  }

  /**
   * What queued up since the last commit goes in one transaction: a burst costs one sync to
   * disk, not one each (SQLite's commit blocks the process while it syncs).
   */
  private async flush() {
    while (this.queue.length) {
      const batch = this.queue.splice(0);
      try {
        await this.ready;
        const ids = await this.db.transaction().execute((trx) =>
          insertAll(
            trx,
            batch.map((p) => p.enquiry),
          ),
        );
        batch.forEach(({ enquiry, done, fail }, i) => {
          const id = ids[i];
          if (id) done(id);
          else fail(new Error(`enquiry ${enquiry.id} is already stored`));
        });
      } catch (error) {
        for (const { fail } of batch) fail(error);
      }
    }
    this.flushing = false;
  }

  /** One stored enquiry, or undefined. */
  async get(id: string): Promise<Enquiry | undefined> {
    await this.ready;
    const row = await this.db
      .selectFrom("enquiries")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row && fromRow(row);
  }

  /** Every stored enquiry, oldest first. */
  async all(): Promise<Enquiry[]> {
    await this.ready;
    const rows = await this.db
      .selectFrom("enquiries")
      .selectAll()
      .orderBy("receivedAt")
      .orderBy("id")
      .execute();
    return rows.map(fromRow);
  }

  /** Stores those not stored yet (by id or key), in one transaction; how many were new. */
  async import(enquiries: readonly Enquiry[]) {
    await this.ready;
    return this.db.transaction().execute(async (trx) => {
      let added = 0;
      for (const enquiry of enquiries) {
        const result = await trx
          .insertInto("enquiries")
          .values(toRow(enquiry))
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows);
      }
      return added;
    });
  }
}

/**
 * Each one's id once stored; the stored one's when its key was used before; undefined: its id
 * was. One statement per 500 (SQLite runs each statement on the server's thread: 200 enquiries
 * at once cost one prepare and one run, not 200).
 */
async function insertAll(trx: Transaction<Database>, enquiries: readonly Enquiry[]) {
  const inserted = new Set<string>();
  for (let i = 0; i < enquiries.length; i += 500) {
    const rows = await trx
      .insertInto("enquiries")
      .values(enquiries.slice(i, i + 500).map(toRow))
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .execute();
    for (const { id } of rows) inserted.add(id);
  }
  const ids: (string | undefined)[] = [];
  for (const { id, idempotencyKey } of enquiries) {
    if (inserted.has(id)) ids.push(id);
    else if (!idempotencyKey) ids.push(undefined);
    else {
      // Its key was stored before (by another process): that enquiry is the one.
      const existing = await trx
        .selectFrom("enquiries")
        .select("id")
        .where("idempotencyKey", "=", idempotencyKey)
        .executeTakeFirst();
      ids.push(existing?.id);
    }
  }
  return ids;
}

function toRow({
  id,
  receivedAt,
  form,
  lang,
  idempotencyKey,
  campaign,
  ...values
}: Enquiry): NewEnquiryRow {
  return {
    id,
    receivedAt,
    form,
    lang: lang ?? null,
    idempotencyKey: idempotencyKey ?? null,
    fields: JSON.stringify(values),
    campaign: campaign ?? null,
  };
}

function fromRow(row: EnquiryRow): Enquiry {
  return {
    id: row.id,
    receivedAt: row.receivedAt,
    form: row.form as FormKind,
    ...(row.lang ? { lang: row.lang } : {}),
    ...(row.idempotencyKey ? { idempotencyKey: row.idempotencyKey } : {}),
    ...(JSON.parse(row.fields) as EnquiryValues),
    ...(row.campaign ? { campaign: row.campaign } : {}),
  };
}

/** Every whole enquiry in an old JSON-lines file (a line cut short by a crash is skipped). */
export function readEnquiryFile(file: string): Enquiry[] {
  return readJsonLines(file).filter(
    (r): r is Enquiry => typeof r.id === "string" && typeof r.receivedAt === "string",
  );
}
