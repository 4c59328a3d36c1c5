import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../src/db/migrate.ts";
import { createTestDatabase, testDbKind, type TestDatabase } from "../helpers/database.ts";

/**
 * On PostgreSQL, a statement with parameters that runs again is prepared on
 * its connection (one round trip and no parse per run instead of two and a
 * parse); one that has run once is not, so texts that differ on every call
 * do not pile up as prepared statements. See src/db/prepared-statements.ts.
 */
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb.drop();
});

describe.skipIf(testDbKind() !== "postgres")("prepared statements (PostgreSQL)", () => {
  it("prepares a parameterized statement from its second run, in a transaction too, with the same results", async () => {
    const alias = `probe_${randomBytes(4).toString("hex")}`;
    const probe = (n: number) => sql`SELECT ${n}::int + 1 AS ${sql.raw(alias)}`;
    const preparedOnConnection = `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%${alias}%'`;
    const counts = await testDb.database.db.transaction(async (tx) => {
      const seen: number[] = [];
      const results: unknown[] = [];
      for (let i = 1; i <= 3; i++) {
        results.push(rowsOf<Record<string, number>>(await tx.execute(probe(i)))[0]![alias]);
        seen.push(rowsOf<{ n: number }>(await tx.execute(sql.raw(preparedOnConnection)))[0]!.n);
      }
      return { seen, results };
    });
    expect(counts.results).toEqual([2, 3, 4]);
    // Not after the first run; once from the second on (the third reuses it).
    expect(counts.seen).toEqual([0, 1, 1]);
  });

  it("does not prepare a text that runs once", async () => {
    const alias = `once_${randomBytes(4).toString("hex")}`;
    const [row] = await testDb.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT ${1}::int AS ${sql.raw(alias)}`);
      return rowsOf<{ n: number }>(await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%${alias}%'`)));
    });
    expect(row!.n).toBe(0);
  });
});
