import { and, eq, sql } from "drizzle-orm";
import { date, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { Db } from "../../src/db/connection.ts";
import { isUniqueViolation } from "../../src/db/errors.ts";
import { rowsOf } from "../../src/db/rows.ts";
import { encoded, statement, type Placeholders } from "../../src/db/statements.ts";
import { createTestDatabase, testDbKind, type TestDatabase } from "../helpers/database.ts";

/**
 * Statements whose text is built once (src/db/statements.ts), on a real
 * database of each kind: the rows they return are the builder's rows for the
 * same values (dates, jsonb, text[], nulls), they run inside the transaction
 * they are given (a rollback takes their change with it), their errors are
 * the builder's, and a value fixed at build time is refused.
 */
const probes = pgTable("statement_probes", {
  id: text("id").primaryKey(),
  n: integer("n"),
  at: timestamp("at", { withTimezone: true, mode: "date" }),
  day: date("day", { mode: "string" }),
  doc: jsonb("doc").$type<Record<string, unknown> | unknown[] | string | null>(),
  tags: text("tags").array(),
  note: text("note"),
});
type ProbeInsert = typeof probes.$inferInsert;
type ProbeValues = { [K in keyof Required<ProbeInsert>]: Exclude<ProbeInsert[K], undefined> };

let testDb: TestDatabase;
let db: Db;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
  await db.execute(sql.raw(`CREATE TABLE statement_probes (id text PRIMARY KEY, n integer, at timestamptz, day date, doc jsonb, tags text[], note text)`));
});

afterAll(async () => {
  await testDb.drop();
});

let builds = 0;
const insertProbe = statement((h, p: Placeholders<ProbeValues>) => {
  builds++;
  return h.insert(probes).values({ id: p.id, n: p.n, at: p.at, day: p.day, doc: p.doc, tags: p.tags, note: p.note }).returning();
});
const probeById = statement((h, p: Placeholders<{ id: string }>) => h.select().from(probes).where(eq(probes.id, p.id)));
const touchProbe = statement((h, p: Placeholders<{ id: string; at: Date | null; n: number }>) =>
  h
    .update(probes)
    .set({ at: encoded(probes.at, p.at), n: sql`${probes.n} + ${p.n}` })
    .where(eq(probes.id, p.id))
    .returning({ id: probes.id, at: probes.at, n: probes.n }),
);
const probesIn = statement((h, p: Placeholders<{ ids: string[] }>) =>
  h.select({ id: probes.id }).from(probes).where(sql`${probes.id} = ANY(${p.ids})`).orderBy(probes.id),
);

const cases: Omit<ProbeValues, "id">[] = [
  {
    n: 42,
    at: new Date("2031-02-03T04:05:06.789Z"),
    day: "2031-12-31",
    doc: { po: "PO-1", nested: { a: [1, "two", null] }, quote: 'say "hi"\\' },
    tags: ["a", "b,c", 'd"e', "", "NULL"],
    note: "l'été",
  },
  { n: null, at: null, day: null, doc: null, tags: null, note: null },
  { n: 0, at: new Date(0), day: "1999-01-01", doc: [], tags: [], note: "" },
  { n: -7, at: new Date("2031-06-30T23:59:59.000Z"), day: "2000-02-29", doc: "a jsonb string", tags: ["only"], note: "x" },
];

const stored = async (id: string) =>
  rowsOf<{ doc_is_null: boolean; doc_text: string | null; tags_text: string | null; at_text: string | null }>(
    await db.execute(
      sql`SELECT doc IS NULL AS doc_is_null, doc::text AS doc_text, tags::text AS tags_text, (at AT TIME ZONE 'UTC')::text AS at_text FROM statement_probes WHERE id = ${id}`,
    ),
  )[0];

describe(`statements built once (${testDbKind()})`, () => {
  it("returns the builder's rows for the same values, and stores what the builder stores", async () => {
    for (const [i, values] of cases.entries()) {
      const [viaBuilder] = await db
        .insert(probes)
        .values({ id: `b${i}`, ...values })
        .returning();
      const [viaStatement] = await insertProbe.run(db, { id: `s${i}`, ...values });
      expect({ ...viaStatement, id: "" }).toEqual({ ...viaBuilder, id: "" });
      // Types as the builder maps them, not as the driver would have left them.
      if (values.at) expect(viaStatement!.at).toBeInstanceOf(Date);
      expect(await probeById.run(db, { id: `s${i}` })).toEqual([viaStatement]);
      expect(await probeById.run(db, { id: `b${i}` })).toEqual(
        await db
          .select()
          .from(probes)
          .where(eq(probes.id, `b${i}`)),
      );
      // A null is SQL NULL as with the builder (not the jsonb 'null' its column would encode it as).
      expect(await stored(`s${i}`)).toEqual(await stored(`b${i}`));
    }
    expect((await stored("s1"))!.doc_is_null).toBe(true);
    expect(builds).toBe(1);
    // Typed as the builder's rows, by the builder.
    expectTypeOf(insertProbe.run).returns.resolves.toEqualTypeOf<(typeof probes.$inferSelect)[]>();
    expectTypeOf(touchProbe.run).returns.resolves.toEqualTypeOf<{ id: string; at: Date | null; n: number | null }[]>();
    expectTypeOf(touchProbe.run).parameter(1).toEqualTypeOf<{ id: string; at: Date | null; n: number }>();
  });

  it("encodes a value through its column where Drizzle leaves a placeholder bare, and sends arrays as arrays", async () => {
    const at = new Date("2032-01-02T03:04:05.006Z");
    expect(await touchProbe.run(db, { id: "s0", at, n: 1 })).toEqual([{ id: "s0", at, n: 43 }]);
    expect(await touchProbe.run(db, { id: "s0", at: null, n: 1 })).toEqual([{ id: "s0", at: null, n: 44 }]);
    expect(await probesIn.run(db, { ids: ["s2", "b1", "nope"] })).toEqual([{ id: "b1" }, { id: "s2" }]);
    expect(await probesIn.run(db, { ids: [] })).toEqual([]);
  });

  it("runs in the transaction it is given: a rollback takes its change, a commit keeps it", async () => {
    const rolledBack = await db
      .transaction(async (tx) => {
        await insertProbe.run(tx, { id: "tx1", n: 1, at: new Date(), day: null, doc: { in: "tx" }, tags: ["t"], note: null });
        // Seen by the transaction's later statements.
        expect(await probeById.run(tx, { id: "tx1" })).toHaveLength(1);
        throw new Error("changed my mind");
      })
      .catch((error: unknown) => error);
    expect(rolledBack).toMatchObject({ message: "changed my mind" });
    expect(await probeById.run(db, { id: "tx1" })).toEqual([]);

    await db.transaction(async (tx) => {
      await insertProbe.run(tx, { id: "tx2", n: 2, at: null, day: null, doc: null, tags: null, note: null });
      await touchProbe.run(tx, { id: "tx2", at: new Date(5), n: 1 });
    });
    expect(await probeById.run(db, { id: "tx2" })).toMatchObject([{ id: "tx2", n: 3, at: new Date(5) }]);
  });

  it("fails as the builder fails: a unique violation is one, and rolls the transaction back", async () => {
    const values = { n: 1, at: null, day: null, doc: null, tags: null, note: null };
    const viaBuilder = await db
      .insert(probes)
      .values({ id: "s0", ...values })
      .catch((error: unknown) => error);
    const viaStatement = await insertProbe.run(db, { id: "s0", ...values }).catch((error: unknown) => error);
    expect(isUniqueViolation(viaBuilder, "statement_probes_pkey")).toBe(true);
    expect(isUniqueViolation(viaStatement, "statement_probes_pkey")).toBe(true);
    expect((viaStatement as Error).constructor).toBe((viaBuilder as Error).constructor);

    const inTx = await db
      .transaction(async (tx) => {
        await insertProbe.run(tx, { id: "tx3", ...values });
        await insertProbe.run(tx, { id: "s0", ...values });
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(inTx)).toBe(true);
    expect(await probeById.run(db, { id: "tx3" })).toEqual([]);
  });

  it("refuses a value fixed when the statement is built, a missing value, and a bare value the driver would encode differently", async () => {
    const fixed = statement((h, p: Placeholders<{ id: string }>) =>
      h
        .select()
        .from(probes)
        .where(and(eq(probes.id, p.id), eq(probes.note, "fixed"))),
    );
    await expect(fixed.run(db, { id: "s0" })).rejects.toThrow(/\$2 .* is a value fixed when it was built \(fixed\)/);
    const seen = "s0";
    const captured = statement((h) => h.select().from(probes).where(sql`${probes.id} = ${seen}`));
    await expect(captured.run(db, {})).rejects.toThrow(/\$1 .* is a value fixed when it was built \(s0\)/);
    // A number in the statement itself (Drizzle makes LIMIT a parameter) is the same at every run.
    const first = statement((h, p: Placeholders<{ ids: string[] }>) =>
      h.select({ id: probes.id }).from(probes).where(sql`${probes.id} = ANY(${p.ids})`).orderBy(probes.id).limit(1),
    );
    expect(await first.run(db, { ids: ["s2", "b1"] })).toEqual([{ id: "b1" }]);
    await expect(probeById.run(db, {} as { id: string })).rejects.toThrow('no value for placeholder "id"');
    const bareDate = statement((h, p: Placeholders<{ at: Date }>) => h.select().from(probes).where(eq(probes.at, p.at)));
    await expect(bareDate.run(db, { at: new Date() })).rejects.toThrow(/"at" is bare .*encoded\(column, p\.at\)/);
  });
});
