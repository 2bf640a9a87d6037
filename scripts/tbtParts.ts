/**
 * What Lighthouse's model counted as blocking time in one run, task by task: `npm run audit` with
 * TBT_PARTS=1. Lighthouse does not report TBT from the load it observed: it simulates the load on
 * the slowed phone (Lantern) and sums, over the simulated main-thread tasks, each one's time after
 * the simulated first contentful paint beyond 50 ms. Which tasks those are can differ from run to
 * run on the same page (docs/developers/performance.md). With LANTERN_DEBUG set and
 * `--save-assets`, Lighthouse writes each simulation as a trace; this reads them back.
 *
 * Lighthouse's TBT is the mean of two simulations of the whole load (Lantern's TotalBlockingTime):
 * the optimistic one counted from the pessimistic FCP up to the optimistic TTI, the pessimistic
 * one from the optimistic FCP up to the pessimistic TTI. A TTI is the later of that simulation's
 * LCP and the end of its last task over 50 ms; the optimistic TTI's graph leaves out tasks the
 * page ran in 20 ms or less (Lantern's Interactive), so it can end before the last long task.
 */
import { readFileSync } from "node:fs";

export interface TraceEvent {
  name: string;
  ph?: string;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string } };
}

export interface BlockingTask {
  /** ms from the simulated navigation. */
  start: number;
  duration: number;
  /** This task's share of the run's TBT (the mean of the two simulations). */
  blocking: number;
  /** The events it spent most of its own time in, with a script's or sheet's file. */
  what: string;
}

const THRESHOLD = 50;
/** Lantern's traces start their clock at 1,000 s. */
const ORIGIN = 1e9;

/**
 * When a simulation ends, in ms: for FCP's, the simulated first contentful paint. Lighthouse ends
 * each saved simulation with a 1 ms task a second after its last event (lantern-trace-saver.js).
 */
export function simulationEnd(events: TraceEvent[]) {
  const last = Math.max(...events.filter((e) => e.name === "Task").map((e) => e.ts));
  return (last - ORIGIN) / 1000 - 1000;
}

/** The simulated tasks, each named by the three events that took most of its own time. */
export function simulatedTasks(events: TraceEvent[]) {
  const complete = events
    .filter((e) => e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const end = (e: TraceEvent) => e.ts + e.dur!;
  return complete
    .filter((e) => e.name === "Task")
    .map((task) => {
      // Children in start order, longest first: each one's own time is its duration less its
      // direct children's.
      const inside = complete.filter(
        (e) => e !== task && e.name !== "Task" && e.ts >= task.ts && end(e) <= end(task) + 1,
      );
      const own = new Map<string, number>();
      const open: TraceEvent[] = [];
      const charge = (e: TraceEvent, ms: number) => {
        const file = e.args?.data?.url?.split("/").pop();
        const key = file ? `${e.name} ${file}` : e.name;
        own.set(key, (own.get(key) ?? 0) + ms);
      };
      for (const e of inside) {
        while (open.length && end(open.at(-1)!) <= e.ts) open.pop();
        const parent = open.at(-1);
        if (parent) charge(parent, -e.dur!);
        charge(e, e.dur!);
        open.push(e);
      }
      const what = [...own]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .filter(([, ms]) => ms > 0)
        .map(([name, ms]) => `${name} ${Math.round(ms / 1000)}`)
        .join(", ");
      return { start: (task.ts - ORIGIN) / 1000, duration: task.dur! / 1000, what };
    });
}

/** Lighthouse's rule: a task's time between FCP and TTI, less 50 ms, when that is positive. */
export function blockingBetween(
  task: { start: number; duration: number },
  fcp: number,
  tti: number,
) {
  const clipped = Math.min(task.start + task.duration, tti) - Math.max(task.start, fcp);
  return task.duration >= THRESHOLD && clipped >= THRESHOLD ? clipped - THRESHOLD : 0;
}

/** A simulation's TTI: its LCP, or the end of its last task over 50 ms if later. */
function interactive(events: TraceEvent[], lcp: number) {
  const long = simulatedTasks(events).filter((t) => t.duration > THRESHOLD);
  return Math.max(lcp, ...long.map((t) => t.start + t.duration));
}

/**
 * The blocking tasks of one run from its saved simulations (`prefix` as Lighthouse's
 * `--output-path` less its extension), each with its share of the TBT, and their sum.
 */
export function tbtParts(prefix: string) {
  const read = (name: string): TraceEvent[] => {
    const trace = JSON.parse(readFileSync(`${prefix}-${name}.trace.json`, "utf8")) as
      TraceEvent[] | { traceEvents: TraceEvent[] };
    return Array.isArray(trace) ? trace : trace.traceEvents;
  };
  const sim = (kind: "optimistic" | "pessimistic", other: "optimistic" | "pessimistic") => {
    const fcp = simulationEnd(read(`${other}FirstContentfulPaint`));
    const tti = interactive(
      read(`${kind}Interactive`),
      simulationEnd(read(`${kind}LargestContentfulPaint`)),
    );
    return simulatedTasks(read(`${kind}TotalBlockingTime`)).map((t) => ({
      ...t,
      blocking: blockingBetween(t, fcp, tti),
    }));
  };
  const optimistic = sim("optimistic", "pessimistic");
  const pessimistic = sim("pessimistic", "optimistic");
  // Both simulate the same tasks (one graph, other network assumptions): paired by order, each
  // task's share is the mean of its two.
  const tasks: BlockingTask[] = optimistic
    .map((t, i) => ({ ...t, blocking: (t.blocking + (pessimistic[i]?.blocking ?? 0)) / 2 }))
    .filter((t) => t.blocking > 0);
  return { tbt: tasks.reduce((sum, t) => sum + t.blocking, 0), tasks };
}
