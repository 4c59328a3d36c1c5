import { sql } from "drizzle-orm";
import { Type } from "typebox";
import type { Database } from "../db/connection.ts";
import { ApiError } from "./errors.ts";
import type { Api } from "./http.ts";

const Health = Type.Object({ status: Type.Literal("ok", { description: "The process answers HTTP." }) });
// Probes are unauthenticated: they say whether each dependency answers, never what it is (its product or version).
const Ready = Type.Object({
  status: Type.Literal("ready"),
  checks: Type.Object(
    { database: Type.Literal("ok") },
    {
      description:
        "Each dependency the server needs to answer requests, and its state. A failing one makes /readyz a 503 problem whose checks member names it as failing.",
    },
  ),
});

export function registerHealthRoutes(app: Api, database: Database): void {
  app.get(
    "/healthz",
    { config: { public: true }, schema: { tags: ["Health"], operationId: "health", summary: "Liveness", security: [], response: { 200: Health } } },
    async () => ({ status: "ok" as const }),
  );
  app.get(
    "/readyz",
    {
      config: { public: true },
      schema: {
        tags: ["Health"],
        operationId: "ready",
        summary: "Readiness: the database answers (503 when it does not)",
        security: [],
        response: { 200: Ready },
      },
    },
    async (request) => {
      try {
        await database.db.execute(sql`SELECT 1`);
      } catch (error) {
        request.log.error({ err: error }, "database not reachable");
        throw new ApiError("service_unavailable", "The database is not reachable.", { checks: { database: "failing" } });
      }
      return { status: "ready" as const, checks: { database: "ok" as const } };
    },
  );
}
