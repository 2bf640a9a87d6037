import type { ReactNode } from "react";

/**
 * A left-to-right run inside text that may be right to left (a phone number, an address line, an
 * e-mail address, an English name): isolated, so it reads in its own order (src/lib/bidi.ts).
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
