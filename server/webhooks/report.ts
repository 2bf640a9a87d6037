import type { DeliveryRecord } from "../outbox/outbox";

/**
 * The staff tool's lines about webhooks (npm run enquiries): per receiver, how many were
 * delivered, are being retried and are flagged, then each flagged one with its reason. A
 * message with no record yet (the server has not tried it) is not counted.
 */
export function webhookReport(latest: ReadonlyMap<string, DeliveryRecord>): string[] {
  const records = [...latest.values()].filter((r) => r.state !== "pending" || r.reason);
  if (!records.length) return [];
  const byReceiver = new Map<string, DeliveryRecord[]>();
  for (const r of records) byReceiver.set(r.mail, [...(byReceiver.get(r.mail) ?? []), r]);
  const lines = ["Webhooks (leads to your own tools):"];
  for (const [receiver, list] of byReceiver) {
    const count = (state: string) => list.filter((r) => r.state === state).length;
    lines.push(
      `  ${receiver}: ${count("sent")} delivered, ${count("failed") + count("pending")} being retried, ${count("flagged")} flagged`,
    );
  }
  for (const r of records.filter((r) => r.state === "flagged"))
    lines.push(`  flagged ${r.id} to ${r.mail} (${r.at}): ${r.reason ?? ""}`);
  return lines;
}
