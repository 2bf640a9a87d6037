import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { blockingBetween, simulationEnd, tbtParts, type TraceEvent } from "../../scripts/tbtParts";

interface Task {
  start: number;
  dur: number;
  children?: { name: string; start: number; dur: number; url?: string }[];
}

/** A simulation as Lighthouse's lantern-trace-saver writes it: µs from 1,000 s, an end marker. */
function trace(tasks: Task[]): { traceEvents: TraceEvent[] } {
  const us = (ms: number) => 1e9 + ms * 1000;
  const events: TraceEvent[] = [{ name: "TracingStartedInPage", ph: "I", ts: us(-100) }];
  for (const task of tasks) {
    events.push({ name: "Task", ph: "X", ts: us(task.start), dur: task.dur * 1000 });
    for (const c of task.children ?? [])
      events.push({
        name: c.name,
        ph: "X",
        ts: us(c.start),
        dur: c.dur * 1000,
        args: c.url ? { data: { url: c.url } } : {},
      });
  }
  const last = Math.max(...tasks.map((t) => t.start + t.dur));
  events.push({ name: "Task", ph: "X", ts: us(last + 1000), dur: 1000 });
  return { traceEvents: events };
}

test("a task blocks for its time between FCP and TTI beyond 50 ms, as Lighthouse counts it", () => {
  assert.equal(blockingBetween({ start: 0, duration: 150 }, 50, 1000), 50);
  assert.equal(blockingBetween({ start: 300, duration: 70 }, 50, 1000), 20);
  assert.equal(blockingBetween({ start: 300, duration: 49 }, 50, 1000), 0);
  // Clipped at FCP to 40 ms: under the threshold.
  assert.equal(blockingBetween({ start: 0, duration: 90 }, 50, 1000), 0);
  // Clipped at TTI.
  assert.equal(blockingBetween({ start: 900, duration: 200 }, 50, 1000), 50);
  assert.equal(blockingBetween({ start: 0, duration: 40 }, 50, 1000), 0);
});

test("a simulation ends where its last event does, not at the saver's marker a second later", () => {
  assert.equal(simulationEnd(trace([{ start: 20, dur: 100 }]).traceEvents), 120);
});

test("the run's blocking time is each simulation's, clipped at the other's FCP and its own TTI, averaged; each task named by its own time", () => {
  const dir = mkdtempSync(join(tmpdir(), "eg-tbt-parts-"));
  try {
    const layout: Task = {
      start: 50,
      dur: 150,
      children: [
        { name: "Layout", start: 50, dur: 120 },
        { name: "UpdateLayoutTree", start: 170, dur: 30 },
      ],
    };
    const script: Task = {
      start: 400,
      dur: 80,
      children: [
        { name: "EvaluateScript", start: 400, dur: 70, url: "http://localhost/assets/page.js" },
        // Inside the script: its time is the script's no more.
        { name: "Layout", start: 410, dur: 20 },
      ],
    };
    const files: Record<string, Task[]> = {
      optimisticFirstContentfulPaint: [{ start: 0, dur: 100 }],
      pessimisticFirstContentfulPaint: [{ start: 0, dur: 120 }],
      optimisticLargestContentfulPaint: [{ start: 0, dur: 130 }],
      pessimisticLargestContentfulPaint: [{ start: 0, dur: 130 }],
      // The optimistic TTI's graph keeps only tasks over 20 ms: its TTI is its LCP, 130.
      optimisticInteractive: [{ start: 0, dur: 60 }],
      pessimisticInteractive: [layout, script],
      optimisticTotalBlockingTime: [layout, script],
      pessimisticTotalBlockingTime: [layout, script],
    };
    for (const [name, tasks] of Object.entries(files))
      writeFileSync(join(dir, `run-${name}.trace.json`), JSON.stringify(trace(tasks)));

    const { tbt, tasks } = tbtParts(join(dir, "run"));
    // Optimistic: from the pessimistic FCP 120 to its TTI 130, the layout 10 -> 0, the script 0.
    // Pessimistic: from the optimistic FCP 100 to its TTI 480, the layout 100 -> 50, the script
    // 80 -> 30. (The FCPs the other way round would give the layout 15.)
    assert.deepEqual(
      tasks.map((t) => [t.start, t.duration, t.blocking, t.what]),
      [
        [50, 150, 25, "Layout 120, UpdateLayoutTree 30"],
        [400, 80, 15, "EvaluateScript page.js 50, Layout 20"],
      ],
    );
    assert.equal(tbt, 40);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
