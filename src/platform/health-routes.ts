import { sql } from "drizzle-orm";
import { Type } from "typebox";
import type { Database } from "../db/connection.ts";
import { ApiError } from "./errors.ts";
import type { Api } from "./http.ts";

const Health = Type.Object({ status: Type.String(), database: Type.Optional(Type.String()) });

export function registerHealthRoutes(app: Api, database: Database): void {
  app.get(
    "/healthz",
    { config: { public: true }, schema: { tags: ["Health"], operationId: "health", summary: "Liveness", security: [], response: { 200: Health } } },
    async () => ({ status: "ok" }),
  );
  app.get(
    "/readyz",
    {
      config: { public: true },
      schema: { tags: ["Health"], operationId: "ready", summary: "Readiness: the database answers", security: [], response: { 200: Health } },
    },
    async (request) => {
      try {
        await database.db.execute(sql`SELECT 1`);
      } catch (error) {
        request.log.error({ err: error }, "database not reachable");
        throw new ApiError("service_unavailable", "The database is not reachable.");
      }
      return { status: "ready", database: database.kind };
    },
  );
}
