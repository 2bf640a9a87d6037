import { Window } from "happy-dom";

/**
 * A happy-dom window as the global browser environment, with React's development build
 * (set before React loads), so hydration mismatches are reported rather than silent.
 */
export function installDom() {
  process.env.NODE_ENV = "development";
  const window = new Window({ url: "http://localhost/" });
  const g = globalThis as Record<string, unknown>;
  for (const key of [
    "window",
    "document",
    "navigator",
    "HTMLElement",
    "HTMLInputElement",
    "HTMLSelectElement",
    "HTMLTextAreaElement",
    "HTMLFormElement",
    "Node",
    "Element",
    "Event",
    "KeyboardEvent",
    "MouseEvent",
    "FocusEvent",
    "getComputedStyle",
    "matchMedia",
  ]) {
    const value = (window as unknown as Record<string, unknown>)[key];
    g[key] = typeof value === "function" && /^[a-z]/.test(key) ? value.bind(window) : value;
  }
  g.IS_REACT_ACT_ENVIRONMENT = true;
  return window;
}

/** Collects console.error calls (React reports hydration mismatches there). */
export function captureErrors() {
  const errors: unknown[][] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    // Node's own ExperimentalWarning (mock timers) is printed through console.error too.
    if (!String(args[0]).startsWith("(node:")) errors.push(args);
  };
  return { errors, restore: () => (console.error = original) };
}
