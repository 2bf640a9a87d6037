import { Component as ReactComponent, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";

/** Keeps the server HTML when an island throws, and says which island failed, once. */
class IslandBoundary extends ReactComponent<{ name: string; html: string; children: ReactNode }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(`Island "${this.props.name}" failed; its server-rendered HTML stays.`, error);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    // Put back exactly what the server sent, so the page reads as it did without JavaScript.
    return (
      <div className="island-fallback" dangerouslySetInnerHTML={{ __html: this.props.html }} />
    );
  }
}

/** Hydrate one island: props from its JSON script, root from its marker element. */
export function hydrateIsland(
  element: HTMLElement,
  name: string,
  Component: ComponentType<object>,
) {
  const root = element.querySelector<HTMLElement>(":scope > .island-root");
  const json = element.querySelector(":scope > script[type='application/json']");
  if (!root || !json)
    throw new Error(`Island "${name}": the root container is missing from the page`);
  const props = JSON.parse(json.textContent || "{}") as object;
  hydrateRoot(
    root,
    <IslandBoundary name={name} html={root.innerHTML}>
      <Component {...props} />
    </IslandBoundary>,
    {
      onRecoverableError: (error) => console.error(`Island "${name}" hydration:`, error),
    },
  );
}
