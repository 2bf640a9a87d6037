/**
 * A worker thread that speaks one locale (workerData.locale, with PAGE_LOCALE set to it): it puts
 * the locale's words into the content modules before anything that reads them is loaded, then
 * answers calls to the views (./views.ts) from the main thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { applyTranslations } from "../../src/i18n/apply";
import type { Call, Reply } from "./index";

const { locale, dist } = workerData as { locale: string; dist: string };
applyTranslations(locale, process.env.TRANSLATIONS_DIR);
const { createViews } = await import("./views");
const views = createViews(dist);

parentPort?.on("message", ({ id, name, args }: Call) => {
  const view = views[name] as (...a: unknown[]) => unknown;
  void Promise.resolve()
    .then(() => view(...args))
    .then(
      (result) => parentPort?.postMessage({ id, result } satisfies Reply),
      (error: unknown) =>
        parentPort?.postMessage({
          id,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        } satisfies Reply),
    );
});
parentPort?.postMessage({ id: -1, result: "ready" } satisfies Reply);
