import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TypeID } from "typeid-js";
import { isId } from "../../src/platform/ids.ts";
import { rowsOf } from "../../src/db/rows.ts";
import { wireSubscribers, write } from "../../src/platform/events/outbox.ts";
import { subscribesSql } from "../../src/platform/events/fan-out.ts";
import { featureSubscribers } from "../../src/subscribers.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

/**
 * Every write's events statement carries the fan-out to its organization's
 * subscribers (platform/events/fan-out.ts), wired to the database handle by
 * the composition point that opened it.
 */
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb.drop();
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
      await testDb.database.db.execute(
        sql`SELECT ${subscribesSql(sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(patterns)}::jsonb))`, sql`${type}::text`)} AS matches`,
      ),
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

it("refuses events written through a handle no composition point wired, and commits nothing", async () => {
  // Before subscribers were wired per handle, a process that forgot to subscribe wrote events that owed no delivery.
  const unwired = await createTestDatabase({ wired: false });
  try {
    const ctx = { orgId: "org_unwired", requestId: null, idempotencyKey: null, now: new Date() };
    await expect(write(unwired.database.db, ctx, async (_tx, emit) => emit({ type: "invoice.created", object: { id: "inv_unwired" } }))).rejects.toThrow(
      /no subscribers wired/,
    );
    const [row] = rowsOf<{ n: number }>(await unwired.database.db.execute(sql`SELECT count(*)::int AS n FROM events`));
    expect(row!.n).toBe(0);
  } finally {
    await unwired.drop();
  }
});

it("wires a handle once: the same subscribers again are harmless, others are refused", () => {
  const db = testDb.database.db;
  expect(() => wireSubscribers(db, featureSubscribers)).not.toThrow();
  expect(() => wireSubscribers(db, featureSubscribers.slice(0, 1))).toThrow(/already wired/);
});
