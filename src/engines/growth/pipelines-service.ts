import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { ApiError, invalidField, notFound, unknownReference } from "../../platform/errors.ts";
import { previousAttributes, write, type Emit, type WriteContext } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import { defineList, jsonOf, listJson, listPage, type Page } from "../../platform/lists.ts";
import { deals } from "./deals-table.ts";
import { Pipeline, Stage, type CreatePipelineInput, type PipelineApi, type StageInputApi, type UpdatePipelineInput } from "./pipelines-schemas.ts";
import { pipelines, pipelineStages, type PipelineRow, type StageKind, type StageRow } from "./pipelines-table.ts";
import { ownedRow } from "../../platform/owned-rows.ts";

export function pipelineToApi(row: PipelineRow, stages: StageRow[]): PipelineApi {
  return {
    id: row.id,
    object: "pipeline",
    name: row.name,
    is_default: row.isDefault,
    stages: stages
      .filter((s) => s.pipelineId === row.id)
      .sort((a, b) => a.position - b.position)
      .map((s) => ({ id: s.id, name: s.name, position: s.position, probability: s.probability, kind: s.kind })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What every organization's pipeline looks like until it is changed. */
const DEFAULT_STAGES: StageInputApi[] = [
  { name: "Lead in", probability: 10 },
  { name: "Qualified", probability: 25 },
  { name: "Proposal", probability: 50 },
  { name: "Negotiation", probability: 75 },
  { name: "Closed won", kind: "won" },
  { name: "Closed lost", kind: "lost" },
];

export const pipelineList = defineList({
  table: pipelines,
  tiebreak: pipelines.id,
  filters: {
    name: { kind: "text", column: pipelines.name, contains: true },
    created_at: { kind: "datetime", column: pipelines.createdAt },
  },
  sorts: { created_at: pipelines.createdAt, name: pipelines.name },
  defaultSort: "created_at",
  // pipelineToApi, in SQL (see JsonItem): the stages from their table, by position (unique in a pipeline).
  json: {
    schema: Pipeline,
    fields: {
      id: jsonOf.text(pipelines.id),
      object: jsonOf.literal("pipeline"),
      name: jsonOf.text(pipelines.name),
      is_default: jsonOf.boolean(pipelines.isDefault),
      stages: jsonOf.array(
        jsonOf.object(Stage, {
          id: jsonOf.text(pipelineStages.id),
          name: jsonOf.text(pipelineStages.name),
          position: jsonOf.integer(pipelineStages.position),
          probability: jsonOf.integer(pipelineStages.probability),
          kind: jsonOf.text(pipelineStages.kind),
        }),
        sql`${pipelineStages} WHERE ${pipelineStages.orgId} = ${pipelines.orgId} AND ${pipelineStages.pipelineId} = ${pipelines.id}`,
        sql`${pipelineStages.position}`,
      ),
      created_at: jsonOf.timestamp(pipelines.createdAt),
      updated_at: jsonOf.timestamp(pipelines.updatedAt),
    },
  },
});

async function stagesOf(db: Db | Tx, orgId: string, pipelineIds: string[]): Promise<StageRow[]> {
  if (pipelineIds.length === 0) return [];
  return db
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.orgId, orgId), inArray(pipelineStages.pipelineId, pipelineIds)))
    .orderBy(asc(pipelineStages.position));
}

/** Every organization has a default pipeline by the time it lists them. */
async function ensureDefault(db: Db, orgId: string, now: Date): Promise<void> {
  await write(db, { orgId, requestId: null, idempotencyKey: null, now }, (tx, emit) => ensureDefaultPipeline(tx, emit, orgId, now));
}

export async function listPipelines(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<PipelineApi>> {
  await ensureDefault(db, orgId, now);
  const page = await listPage(db, pipelineList.spec, pipelineList.parse(orgId, query, now), (row: PipelineRow) => row);
  const stages = await stagesOf(
    db,
    orgId,
    page.data.map((p) => p.id),
  );
  return { ...page, data: page.data.map((p) => pipelineToApi(p, stages)) };
}

/** listPipelines as the response body (JSON text written by the database). */
export async function listPipelinesJson(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<string> {
  await ensureDefault(db, orgId, now);
  return listJson(db, pipelineList.spec, pipelineList.parse(orgId, query, now), now);
}

export async function getPipeline(db: Db | Tx, orgId: string, id: string): Promise<PipelineApi> {
  const row = await ownedRow(db, pipelines, orgId, id, "pipeline");
  return pipelineToApi(row, await stagesOf(db, orgId, [id]));
}

async function lockPipeline(tx: Tx, orgId: string, id: string): Promise<{ row: PipelineRow; stages: StageRow[] }> {
  const row = await ownedRow(tx, pipelines, orgId, id, "pipeline", "update");
  // Stages locked too: a deal being put in one (which share-locks it) either commits first and is
  // counted, or waits and then finds its stage gone.
  const stages = await tx
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.orgId, orgId), eq(pipelineStages.pipelineId, id)))
    .orderBy(asc(pipelineStages.position))
    .for("update");
  return { row, stages };
}

/** The stage list as it will be stored: kinds and probabilities settled, names unique, one open stage at least. */
function settleStages(input: StageInputApi[]): (StageInputApi & { kind: StageKind; probability: number })[] {
  const names = new Set<string>();
  const settled = input.map((stage, i) => {
    const kind = stage.kind ?? "open";
    const fixed = kind === "won" ? 100 : kind === "lost" ? 0 : undefined;
    if (fixed !== undefined && stage.probability !== undefined && stage.probability !== fixed) {
      throw invalidField("body", `stages[${i}].probability`, `must be ${fixed} for a ${kind} stage (or left out)`);
    }
    if (fixed === undefined && stage.probability === undefined) throw invalidField("body", `stages[${i}].probability`, "is required for an open stage");
    const key = stage.name.trim().toLowerCase();
    if (names.has(key)) throw invalidField("body", `stages[${i}].name`, `repeats the name of another stage ("${stage.name}")`);
    names.add(key);
    return { ...stage, kind, probability: fixed ?? stage.probability! };
  });
  if (!settled.some((s) => s.kind === "open")) throw invalidField("body", "stages", "must include at least one open stage");
  return settled;
}

async function insertPipeline(tx: Tx, emit: Emit, ctx: { orgId: string; now: Date }, name: string, stages: StageInputApi[], isDefault: boolean) {
  const [row] = await tx
    .insert(pipelines)
    .values({ orgId: ctx.orgId, id: newId("pipeline"), name, isDefault, createdAt: ctx.now, updatedAt: ctx.now })
    .onConflictDoNothing({ target: pipelines.orgId, where: sql`is_default` })
    .returning();
  if (!row) return undefined; // another transaction made the default pipeline first (only ensureDefaultPipeline races for it)
  const stageRows = await tx
    .insert(pipelineStages)
    .values(
      settleStages(stages).map((s, position) => ({
        orgId: ctx.orgId,
        id: newId("stage"),
        pipelineId: row.id,
        name: s.name,
        position,
        probability: s.probability,
        kind: s.kind,
      })),
    )
    .returning();
  const object = pipelineToApi(row, stageRows);
  emit({ type: "pipeline.created", object });
  return object;
}

/**
 * The organization's default pipeline, made on first need (the first list of
 * pipelines or the first deal), so every organization, including those older
 * than the growth engine, has one whenever it looks. Returns its id.
 */
export async function ensureDefaultPipeline(tx: Tx, emit: Emit, orgId: string, now: Date): Promise<string> {
  const find = async () =>
    (
      await tx
        .select({ id: pipelines.id })
        .from(pipelines)
        .where(and(eq(pipelines.orgId, orgId), eq(pipelines.isDefault, true)))
    )[0]?.id;
  const existing = await find();
  if (existing) return existing;
  const made = await insertPipeline(tx, emit, { orgId, now }, "Sales", DEFAULT_STAGES, true);
  return made?.id ?? (await find())!;
}

/**
 * Makes way for a new default: the organization's changes of default are
 * serialized (two at once would both see the old default and then collide),
 * and the pipeline that stops being the default says so in pipeline.updated.
 */
async function clearDefault(tx: Tx, emit: Emit, ctx: WriteContext): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`default-pipeline:${ctx.orgId}`}))`);
  const current = await tx
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.orgId, ctx.orgId), eq(pipelines.isDefault, true)))
    .for("update");
  for (const row of current) {
    const stages = await stagesOf(tx, ctx.orgId, [row.id]);
    const [after] = await tx
      .update(pipelines)
      .set({ isDefault: false, updatedAt: ctx.now })
      .where(and(eq(pipelines.orgId, ctx.orgId), eq(pipelines.id, row.id)))
      .returning();
    emit({ type: "pipeline.updated", object: pipelineToApi(after!, stages), previous: { is_default: true } });
  }
}

export async function createPipeline(db: Db, ctx: WriteContext, input: CreatePipelineInput): Promise<PipelineApi> {
  return write(db, ctx, async (tx, emit) => {
    if (input.is_default) {
      await ensureDefaultPipeline(tx, emit, ctx.orgId, ctx.now); // so the one it replaces is in the record
      await clearDefault(tx, emit, ctx);
    }
    const made = await insertPipeline(tx, emit, ctx, input.name, input.stages, input.is_default ?? false);
    if (!made) throw new Error("the default pipeline changed under an advisory lock");
    return made;
  });
}

async function dealsPerStage(tx: Tx, orgId: string, stageIds: string[]): Promise<Map<string, number>> {
  if (stageIds.length === 0) return new Map();
  const rows = await tx
    .select({ stageId: deals.stageId, n: count() })
    .from(deals)
    .where(and(eq(deals.orgId, orgId), inArray(deals.stageId, stageIds)))
    .groupBy(deals.stageId);
  return new Map(rows.map((r) => [r.stageId, Number(r.n)]));
}

function stageHoldsDeals(stage: StageRow, n: number, what: string): ApiError {
  return new ApiError("conflict", `The stage "${stage.name}" (${stage.id}) holds ${n} deal${n === 1 ? "" : "s"}; ${what}. Move them to another stage first.`, {
    stage_id: stage.id,
    deal_count: n,
  });
}

/** Replaces a pipeline's stage list: kept by id, added without one, the rest deleted (refused while they hold deals). */
async function replaceStages(tx: Tx, ctx: WriteContext, pipelineId: string, current: StageRow[], input: StageInputApi[]): Promise<void> {
  const settled = settleStages(input);
  const byId = new Map(current.map((s) => [s.id, s]));
  settled.forEach((s, i) => {
    if (s.id && !byId.has(s.id)) throw unknownReference(`stages[${i}].id`, "stage of this pipeline", s.id);
    if (s.id && settled.findIndex((o) => o.id === s.id) !== i) throw invalidField("body", `stages[${i}].id`, "names a stage already listed");
  });
  const kept = new Set(settled.flatMap((s) => (s.id ? [s.id] : [])));
  const removed = current.filter((s) => !kept.has(s.id));
  const changedKind = settled.filter((s) => s.id && byId.get(s.id)!.kind !== s.kind);
  const held = await dealsPerStage(
    tx,
    ctx.orgId,
    [...removed, ...changedKind.map((s) => byId.get(s.id!)!)].map((s) => s.id),
  );
  for (const stage of removed) {
    const n = held.get(stage.id);
    if (n) throw stageHoldsDeals(stage, n, "it cannot be deleted");
  }
  for (const s of changedKind) {
    const n = held.get(s.id!);
    if (n) throw stageHoldsDeals(byId.get(s.id!)!, n, "its kind cannot change");
  }
  if (removed.length > 0) {
    await tx.delete(pipelineStages).where(
      and(
        eq(pipelineStages.orgId, ctx.orgId),
        inArray(
          pipelineStages.id,
          removed.map((s) => s.id),
        ),
      ),
    );
  }
  for (const [position, s] of settled.entries()) {
    const values = { name: s.name, position, probability: s.probability, kind: s.kind };
    if (s.id) {
      await tx
        .update(pipelineStages)
        .set(values)
        .where(and(eq(pipelineStages.orgId, ctx.orgId), eq(pipelineStages.id, s.id)));
    } else {
      await tx.insert(pipelineStages).values({ orgId: ctx.orgId, id: newId("stage"), pipelineId, ...values });
    }
  }
}

/** Applies a change to a locked pipeline and emits pipeline.updated with what changed. */
async function changePipeline(
  tx: Tx,
  emit: Emit,
  ctx: WriteContext,
  locked: { row: PipelineRow; stages: StageRow[] },
  input: UpdatePipelineInput,
): Promise<PipelineApi> {
  const { row, stages } = locked;
  const before = pipelineToApi(row, stages);
  if (input.stages) await replaceStages(tx, ctx, row.id, stages, input.stages);
  if (input.is_default && !row.isDefault) await clearDefault(tx, emit, ctx);
  await tx
    .update(pipelines)
    .set({ name: input.name ?? row.name, isDefault: row.isDefault || input.is_default === true, updatedAt: ctx.now })
    .where(and(eq(pipelines.orgId, ctx.orgId), eq(pipelines.id, row.id)));
  const after = await getPipeline(tx, ctx.orgId, row.id);
  const previous = previousAttributes(before, after);
  if (Object.keys(previous).length > 0) emit({ type: "pipeline.updated", object: after, previous });
  return after;
}

export async function updatePipeline(db: Db, ctx: WriteContext, id: string, input: UpdatePipelineInput): Promise<PipelineApi> {
  return write(db, ctx, async (tx, emit) => changePipeline(tx, emit, ctx, await lockPipeline(tx, ctx.orgId, id), input));
}

export async function deleteStage(db: Db, ctx: WriteContext, pipelineId: string, stageId: string): Promise<PipelineApi> {
  return write(db, ctx, async (tx, emit) => {
    const locked = await lockPipeline(tx, ctx.orgId, pipelineId);
    const stage = locked.stages.find((s) => s.id === stageId);
    if (!stage) throw notFound("stage in this pipeline", stageId);
    const rest = locked.stages.filter((s) => s.id !== stageId);
    if (!rest.some((s) => s.kind === "open")) {
      throw new ApiError("conflict", `"${stage.name}" is the pipeline's last open stage; a pipeline needs one. Add another open stage first.`, {
        stage_id: stage.id,
      });
    }
    const stages = rest.map(({ id, name, probability, kind }) => ({ id, name, probability, kind }));
    return changePipeline(tx, emit, ctx, locked, { stages });
  });
}

export async function deletePipeline(db: Db, ctx: WriteContext, id: string): Promise<{ id: string; object: "pipeline"; deleted: true }> {
  await write(db, ctx, async (tx, emit) => {
    const { row, stages } = await lockPipeline(tx, ctx.orgId, id);
    if (row.isDefault) {
      throw new ApiError("conflict", "The default pipeline cannot be deleted; make another pipeline the default first.");
    }
    const [held] = await tx
      .select({ n: count() })
      .from(deals)
      .where(and(eq(deals.orgId, ctx.orgId), eq(deals.pipelineId, id)));
    if (Number(held?.n) > 0) {
      throw new ApiError("conflict", `The pipeline holds ${held!.n} deal(s); move or delete them first.`, { deal_count: Number(held!.n) });
    }
    await tx.delete(pipelineStages).where(and(eq(pipelineStages.orgId, ctx.orgId), eq(pipelineStages.pipelineId, id)));
    await tx.delete(pipelines).where(and(eq(pipelines.orgId, ctx.orgId), eq(pipelines.id, id)));
    emit({ type: "pipeline.deleted", object: pipelineToApi(row, stages) });
  });
  return { id, object: "pipeline", deleted: true };
}

/**
 * Where a deal goes: a stage of the given pipeline (its first open stage when
 * none is named), or the named stage's pipeline, or the default pipeline.
 */
export async function resolveStage(tx: Tx, emit: Emit, ctx: WriteContext, pipelineId: string | undefined, stageId: string | undefined): Promise<StageRow> {
  if (stageId) {
    // Not ownedRow: an unknown stage_id is a field of the body (422 naming it), not a missing resource (404).
    const [stage] = await tx
      .select()
      .from(pipelineStages)
      .where(and(eq(pipelineStages.orgId, ctx.orgId), eq(pipelineStages.id, stageId)))
      .for("share");
    if (!stage) throw unknownReference("stage_id", "stage", stageId);
    if (pipelineId && stage.pipelineId !== pipelineId) {
      throw invalidField("body", "stage_id", `is a stage of another pipeline (${stage.pipelineId}), not of ${pipelineId}`);
    }
    return stage;
  }
  const id = pipelineId ?? (await ensureDefaultPipeline(tx, emit, ctx.orgId, ctx.now));
  const [stage] = await tx
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.orgId, ctx.orgId), eq(pipelineStages.pipelineId, id), eq(pipelineStages.kind, "open")))
    .orderBy(asc(pipelineStages.position))
    .limit(1)
    .for("share");
  if (!stage) throw unknownReference("pipeline_id", "pipeline", id);
  return stage;
}

/** Stage names and probabilities, for the dossier's pipeline breakdown. */
export async function stagesById(db: Db, orgId: string, ids: string[]): Promise<Map<string, StageRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(pipelineStages)
    .where(and(eq(pipelineStages.orgId, orgId), inArray(pipelineStages.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}
