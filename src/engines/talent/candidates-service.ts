import { and, asc, eq, max, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { ApiError } from "../../platform/errors.ts";
import { previousAttributes, write, type Emit, type WriteContext } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import { defineList, jsonOf, listJson, listPage, type Page } from "../../platform/lists.ts";
import { CandidateSummary, type CandidateApi, type CandidateSummaryApi, type CreateCandidateInput, type UpdateCandidateInput } from "./candidates-schemas.ts";
import { CANDIDATE_STAGES, candidateStageChanges, candidates, type CandidateRow, type CandidateStage, type StageChangeRow } from "./candidates-table.ts";
import { requireOpenJob } from "./jobs-service.ts";
import { ownedRow } from "../../platform/owned-rows.ts";

/** Where a candidate may go from each stage. */
export const NEXT_STAGES: Record<CandidateStage, readonly CandidateStage[]> = {
  applied: ["screening", "rejected"],
  screening: ["interview", "rejected"],
  interview: ["offer", "rejected"],
  offer: ["hired", "rejected"],
  hired: [],
  rejected: ["applied"],
};

export function candidateSummary(row: CandidateRow): CandidateSummaryApi {
  return {
    id: row.id,
    object: "candidate",
    job_id: row.jobId,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    stage: row.stage,
    source: row.source,
    rating: row.rating,
    resume_url: row.resumeUrl,
    notes: row.notes,
    metadata: row.metadata,
    stage_changed_at: row.stageChangedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function candidateToApi(row: CandidateRow, history: StageChangeRow[]): CandidateApi {
  return {
    ...candidateSummary(row),
    history: history.map((h) => ({ from: h.fromStage, to: h.toStage, changed_at: h.changedAt.toISOString() })),
  };
}

export const candidateList = defineList({
  table: candidates,
  tiebreak: candidates.id,
  filters: {
    job_id: { kind: "id", column: candidates.jobId, idKind: "job" },
    stage: { kind: "enum", column: candidates.stage, values: CANDIDATE_STAGES },
    source: { kind: "text", column: candidates.source },
    rating: { kind: "integer", column: candidates.rating },
    email: { kind: "text", column: candidates.email, normalize: (v) => v.toLowerCase() },
    stage_changed_at: { kind: "datetime", column: candidates.stageChangedAt },
    created_at: { kind: "datetime", column: candidates.createdAt },
    updated_at: { kind: "datetime", column: candidates.updatedAt },
  },
  sorts: {
    created_at: candidates.createdAt,
    updated_at: candidates.updatedAt,
    stage_changed_at: candidates.stageChangedAt,
    rating: candidates.rating,
    last_name: candidates.lastName,
  },
  defaultSort: "-created_at",
  search: [candidates.email, sql`concat_ws(' ', ${candidates.firstName}, ${candidates.lastName})`],
  // candidateSummary, in SQL (see JsonItem).
  json: {
    schema: CandidateSummary,
    fields: {
      id: jsonOf.text(candidates.id),
      object: jsonOf.literal("candidate"),
      job_id: jsonOf.text(candidates.jobId),
      first_name: jsonOf.text(candidates.firstName),
      last_name: jsonOf.text(candidates.lastName),
      email: jsonOf.text(candidates.email),
      phone: jsonOf.text(candidates.phone),
      stage: jsonOf.text(candidates.stage),
      source: jsonOf.text(candidates.source),
      rating: jsonOf.integer(candidates.rating),
      resume_url: jsonOf.text(candidates.resumeUrl),
      notes: jsonOf.text(candidates.notes),
      metadata: jsonOf.stringRecord(candidates.metadata),
      stage_changed_at: jsonOf.timestamp(candidates.stageChangedAt),
      created_at: jsonOf.timestamp(candidates.createdAt),
      updated_at: jsonOf.timestamp(candidates.updatedAt),
    },
  },
});

export async function listCandidates(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<CandidateSummaryApi>> {
  return listPage(db, candidateList.spec, candidateList.parse(orgId, query, now), candidateSummary);
}

/** listCandidates as the response body (JSON text written by the database). */
export async function listCandidatesJson(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<string> {
  return listJson(db, candidateList.spec, candidateList.parse(orgId, query, now), now);
}

async function historyOf(db: Db | Tx, orgId: string, id: string): Promise<StageChangeRow[]> {
  return db
    .select()
    .from(candidateStageChanges)
    .where(and(eq(candidateStageChanges.orgId, orgId), eq(candidateStageChanges.candidateId, id)))
    .orderBy(asc(candidateStageChanges.seq));
}

export async function getCandidate(db: Db, orgId: string, id: string): Promise<CandidateApi> {
  const row = await ownedRow(db, candidates, orgId, id, "candidate");
  return candidateToApi(row, await historyOf(db, orgId, id));
}

function lockCandidate(tx: Tx, orgId: string, id: string): Promise<CandidateRow> {
  return ownedRow(tx, candidates, orgId, id, "candidate", "update");
}

async function recordStage(tx: Tx, orgId: string, candidateId: string, from: CandidateStage | null, to: CandidateStage, at: Date): Promise<void> {
  const [last] = await tx
    .select({ seq: max(candidateStageChanges.seq) })
    .from(candidateStageChanges)
    .where(and(eq(candidateStageChanges.orgId, orgId), eq(candidateStageChanges.candidateId, candidateId)));
  await tx.insert(candidateStageChanges).values({ orgId, candidateId, seq: (last?.seq ?? 0) + 1, fromStage: from, toStage: to, changedAt: at });
}

async function withEmailConflicts<T>(email: string | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!email || !isUniqueViolation(error, "candidates_org_job_email_key")) throw error;
    throw new ApiError("conflict", `A candidate with the email ${email} already applied to this job.`, {
      errors: [{ in: "body", field: "email", message: "is already used by another candidate for this job" }],
    });
  }
}

export async function createCandidate(db: Db, ctx: WriteContext, input: CreateCandidateInput): Promise<CandidateApi> {
  const email = input.email.toLowerCase();
  return withEmailConflicts(email, () =>
    write(db, ctx, async (tx, emit) => {
      await requireOpenJob(tx, ctx.orgId, input.job_id);
      const [row] = await tx
        .insert(candidates)
        .values({
          orgId: ctx.orgId,
          id: newId("candidate"),
          jobId: input.job_id,
          firstName: input.first_name,
          lastName: input.last_name,
          email,
          phone: input.phone ?? null,
          stage: "applied",
          source: input.source ?? null,
          rating: input.rating ?? null,
          resumeUrl: input.resume_url ?? null,
          notes: input.notes ?? null,
          metadata: input.metadata ?? {},
          stageChangedAt: ctx.now,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
      await recordStage(tx, ctx.orgId, row!.id, null, "applied", ctx.now);
      const object = candidateToApi(row!, await historyOf(tx, ctx.orgId, row!.id));
      emit({ type: "candidate.created", object });
      return object;
    }),
  );
}

function refuseMove(from: CandidateStage, to: CandidateStage): ApiError {
  const allowed = NEXT_STAGES[from];
  return new ApiError(
    "invalid_state_transition",
    `A candidate cannot move from ${from} to ${to}; ${allowed.length > 0 ? `from ${from} it can move to ${allowed.join(" or ")}` : `${from} is final`}.`,
    { current_stage: from, allowed_next_stages: allowed, errors: [{ in: "body", field: "stage", message: `cannot move from ${from} to ${to}` }] },
  );
}

export async function updateCandidate(db: Db, ctx: WriteContext, id: string, input: UpdateCandidateInput): Promise<CandidateApi> {
  const email = input.email?.toLowerCase();
  return withEmailConflicts(email, () =>
    write(db, ctx, async (tx, emit) => {
      const before = await lockCandidate(tx, ctx.orgId, id);
      const moving = input.stage !== undefined && input.stage !== before.stage;
      if (moving && !NEXT_STAGES[before.stage].includes(input.stage!)) throw refuseMove(before.stage, input.stage!);
      const historyBefore = await historyOf(tx, ctx.orgId, id);
      const [after] = await tx
        .update(candidates)
        .set({
          firstName: input.first_name ?? before.firstName,
          lastName: input.last_name ?? before.lastName,
          email: email ?? before.email,
          phone: input.phone === undefined ? before.phone : input.phone,
          source: input.source === undefined ? before.source : input.source,
          rating: input.rating === undefined ? before.rating : input.rating,
          resumeUrl: input.resume_url === undefined ? before.resumeUrl : input.resume_url,
          notes: input.notes === undefined ? before.notes : input.notes,
          metadata: input.metadata ?? before.metadata,
          stage: moving ? input.stage! : before.stage,
          stageChangedAt: moving ? ctx.now : before.stageChangedAt,
          updatedAt: ctx.now,
        })
        .where(and(eq(candidates.orgId, ctx.orgId), eq(candidates.id, id)))
        .returning();
      if (moving) await recordStage(tx, ctx.orgId, id, before.stage, input.stage!, ctx.now);
      const object = candidateToApi(after!, moving ? await historyOf(tx, ctx.orgId, id) : historyBefore);
      emitCandidateUpdate(emit, candidateToApi(before, historyBefore), object);
      return object;
    }),
  );
}

/** candidate.updated with what changed; on a stage move also candidate.status_changed, and hired / rejected. */
function emitCandidateUpdate(emit: Emit, before: CandidateApi, after: CandidateApi): void {
  const previous = previousAttributes(before, after);
  delete previous.history; // derived from the stage moves, which previous.stage already tells
  if (Object.keys(previous).length === 0) return;
  emit({ type: "candidate.updated", object: after, previous });
  if (before.stage === after.stage) return;
  emit({ type: "candidate.status_changed", object: after, previous: { stage: before.stage, stage_changed_at: before.stage_changed_at } });
  if (after.stage === "hired") emit({ type: "candidate.hired", object: after });
  if (after.stage === "rejected") emit({ type: "candidate.rejected", object: after });
}

export async function deleteCandidate(db: Db, ctx: WriteContext, id: string): Promise<{ id: string; object: "candidate"; deleted: true }> {
  await write(db, ctx, async (tx, emit) => {
    const row = await lockCandidate(tx, ctx.orgId, id);
    const history = await historyOf(tx, ctx.orgId, id);
    await tx.delete(candidateStageChanges).where(and(eq(candidateStageChanges.orgId, ctx.orgId), eq(candidateStageChanges.candidateId, id)));
    await tx.delete(candidates).where(and(eq(candidates.orgId, ctx.orgId), eq(candidates.id, id)));
    emit({ type: "candidate.deleted", object: candidateToApi(row, history) });
  });
  return { id, object: "candidate", deleted: true };
}
