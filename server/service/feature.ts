import type { FastifyPluginAsync } from "fastify";

/**
 * A part of the server as the front hall (server/app.ts) lists it: its routes, registered as
 * one Fastify plugin under its prefix, and its lifecycle (what it resumes at start, what it
 * finishes at the stop). Each folder's feature builds this from the shared services.
 */
export interface Feature {
  /** Its routes (none: a feature that only works in the background). */
  routes?: FastifyPluginAsync;
  /** Where its routes live; unset: their own full paths (the booking's API and manage page). */
  prefix?: string;
  /** Resolves once what it had pending from before is resumed (the server is ready after all). */
  started?: Promise<unknown>;
  /** After the HTTP server closed: let work under way finish, within `timeoutMs`. */
  drain?: (timeoutMs: number) => Promise<unknown>;
}
