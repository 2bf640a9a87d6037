import type { ComponentType } from "react";

type Loader = () => Promise<ComponentType<object>>;

/** How long a script chunk may take before we give up on it (spec: 120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The spec's ChunkLoadError: a script chunk that failed to load (missing, timeout or other). */
export class ChunkLoadError extends Error {
  name = "ChunkLoadError";
  constructor(what: string, reason: "missing" | "timeout" | "other", cause?: unknown) {
    super(`Loading chunk ${what} failed (${reason})`, { cause });
  }
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(what, "timeout")), CHUNK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const loadChunk = <T>(what: string, load: () => Promise<T>) =>
  withTimeout(load(), what).catch((error: unknown) => {
    if (error instanceof ChunkLoadError) throw error;
    const missing = error instanceof TypeError && /fetch|import/i.test(error.message);
    throw new ChunkLoadError(what, missing ? "missing" : "other", error);
  });

let reported = false;
/** One console error per page for chunk failures; the server HTML stays as it is. */
function report(error: unknown) {
  if (reported) return;
  reported = true;
  console.error(error);
}

const INTERACTIONS = ["pointerdown", "focusin", "keydown"];

/**
 * Whether the visitor used the island before this script ran (on a slow phone, a tap while the
 * page loads): a control changed from how the server drew it, or focus inside.
 */
function touched(element: HTMLElement) {
  if (element.contains(document.activeElement)) return true;
  const controls = element.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input, select");
  return [...controls].some((c) =>
    c instanceof HTMLSelectElement
      ? [...c.options].some((o) => o.selected !== o.defaultSelected)
      : c.type === "radio" || c.type === "checkbox"
        ? c.checked !== c.defaultChecked
        : c.value !== c.defaultValue,
  );
}

function whenWanted(element: HTMLElement, run: () => void) {
  const mode = element.dataset.hydrate;
  // A query string carries a tool's saved answers, and a choice made before this script ran is
  // waiting for the island: show them without waiting for another touch.
  if (mode === "interaction" && !window.location.search && !touched(element)) {
    const start = () => {
      for (const type of INTERACTIONS) element.removeEventListener(type, start, true);
      run();
    };
    for (const type of INTERACTIONS) element.addEventListener(type, start, true);
  } else if (mode === "visible" && "IntersectionObserver" in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        run();
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(element);
  } else if ("requestIdleCallback" in window) {
    requestIdleCallback(run, { timeout: 2000 });
  } else {
    setTimeout(run, 200);
  }
}

/** Hydrate each island on the page when it is wanted, loading its code only then. */
export function startIslands(loaders: Record<string, Loader>) {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = element.dataset.island ?? "";
    const load = loaders[name];
    if (!load) continue;
    whenWanted(element, () => {
      Promise.all([loadChunk(name, load), loadChunk("hydrate", () => import("./hydrate"))])
        .then(([Component, { hydrateIsland }]) => hydrateIsland(element, name, Component))
        .catch(report);
    });
  }
}
