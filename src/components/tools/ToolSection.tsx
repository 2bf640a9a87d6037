import type { ReactNode } from "react";

/** A students' tool's section: its island, and a note in its place when JavaScript is off. */
export function ToolSection({
  id,
  noScript,
  children,
}: {
  id: string;
  noScript: string;
  children: ReactNode;
}) {
  return (
    <div className="section tool-section" id={id}>
      <div className="container">
        <noscript>
          <p className="tool-noscript">{noScript}</p>
        </noscript>
        {children}
      </div>
    </div>
  );
}
