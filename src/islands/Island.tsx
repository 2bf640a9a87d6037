import { createContext, useContext, type ComponentType } from "react";
import { islandNames, type IslandName } from "./names";

/** Collects the islands a page renders, so the build can give the page an entry with just those. */
export const IslandsUsed = createContext<Set<IslandName> | null>(null);

/**
 * When the browser hydrates the island: soon after load, when it nears the viewport, or on the
 * first pointer, focus or key event inside it (at once when the URL carries saved answers).
 */
export type Hydrate = "idle" | "visible" | "interaction";

interface Props<P> {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  hydrate: Hydrate;
}

// "<" would let a string in the props close the script element early.
export const toScriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * Server half of an island: the component rendered in place, marked with its name, its props
 * beside it as JSON (not executable, so a strict CSP holds). src/client/islands.ts hydrates it.
 */
export function Island<P extends object>({ name, component: Component, props, hydrate }: Props<P>) {
  if (!islandNames.includes(name)) throw new Error(`Unknown island "${name}"`);
  useContext(IslandsUsed)?.add(name);
  return (
    <div className="island" data-island={name} data-hydrate={hydrate}>
      <script type="application/json" dangerouslySetInnerHTML={{ __html: toScriptJson(props) }} />
      <div className="island-root">
        <Component {...props} />
      </div>
    </div>
  );
}
