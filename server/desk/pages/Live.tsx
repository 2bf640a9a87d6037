/** Where the desk's script asks for newer leads, how often, and the address that shows them. */
export interface Live {
  newer: string;
  show: string;
  everyMs: number;
}

/**
 * An empty polite live region: the desk's script (client/live.ts) fills it with "N new leads —
 * Show" when leads arrive while the page is open. Without the script it stays empty and the
 * page is as it was; reloading shows the new leads.
 */
export const LiveNotice = ({ live }: { live?: Live }) =>
  live ? (
    <div
      className="live"
      aria-live="polite"
      data-newer={live.newer}
      data-show={live.show}
      data-every={live.everyMs}
    />
  ) : null;
