import { existsSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import type { IncomingMessage } from "node:http";
import { localeByCode, sourceLocale, type LocaleCode } from "../../src/i18n/locales";
import { createViews, type Views } from "./views";

/** The views as another thread offers them: every call answers later. */
export type Speaker = {
  [K in keyof Views]: (...args: Parameters<Views[K]>) => Promise<Awaited<ReturnType<Views[K]>>>;
};

export interface Call {
  id: number;
  name: keyof Views;
  args: unknown[];
}
export interface Reply {
  id: number;
  result?: unknown;
  error?: string;
}

/**
 * The languages the server answers in: the built site's locales (those with a `404.html` under
 * their prefix). English is spoken in this thread; each other locale by a worker thread started
 * on its first call. A call that fails there (the worker could not start or stopped) is logged
 * and answered in English rather than not at all.
 */
export class Languages {
  private readonly source: Views;
  private readonly speakers = new Map<LocaleCode, { worker: Worker; speaker: Speaker }>();

  constructor(private readonly dist: string) {
    this.source = createViews(dist);
  }

  /** The locale a form named (its hidden `lang` field) if its pages are built, else English. */
  codeOf(value: unknown): LocaleCode {
    const locale = typeof value === "string" ? localeByCode(value) : undefined;
    return locale &&
      locale !== sourceLocale &&
      existsSync(join(this.dist, locale.prefix, "404.html"))
      ? locale.code
      : sourceLocale.code;
  }

  /**
   * The language of a request refused before its body (and the form's `lang` field) is read: that
   * of the page it was sent from (the path of its Referer, on this host: /ar/contact), else the
   * first of the browser's languages (Accept-Language) the site is built in, else English.
   */
  codeOfRequest(req: IncomingMessage): LocaleCode {
    const referer = req.headers.referer;
    if (referer && URL.canParse(referer)) {
      const from = new URL(referer);
      if (from.host === req.headers.host) return this.codeOf(from.pathname.split("/")[1]);
    }
    const wanted = (req.headers["accept-language"] ?? "")
      .split(",")
      .map((part) => {
        const [tag, ...params] = part.trim().split(";");
        const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
        return { primary: tag.split("-")[0].toLowerCase(), q: q === undefined ? 1 : Number(q) };
      })
      .filter((l) => l.primary && l.q > 0)
      .sort((a, b) => b.q - a.q);
    for (const { primary } of wanted) {
      if (primary === sourceLocale.code) return sourceLocale.code;
      const code = this.codeOf(primary);
      if (code !== sourceLocale.code) return code;
    }
    return sourceLocale.code;
  }

  /** The views in a locale (`codeOf` first). */
  in(code: string | undefined): Speaker {
    const locale = localeByCode(code ?? "");
    if (!locale || locale === sourceLocale) return this.local();
    let entry = this.speakers.get(locale.code);
    if (!entry) {
      entry = this.start(locale.code);
      this.speakers.set(locale.code, entry);
    }
    return entry.speaker;
  }

  /** Stop the worker threads. */
  async close() {
    const workers = [...this.speakers.values()].map((s) => s.worker);
    this.speakers.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private local(): Speaker {
    return new Proxy({} as Speaker, {
      get:
        (_, name: keyof Views) =>
        (...args: unknown[]) =>
          Promise.resolve().then(() =>
            (this.source[name] as (...a: unknown[]) => unknown)(...args),
          ),
    });
  }

  private start(code: LocaleCode) {
    const worker = new Worker(new URL("./boot.mjs", import.meta.url), {
      workerData: { locale: code, dist: this.dist },
      env: { ...process.env, PAGE_LOCALE: code },
    });
    const pending = new Map<
      number,
      { resolve: (v: unknown) => void; reject: (e: Error) => void }
    >();
    let next = 0;
    // A worker with a call under way keeps the process alive; an idle one must not (unref'd
    // after the listeners below: adding a "message" listener refs it again).
    const idle = () => {
      if (!pending.size) worker.unref();
    };
    // Once it has stopped, a call to it (by a request that took this speaker before) is answered
    // at once rather than posted to a thread no one listens on.
    let stopped: Error | undefined;
    const failAll = (error: Error) => {
      stopped ??= error;
      for (const p of pending.values()) p.reject(error);
      pending.clear();
      if (this.speakers.get(code)?.worker === worker) this.speakers.delete(code);
    };
    worker.on("message", ({ id, result, error }: Reply) => {
      const p = pending.get(id);
      if (!p) return;
      pending.delete(id);
      idle();
      if (error === undefined) p.resolve(result);
      else p.reject(new Error(error));
    });
    worker.on("error", failAll);
    worker.on("exit", (exitCode) =>
      failAll(new Error(`The ${code} worker stopped (${exitCode}).`)),
    );
    idle();
    const english = this.local();
    const speaker = new Proxy({} as Speaker, {
      get:
        (_, name: keyof Views) =>
        (...args: unknown[]) =>
          new Promise((resolve, reject) => {
            if (stopped) return reject(stopped);
            const id = next++;
            pending.set(id, { resolve, reject });
            worker.ref();
            worker.postMessage({ id, name, args } satisfies Call);
          }).catch((error: unknown) => {
            console.error(`Answering in ${code} failed; answering in English:`, error);
            return (english[name] as (...a: unknown[]) => Promise<unknown>)(...args);
          }),
    });
    return { worker, speaker };
  }
}
