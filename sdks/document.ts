import { openDatabase } from "../src/db/connection.ts";
import { migrate } from "../src/db/migrate.ts";
import { buildApp } from "../src/app.ts";
import { memoryRateLimitStore } from "../src/platform/rate-limit/memory-store.ts";
import { featureSubscribers } from "../src/subscribers.ts";

/** An OpenAPI 3.1 document, as far as the emitters read it. */
// biome-ignore lint/suspicious/noExplicitAny: the document is JSON of a shape only partly typed here; emitters narrow what they read.
export type OpenApiDocument = Record<string, any>;

/**
 * The server's own document, exactly what GET /v1/openapi.json serves: the app
 * is built in-process on a throwaway in-memory PGlite (no server, no port), and
 * @fastify/swagger renders the route schemas. Its order is the routes' and
 * the schemas' own (registered in a fixed order), so the output depends on the
 * schemas only.
 */
export async function loadDocument(): Promise<OpenApiDocument> {
  const database = await openDatabase({ kind: "pglite-memory" });
  try {
    await migrate(database);
    const rateLimits = memoryRateLimitStore();
    const app = await buildApp({ database, subscribers: featureSubscribers, rateLimits, functions: { workers: 1 } });
    try {
      await app.ready();
      return structuredClone(app.swagger()) as OpenApiDocument;
    } finally {
      await app.close();
      await rateLimits.close();
    }
  } finally {
    await database.close();
  }
}
