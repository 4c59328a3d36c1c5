import { and, desc, eq, gt, notExists, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/connection.ts";
import { rowsOf } from "../db/rows.ts";
import { financeFigures } from "../engines/finance/invoices-figures.ts";
import { growthFigures } from "../engines/growth/figures.ts";
import { talentFigures } from "../engines/talent/figures.ts";
import { notFound } from "../platform/errors.ts";
import { insertEvents, write, type WriteContext } from "../platform/events/outbox.ts";
import { newId } from "../platform/ids.ts";
import { defineList, listPage, type Page } from "../platform/lists.ts";
import { orgs } from "../platform/orgs/orgs-table.ts";
import type { SnapshotApi, SnapshotFigures } from "./snapshots-schemas.ts";
import { SNAPSHOT_TRIGGERS, snapshots, type SnapshotRow, type SnapshotTrigger } from "./snapshots-table.ts";
import { ownedRow } from "../platform/owned-rows.ts";

export function snapshotToApi(row: SnapshotRow): SnapshotApi {
  return { id: row.id, object: "intelligence_snapshot", trigger: row.trigger, generated_at: row.createdAt.toISOString(), ...row.figures };
}

/** Each engine summarizes itself; the snapshot puts the three side by side. */
export async function computeFigures(db: Db, orgId: string, now: Date): Promise<SnapshotFigures> {
  const [finance, growth, talent] = await Promise.all([financeFigures(db, orgId, now), growthFigures(db, orgId, now), talentFigures(db, orgId, now)]);
  return { finance, growth, talent };
}

async function store(db: Db, ctx: WriteContext, trigger: SnapshotTrigger, figures: SnapshotFigures): Promise<SnapshotApi> {
  return write(db, ctx, async (tx, emit) => {
    const [row] = await tx
      .insert(snapshots)
      .values({ orgId: ctx.orgId, id: newId("snapshot"), trigger, figures, createdAt: ctx.now })
      .returning();
    const object = snapshotToApi(row!);
    emit({ type: "intelligence.snapshot_created", object });
    return object;
  });
}

/** POST /v1/intelligence/snapshots: computed now, stored, announced. */
export async function takeSnapshot(db: Db, ctx: WriteContext): Promise<SnapshotApi> {
  return store(db, ctx, "manual", await computeFigures(db, ctx.orgId, ctx.now));
}

export const snapshotList = defineList({
  table: snapshots,
  tiebreak: snapshots.id,
  filters: {
    trigger: { kind: "enum", column: snapshots.trigger, values: SNAPSHOT_TRIGGERS },
    generated_at: { kind: "datetime", column: snapshots.createdAt },
  },
  sorts: { generated_at: snapshots.createdAt },
  defaultSort: "-generated_at",
});

export async function listSnapshots(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<SnapshotApi>> {
  return listPage(db, snapshotList.spec, snapshotList.parse(orgId, query, now), snapshotToApi);
}

export async function getSnapshot(db: Db, orgId: string, id: string): Promise<SnapshotApi> {
  return snapshotToApi(await ownedRow(db, snapshots, orgId, id, "snapshot"));
}

export async function latestSnapshot(db: Db, orgId: string): Promise<SnapshotApi> {
  const [row] = await db.select().from(snapshots).where(eq(snapshots.orgId, orgId)).orderBy(desc(snapshots.createdAt), desc(snapshots.id)).limit(1);
  if (!row) throw notFound("snapshot", "latest (none has been computed yet; POST /v1/intelligence/snapshots makes one)");
  return snapshotToApi(row);
}

const BATCH = 20;

/**
 * The scheduler's part: a snapshot for every organization whose newest one is
 * older than `everyHours`. An organization is taken under a transaction-scoped
 * advisory lock and checked again inside it, so schedulers in several
 * processes never compute the same one twice. Returns how many it made.
 */
export async function takeScheduledSnapshots(db: Db, now: Date, everyHours: number): Promise<number> {
  if (everyHours <= 0) return 0;
  const cutoff = new Date(now.getTime() - everyHours * 3_600_000);
  const freshSince = (orgId: typeof orgs.id | string) => and(eq(snapshots.orgId, orgId), gt(snapshots.createdAt, cutoff));
  let made = 0;
  for (;;) {
    const due = await db
      .select({ id: orgs.id })
      .from(orgs)
      .where(notExists(db.select({ id: snapshots.id }).from(snapshots).where(freshSince(orgs.id))))
      .orderBy(orgs.id)
      .limit(BATCH);
    let batch = 0;
    for (const { id: orgId } of due) batch += await snapshotIfDue(db, orgId, now, freshSince(orgId));
    made += batch;
    // A short batch was the last; one that made nothing holds only organizations other schedulers have.
    if (due.length < BATCH || batch === 0) return made;
  }
}

/** One organization's scheduled snapshot, unless another scheduler holds it or it is fresh after all. Returns 1 when made. */
async function snapshotIfDue(db: Db, orgId: string, now: Date, fresh: SQL | undefined): Promise<number> {
  const ctx: WriteContext = { orgId, requestId: null, idempotencyKey: null, now };
  return db.transaction(async (tx) => {
    const locked = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(hashtext(${`snapshot:${orgId}`})) AS got`);
    if (!rowsOf<{ got: boolean }>(locked)[0]?.got) return 0; // another scheduler has this organization
    if ((await tx.select({ id: snapshots.id }).from(snapshots).where(fresh).limit(1)).length > 0) return 0;
    const figures = await computeFigures(tx, orgId, now);
    const [row] = await tx
      .insert(snapshots)
      .values({ orgId, id: newId("snapshot"), trigger: "scheduled", figures, createdAt: now })
      .returning();
    await insertEvents(db, tx, ctx, [{ type: "intelligence.snapshot_created", object: snapshotToApi(row!) }]);
    return 1;
  });
}
