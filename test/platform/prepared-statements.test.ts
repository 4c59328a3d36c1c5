import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastStatement } from "../../src/db/connection.ts";
import { rowsOf } from "../../src/db/rows.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

/**
 * The transactions Drizzle runs on PostgreSQL send BEGIN with their first
 * statement instead of waiting for its answer: they stay transactions (all
 * or nothing, an error caught by the caller still rolls back, many at once
 * beyond the pool's size each on a connection of its own). And on PostgreSQL, a statement with parameters that runs again is prepared on
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

describe("prepared statements (PostgreSQL)", () => {
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

  const table = `tx_probe_${randomBytes(4).toString("hex")}`;
  const count = async () => rowsOf<{ n: number }>(await testDb.database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

  it("keeps the first statement inside the transaction: a change that throws after it leaves nothing", async () => {
    await testDb.database.db.execute(sql.raw(`CREATE TABLE ${table} (n int PRIMARY KEY)`));
    await expect(
      testDb.database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO ${sql.raw(table)} VALUES (${1})`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(await count()).toBe(0);
    await testDb.database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO ${sql.raw(table)} VALUES (${2})`);
      await tx.execute(sql`INSERT INTO ${sql.raw(table)} VALUES (${3})`);
    });
    expect(await count()).toBe(2);
  });

  it("rolls back when a statement failed, even if the change caught the error", async () => {
    const error = await testDb.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO ${sql.raw(table)} VALUES (${10})`);
        await tx.execute(sql`INSERT INTO ${sql.raw(table)} VALUES (${2})`).catch(() => "ignored");
        return "done";
      })
      .catch((e: unknown) => e);
    expect(String(error)).toMatch(/duplicate key/);
    expect(await count()).toBe(2);
  });

  it("runs more transactions at once than the pool has connections, each isolated", async () => {
    // The test pool has 5 connections; each transaction holds one until it ends.
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        testDb.database.db
          .transaction(async (tx) => {
            await tx.execute(sql`INSERT INTO ${sql.raw(table)} VALUES (${100 + i})`);
            const [mine] = rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE n >= ${100}`));
            // Another transaction's uncommitted row is not seen: at most this one's own and those committed before.
            expect(mine!.n).toBeGreaterThanOrEqual(1);
            if (i % 3 === 0) throw new Error("rolled back");
          })
          .catch(() => undefined),
      ),
    );
    expect(await count()).toBe(2 + 8);
  });

  it("sends a last statement with COMMIT behind it: it commits with the transaction, or fails it with its own error", async () => {
    await testDb.database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO ${sql.raw(table)} VALUES (${30})`);
      await lastStatement(tx, { sql: `INSERT INTO ${table} VALUES ($1)`, params: [31] });
    });
    expect(await count()).toBe(2 + 8 + 2);
    const error = await testDb.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO ${sql.raw(table)} VALUES (${32})`);
        // Already there: this fails after the COMMIT was sent, which PostgreSQL then answers with a rollback.
        await lastStatement(tx, { sql: `INSERT INTO ${table} VALUES ($1)`, params: [31] });
        return "resolved";
      })
      .catch((e: unknown) => e);
    expect(String(error)).toMatch(/duplicate key/);
    expect(await count()).toBe(2 + 8 + 2);
  });

  it("refuses a statement after the last one and commits nothing", async () => {
    const error = await testDb.database.db
      .transaction(async (tx) => {
        await lastStatement(tx, { sql: `INSERT INTO ${table} VALUES ($1)`, params: [40] });
        await tx.execute(sql`INSERT INTO ${sql.raw(table)} VALUES (${41})`);
      })
      .catch((e: unknown) => e);
    // Drizzle reports it as the failed query, with our refusal as the cause.
    expect(String((error as Error).cause)).toMatch(/last statement was already sent/);
    expect(await count()).toBe(2 + 8 + 2);
  });

  it("survives the transaction's connection dying under it: the transaction fails, the next ones run", async () => {
    const error = await testDb.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO ${sql.raw(table)} VALUES (${20})`);
        await tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    for (let i = 0; i < 8; i++) {
      await testDb.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT ${i}::int`);
      });
    }
    expect(await count()).toBe(2 + 8 + 2);
  });
});
