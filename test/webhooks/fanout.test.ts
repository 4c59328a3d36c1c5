import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { rowsOf } from "../../src/db/rows.ts";
import { TypeID } from "typeid-js";
import { isId } from "../../src/platform/ids.ts";
import { fanOut, subscribesSql } from "../../src/webhooks/fanout.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

/**
 * Every write's events statement carries the fan-out to its organization's
 * subscribers (webhooks/fanout.ts). In production `functions` is large and
 * most functions have no event trigger: the fan-out must find the ones with
 * triggers by an index of those alone, not read every function of the
 * organization.
 */
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb.drop();
});

it("finds an organization's functions with event triggers by the index of those alone", async () => {
  const runs = fanOut(sql`'org_plan'`, sql`inserted`, sql`now()`).find((f) => f.channel === "function_runs")!;
  const plan = await testDb.database.db.transaction(async (tx) => {
    // The tables are nearly empty here, where a sequential scan is cheapest: ask for the plan a large table gets.
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const statement = sql`WITH inserted AS (SELECT 'evt_1'::text AS id, 'invoice.created'::text AS type) ${runs.write}`;
    return rowsOf<{ "QUERY PLAN": string }>(await tx.execute(sql`EXPLAIN ${statement}`)).map((r) => r["QUERY PLAN"]).join("\n");
  });
  expect(plan).toContain("functions_org_event_triggers_idx");
});

it("matches event types to subscription patterns exactly, wildcards and prefixes included", async () => {
  const cases: [string[], string, boolean][] = [
    [["*"], "invoice.paid", true],
    [["invoice.paid"], "invoice.paid", true],
    [["invoice.paid"], "invoice.paid_late", false],
    [["invoice.*"], "invoice.paid", true],
    [["invoice.*"], "invoices.paid", false],
    [["invoice.*"], "invoice", false],
    [["deal.*", "contact.created"], "contact.created", true],
    [["deal.*", "contact.created"], "contact.updated", false],
    // A pattern is not a LIKE pattern: _ and % match only themselves.
    [["invoice_paid"], "invoiceXpaid", false],
    [["%"], "invoice.paid", false],
    [["inv%.*"], "invoice.paid", false],
    [[], "invoice.paid", false],
  ];
  for (const [patterns, type, expected] of cases) {
    const [row] = rowsOf<{ matches: boolean }>(
      await testDb.database.db.execute(sql`SELECT ${subscribesSql(sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(patterns)}::jsonb))`, sql`${type}::text`)} AS matches`),
    );
    expect({ patterns, type, matches: row!.matches }).toEqual({ patterns, type, matches: expected });
  }
});

it("makes ids in the statement in newId's format: TypeIDs whose UUIDv7 carries the time they were made", async () => {
  const before = Date.now();
  const rows = rowsOf<{ id: string }>(await testDb.database.db.execute(sql`SELECT enginery_new_id('whd') AS id FROM generate_series(1, 200)`));
  const after = Date.now();
  expect(new Set(rows.map((r) => r.id)).size).toBe(200);
  for (const { id } of rows) {
    expect(isId("webhookDelivery", id)).toBe(true);
    const parsed = TypeID.fromString(id);
    expect(parsed.getType()).toBe("whd");
    const hex = parsed.toUUID().replace(/-/g, "");
    expect(hex[12]).toBe("7");
    expect(["8", "9", "a", "b"]).toContain(hex[16]);
    const ms = parseInt(hex.slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before - 5);
    expect(ms).toBeLessThanOrEqual(after + 5);
  }
});
