import { useEffect, useState } from "react";

/**
 * False while hydrating (so the markup matches the server's), true once the island runs.
 * Anything only JavaScript can make work (controls, inert slides) keys off it.
 */
export function useEnhanced() {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return enhanced;
}
