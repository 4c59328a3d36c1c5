import { describe, expect, it } from "vitest";
import { expectProblem } from "../helpers/expect-problem.ts";
import { startTestApp, useTestApp } from "../helpers/harness.ts";

const t = useTestApp();

/** Words that would tell an unauthenticated caller what the server is built on. */
const INTERNALS = /postgres|pglite|drizzle|ECONN|CONNECTION_|127\.0\.0\.1|:5432/i;

describe("health and readiness probes", () => {
  it("answer without a key: alive, and ready with each dependency's state, never which product it is", async () => {
    expect((await t().client.get("/healthz")).body).toEqual({ status: "ok" });
    const ready = await t().client.get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready", checks: { database: "ok" } });
    expect(ready.text).not.toMatch(INTERNALS);
  });

  it("a database that does not answer: /readyz is a 503 naming the failing dependency, /healthz stays alive", async () => {
    const app = await startTestApp();
    try {
      await app.database.close();
      const ready = await app.client.get("/readyz");
      const problem = expectProblem(ready, 503, "service_unavailable");
      expect(problem.checks).toEqual({ database: "failing" });
      expect(ready.text).not.toMatch(INTERNALS);
      expect((await app.client.get("/healthz")).status).toBe(200);
    } finally {
      // Closes the database a second time (and drops the test database): harmless on both drivers.
      await app.close();
    }
  });
});
