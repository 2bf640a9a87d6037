/** What the build hands the editor's start-up script (src/cms/init.ts). */
export interface EditorBoot {
  /** The Decap configuration (src/cms/config.ts). */
  config: unknown;
  /** An event's fields in the schema's order: the order the file is written in. */
  order: string[];
  /** The events file's opening comment, kept when the editor writes the file. */
  header?: string;
}

/** The name the events file format is registered under with Decap. */
export const EVENTS_FORMAT = "events-yaml";
