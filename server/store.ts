import { mkdir, open, type FileHandle } from "node:fs/promises";
import { dirname } from "node:path";

interface Pending {
  line: string;
  done: (error?: unknown) => void;
}

/**
 * Appends enquiries to a JSON-lines file. One writer: records queue up and are written by a
 * single loop, whole lines only, and each batch is on disk (datasync) before anyone is told ok.
 */
export class EnquiryStore {
  private queue: Pending[] = [];
  private writing: Promise<void> | null = null;

  constructor(readonly file: string) {}

  /** Resolves once the record's line is on disk. */
  append(record: object): Promise<void> {
    const line = `${JSON.stringify(record)}\n`;
    return new Promise((resolve, reject) => {
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
        // Whatever queued up while the last batch was syncing goes in one write and one sync.
        const batch = this.queue.splice(0);
        try {
          await this.write(batch.map((p) => p.line).join(""));
          for (const p of batch) p.done();
        } catch (error) {
          for (const p of batch) p.done(error);
        }
      }
    } finally {
      // Same tick as the empty-queue check, so no append can slip in between and be stranded.
      this.writing = null;
    }
  }

  private async write(text: string) {
    await mkdir(dirname(this.file), { recursive: true });
    const handle = await open(this.file, "a+", 0o600);
    try {
      const { size } = await handle.stat();
      // A line cut short (a crash mid-write) must not swallow the next record: end it first.
      const prefix = size > 0 && !(await endsWithNewline(handle, size)) ? "\n" : "";
      await handle.appendFile(prefix + text, "utf8");
      await handle.datasync();
      if (size === 0) await syncDirectory(dirname(this.file));
    } finally {
      await handle.close();
    }
  }
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
