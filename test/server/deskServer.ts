import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createApp, type AppOptions } from "../../server/app";
import { openDatabase, type DatabaseConfig } from "../../server/db";
import { StaffAccounts } from "../../server/desk/staff";
import { DeskClient } from "./deskClient";
import type { TestSmtp } from "./smtp";

/** A stand-in for the built site in `root`/dist (its path): the desk needs only its 404 page. */
export function deskSite(root: string) {
  const dist = join(root, "dist");
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    join(dist, "404.html"),
    "<!DOCTYPE html><html><head></head><body>404</body></html>",
  );
  return dist;
}

/**
 * The server in this process on the database `where` (`options` on top of a local public
 * address, the test's mail server and sign-in limits no test reaches), ready, with the desk's two usual members of staff signed
 * in: Mia, a manager, and Ann, an adviser. The sign-in links are the mail server's newest
 * e-mails: call it before any student writes.
 */
export async function deskWithStaff(
  smtp: TestSmtp,
  where: DatabaseConfig,
  options: Partial<AppOptions> & Pick<AppOptions, "dist">,
) {
  const app = createApp({
    dataFile: join(where.dataDir, "enquiries.jsonl"),
    dataDir: where.dataDir,
    publicUrl: "http://localhost",
    smtpUrl: smtp.url,
    deskSignInLimits: {
      account: { max: 100, windowMs: 60_000 },
      client: { max: 500, windowMs: 60_000 },
    },
    ...(where.databaseUrl ? { databaseUrl: where.databaseUrl } : {}),
    ...options,
  });
  const database = openDatabase(where);
  /** Stops the server, letting sends under way finish for up to `drainMs`, and the database. */
  const close = async (drainMs = 5000) => {
    app.closeAllConnections();
    await new Promise((done) => app.close(done));
    await app.drain(drainMs);
    await database.close();
  };
  try {
    await new Promise<void>((done) => app.listen(0, "127.0.0.1", done));
    const origin = `http://localhost:${(app.address() as AddressInfo).port}`;
    await app.ready;
    const accounts = new StaffAccounts(database.db);
    const { id: managerId } = await accounts.add("mia@agency.test", "Mia Manager", "manager");
    await accounts.add("ann@agency.test", "Ann Adviser", "adviser");
    const manager = new DeskClient(origin);
    await manager.signIn(smtp, "mia@agency.test");
    const adviser = new DeskClient(origin);
    await adviser.signIn(smtp, "ann@agency.test");
    return { app, origin, database, accounts, managerId, manager, adviser, close };
  } catch (error) {
    // Left listening, the server would keep the test file running until node's time limit.
    await close(0);
    throw error;
  }
}
