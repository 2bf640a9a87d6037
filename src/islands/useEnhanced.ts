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

/** Live value of a media query; false on the server and during hydration. */
export function useMediaQuery(query: string) {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(query);
    setMatches(mq.matches);
    const onChange = () => setMatches(mq.matches);
    mq.addEventListener("change", onChange);
    return () => mq.removeEventListener("change", onChange);
  }, [query]);
  return matches;
}
