import { readFileSync, statSync } from "node:fs";
import { mkdir, open, rename, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";

const asError = (error: unknown) =>
  error instanceof Error ? error : new Error(`could not write: ${String(error)}`);

interface Pending {
  /** A line to append, or the records to replace the whole file with. */
  line: string | (() => object[]);
  done: (error?: Error) => void;
}

/**
 * An append-only JSON-lines file. One writer: records queue up and are written by a single
 * loop, whole lines only, and each batch is on disk (datasync) before anyone is told it is.
 */
export class DurableLog {
  private queue: Pending[] = [];
  private writing: Promise<void> | null = null;

  constructor(readonly file: string) {}

  /** Resolves once the record's line is on disk. */
  append(record: object): Promise<void> {
    return this.enqueue(`${JSON.stringify(record)}\n`);
  }

  /**
   * Replace the file with the records `latest()` gives when the writer gets to it: lines
   * queued before are written first, lines queued after go to the new file.
   */
  replace(latest: () => object[]): Promise<void> {
    return this.enqueue(latest);
  }

  private enqueue(line: Pending["line"]) {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line, done: (error) => (error ? reject(error) : resolve()) });
      this.writing ??= this.drain();
    });
  }

  /** Resolves when everything queued so far is written (for a clean shutdown). */
  async idle() {
    while (this.writing) await this.writing;
  }

  private async drain() {
    try {
      while (this.queue.length) {
        const [first] = this.queue;
        if (typeof first.line === "function") {
          this.queue.shift();
          try {
            await rewriteLog(this.file, first.line());
            first.done();
          } catch (error) {
            first.done(asError(error));
          }
          continue;
        }
        // Whatever queued up while the last batch was syncing goes in one write and one sync.
        const end = this.queue.findIndex((p) => typeof p.line !== "string");
        const batch = this.queue.splice(0, end < 0 ? this.queue.length : end);
        try {
          await appendText(this.file, batch.map((p) => p.line as string).join(""));
          for (const p of batch) p.done();
        } catch (error) {
          for (const p of batch) p.done(asError(error));
        }
      }
    } finally {
      // Same tick as the empty-queue check, so no append can slip in between and be stranded.
      this.writing = null;
    }
  }
}

async function appendText(file: string, text: string) {
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(file, "a+", 0o600);
  try {
    const { size } = await handle.stat();
    // A line cut short (a crash mid-write) must not swallow the next record: end it first.
    const prefix = size > 0 && !(await endsWithNewline(handle, size)) ? "\n" : "";
    await handle.appendFile(prefix + text, "utf8");
    await handle.datasync();
    if (size === 0) await syncDirectory(dirname(file));
  } finally {
    await handle.close();
  }
}

/** Replace the file's content with these records in one step: a crash leaves the old or the new. */
async function rewriteLog(file: string, records: object[]) {
  const temp = `${file}.tmp`;
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(temp, "w", 0o600);
  try {
    await handle.writeFile(records.map((r) => `${JSON.stringify(r)}\n`).join(""), "utf8");
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  await syncDirectory(dirname(file));
}

/** Every whole record in the file, oldest first; a line cut short by a crash is skipped. */
export function readJsonLines(file: string): Record<string, unknown>[] {
  // Missing: nothing yet. Not a file: appending fails, and each request says so.
  if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return [];
  const records: Record<string, unknown>[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line) continue;
    try {
      const record: unknown = JSON.parse(line);
      if (record && typeof record === "object") records.push(record as Record<string, unknown>);
    } catch {
      // A line cut short by a crash mid-write.
    }
  }
  return records;
}

async function endsWithNewline(handle: FileHandle, size: number) {
  const last = Buffer.alloc(1);
  await handle.read(last, 0, 1, size - 1);
  return last[0] === 0x0a;
}

/** A new file's directory entry is only durable once the directory itself is synced. */
async function syncDirectory(dir: string) {
  const handle = await open(dir, "r").catch(() => null);
  try {
    await handle?.sync();
  } catch {
    // Some file systems do not sync directories; the file's own data is already on disk.
  } finally {
    await handle?.close();
  }
}
