import type { AddressInfo } from "node:net";
import { buildApp } from "../../src/app.ts";
import { openDatabase, type Database } from "../../src/db/connection.ts";
import { migrate } from "../../src/db/migrate.ts";
import { seedDemoOrg } from "../../src/demo/seed.ts";
import type { AgentSettings } from "../../src/engines/agent/planners.ts";
import { memoryRateLimitStore } from "../../src/platform/rate-limit/memory-store.ts";
import { featureSubscribers } from "../../src/subscribers.ts";

/**
 * Where the cases run: the API's base URL and a way to get a demo
 * organization's full-access key. `fresh()` seeds a new demo organization
 * (the app started here), or returns the one key given (a server already
 * running: its organization is shared by every case).
 */
export interface Target {
  url: string;
  /** Whether each call to fresh() gives a new organization. */
  isolated: boolean;
  fresh(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the API in this process on a fresh database: an in-memory PGlite, or
 * DATABASE_URL's PostgreSQL (where the demo organizations are new ones beside
 * whatever it holds), or the database given (which it closes when done). No scheduler runs, so nothing but the agent's turns
 * changes an organization while a case runs.
 */
export async function startLocal(agent: AgentSettings, given?: Database): Promise<Target> {
  const databaseUrl = process.env.DATABASE_URL;
  const database =
    given ?? (databaseUrl ? await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 5 }) : await openDatabase({ kind: "pglite-memory" }));
  await migrate(database);
  // A generous plan: a case's turn and its judge make dozens of requests in a second.
  const app = await buildApp({ database, subscribers: featureSubscribers, rateLimits: memoryRateLimitStore(), agent });
  await app.listen({ port: 0, host: "127.0.0.1" });
  let n = 0;
  return {
    url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    isolated: true,
    fresh: async () => (await seedDemoOrg(database.db, new Date(), `Agent eval ${++n}`)).secret,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A server already running, with a key of the organization to run the cases in. */
export function remote(url: string, key: string): Target {
  return { url: url.replace(/\/+$/, ""), isolated: false, fresh: async () => key, close: async () => {} };
}
