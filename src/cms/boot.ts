/** What the build hands the editor's start-up script (src/cms/init.ts). */
export interface EditorBoot {
  /** The Decap configuration (src/cms/config.ts). */
  config: unknown;
  /** Each collection's file's opening comment, by collection name: kept when the editor writes it. */
  headers: Record<string, string | undefined>;
  /** The site's stylesheet (/assets/main-<hash>.css) and its @font-face rules, for the guides' preview. */
  preview?: { stylesheet: string; fontFaces: string };
  /** Addresses a page or guide may not take: reserved slugs, and the site's own pages' paths. */
  address: { reserved: string[]; builtIn: string[] };
}

/** The widget of a page's or guide's address (./addressWidget.ts). */
export const ADDRESS_WIDGET = "eastgate-address";

/** The name a collection's file format is registered under with Decap. */
export const formatName = (collection: string) => `${collection}-yaml`;

/**
 * The editor's local backend (decap-server, `npm run cms`): Decap's proxy backend, but an
 * entry whose file is not there is an error rather than an empty entry (./init.ts).
 */
export const LOCAL_BACKEND = "eastgate-local";
