import { createContext, useContext } from "react";

/** Hashed asset URLs the build produced, known before pages render. */
export interface Assets {
  css: string;
  font: string;
  worldMap: string;
  /** Country code -> flag SVG. */
  flags: Record<string, string>;
}

export const AssetsContext = createContext<Assets | null>(null);

export function useAssets(): Assets {
  const assets = useContext(AssetsContext);
  if (!assets) throw new Error("useAssets: render the page inside <AssetsContext.Provider>");
  return assets;
}
