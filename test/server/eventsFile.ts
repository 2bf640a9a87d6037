import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { wallClock } from "../../src/lib/slots";

/** An office event of `capacity` places ten days from now (London time, as staff write it). */
export function eventsFile(folder: string, capacity: number) {
  mkdirSync(folder, { recursive: true });
  const london = (ms: number) => {
    const w = wallClock(Date.now() + ms, "Europe/London");
    return `${w.date}T${w.time}`;
  };
  const file = join(folder, "events.yaml");
  writeFileSync(
    file,
    `events:
  - slug: open-day
    title: Open day
    kind: open-day
    start: "${london(10 * 86_400_000)}"
    minutes: 120
    language: en
    capacity: ${capacity}
    where: office
    host: Advisers
    summary: Meet us.
    body: [Come and meet us.]
    registrationCloses: "${london(9 * 86_400_000)}"
`,
  );
  return file;
}
