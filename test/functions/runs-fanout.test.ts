import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rowsOf } from "../../src/db/rows.ts";
import { fanOut } from "../../src/functions/runs-fanout.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

/**
 * Every write's events statement carries the fan-out to the functions with a
 * matching event trigger (functions/runs-fanout.ts). In production
 * `functions` is large and most functions have no event trigger: the fan-out
 * must find the ones with triggers by an index of those alone, not read every
 * function of the organization.
 */
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb.drop();
});

it("finds an organization's functions with event triggers by the index of those alone", async () => {
  const runs = fanOut(sql`'org_plan'`, sql`inserted`, sql`now()`)[0]!;
  const plan = await testDb.database.db.transaction(async (tx) => {
    // The tables are nearly empty here, where a sequential scan is cheapest: ask for the plan a large table gets.
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const statement = sql`WITH inserted AS (SELECT 'evt_1'::text AS id, 'invoice.created'::text AS type) ${runs.write}`;
    return rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql`EXPLAIN ${statement}`))
      .map((r) => r["QUERY PLAN"])
      .join("\n");
  });
  expect(plan).toContain("functions_org_event_triggers_idx");
});
