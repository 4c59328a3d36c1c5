import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { ApiError, invalidField } from "../../platform/errors.ts";
import { previousAttributes, write, type Emit, type WriteContext } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import { defineList, jsonOf, listJson, listPage, type Page } from "../../platform/lists.ts";
import { ownedRow } from "../../platform/owned-rows.ts";
import { Sequence, StepOut, type CreateSequenceInput, type SequenceApi, type StepInput, type UpdateSequenceInput } from "./sequences-schemas.ts";
import { enrollments, SEQUENCE_STATUSES, sequences, type SequenceRow, type SequenceStatus, type Step } from "./sequences-table.ts";
import { stopEnrollments } from "./sequence-enrollments-service.ts";

// Sequences: their steps and status (draft, active, paused, archived). Enrollments and the mail log are
// sequence-enrollments-service.ts and sequence-messages-service.ts.

export function sequenceToApi(row: SequenceRow): SequenceApi {
  return {
    id: row.id,
    object: "sequence",
    name: row.name,
    status: row.status,
    steps: row.steps,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const sequenceList = defineList({
  table: sequences,
  tiebreak: sequences.id,
  filters: {
    status: { kind: "enum", column: sequences.status, values: SEQUENCE_STATUSES },
    name: { kind: "text", column: sequences.name, contains: true },
    created_at: { kind: "datetime", column: sequences.createdAt },
    updated_at: { kind: "datetime", column: sequences.updatedAt },
  },
  sorts: { created_at: sequences.createdAt, updated_at: sequences.updatedAt, name: sequences.name },
  defaultSort: "-created_at",
  search: [sequences.name],
  // sequenceToApi, in SQL (see JsonItem); the stored steps are settled (settleSteps), every member present.
  json: {
    schema: Sequence,
    fields: {
      id: jsonOf.text(sequences.id),
      object: jsonOf.literal("sequence"),
      name: jsonOf.text(sequences.name),
      status: jsonOf.text(sequences.status),
      steps: jsonOf.array(
        jsonOf.object(StepOut, {
          type: jsonOf.text(sql`step.value->>'type'`),
          delay_days: jsonOf.integer(sql`step.value->'delay_days'`),
          subject: jsonOf.text(sql`step.value->>'subject'`),
          body: jsonOf.text(sql`step.value->>'body'`),
        }),
        sql`jsonb_array_elements(${sequences.steps}) WITH ORDINALITY AS step(value, n)`,
        sql`step.n`,
      ),
      metadata: jsonOf.stringRecord(sequences.metadata),
      created_at: jsonOf.timestamp(sequences.createdAt),
      updated_at: jsonOf.timestamp(sequences.updatedAt),
    },
  },
});

export async function listSequences(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<SequenceApi>> {
  return listPage(db, sequenceList.spec, sequenceList.parse(orgId, query, now), sequenceToApi);
}

/** listSequences as the response body (JSON text written by the database). */
export async function listSequencesJson(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<string> {
  return listJson(db, sequenceList.spec, sequenceList.parse(orgId, query, now), now);
}

export async function getSequence(db: Db, orgId: string, id: string): Promise<SequenceApi> {
  return sequenceToApi(await ownedRow(db, sequences, orgId, id, "sequence"));
}

function lockSequence(tx: Tx, orgId: string, id: string): Promise<SequenceRow> {
  return ownedRow(tx, sequences, orgId, id, "sequence", "update");
}

/** Steps as stored, each checked against what its type needs. */
function settleSteps(input: StepInput[]): Step[] {
  return input.map((step, i) => {
    const at = (field: string) => `steps[${i}].${field}`;
    const subject = step.subject ?? null;
    const body = step.body ?? null;
    const delay = step.delay_days ?? 0;
    if (step.type === "email") {
      if (!subject) throw invalidField("body", at("subject"), "is required for an email step");
      if (!body) throw invalidField("body", at("body"), "is required for an email step");
    }
    if (step.type === "task" && !subject) throw invalidField("body", at("subject"), "is required for a task step (it is the task's title)");
    if (step.type === "wait") {
      if (delay < 1) throw invalidField("body", at("delay_days"), "must be at least 1 for a wait step");
      if (subject !== null) throw invalidField("body", at("subject"), "is not used by a wait step; leave it out");
      if (body !== null) throw invalidField("body", at("body"), "is not used by a wait step; leave it out");
    }
    return { type: step.type, delay_days: delay, subject, body };
  });
}

function refuseActivation(steps: Step[]): ApiError | undefined {
  if (steps.some((s) => s.type !== "wait")) return undefined;
  return new ApiError("unprocessable", "A sequence needs at least one email or task step to be active.", {
    errors: [{ in: "body", field: "steps", message: "must include an email or task step before the sequence can be active" }],
  });
}

export async function createSequence(db: Db, ctx: WriteContext, input: CreateSequenceInput): Promise<SequenceApi> {
  const steps = settleSteps(input.steps ?? []);
  const status = input.status ?? "draft";
  if (status === "active") {
    const refused = refuseActivation(steps);
    if (refused) throw refused;
  }
  return write(db, ctx, async (tx, emit) => {
    const [row] = await tx
      .insert(sequences)
      .values({
        orgId: ctx.orgId,
        id: newId("sequence"),
        name: input.name,
        status,
        steps,
        metadata: input.metadata ?? {},
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    const object = sequenceToApi(row!);
    emit({ type: "sequence.created", object });
    if (status === "active") emit({ type: "sequence.activated", object });
    return object;
  });
}

export async function updateSequence(db: Db, ctx: WriteContext, id: string, input: UpdateSequenceInput): Promise<SequenceApi> {
  const steps = input.steps ? settleSteps(input.steps) : undefined;
  return write(db, ctx, async (tx, emit) => {
    const before = await lockSequence(tx, ctx.orgId, id);
    if (steps && before.status !== "draft" && before.status !== "paused") {
      throw new ApiError("invalid_state_transition", `Steps change only while a sequence is draft or paused; this one is ${before.status}.`, {
        current_status: before.status,
        errors: [{ in: "body", field: "steps", message: `cannot change while the sequence is ${before.status}` }],
      });
    }
    const [after] = await tx
      .update(sequences)
      .set({ name: input.name ?? before.name, steps: steps ?? before.steps, metadata: input.metadata ?? before.metadata, updatedAt: ctx.now })
      .where(and(eq(sequences.orgId, ctx.orgId), eq(sequences.id, id)))
      .returning();
    return emitSequenceUpdate(emit, before, after!);
  });
}

function emitSequenceUpdate(emit: Emit, before: SequenceRow, after: SequenceRow): SequenceApi {
  const object = sequenceToApi(after);
  const previous = previousAttributes(sequenceToApi(before), object);
  if (Object.keys(previous).length > 0) emit({ type: "sequence.updated", object, previous });
  return object;
}

type Action = "activate" | "pause" | "archive";

const ACTIONS: Record<Action, { from: readonly SequenceStatus[]; to: SequenceStatus }> = {
  activate: { from: ["draft", "paused"], to: "active" },
  pause: { from: ["active"], to: "paused" },
  archive: { from: ["draft", "active", "paused"], to: "archived" },
};

export async function transitionSequence(db: Db, ctx: WriteContext, id: string, action: Action): Promise<SequenceApi> {
  const rule = ACTIONS[action];
  return write(db, ctx, async (tx, emit) => {
    const before = await lockSequence(tx, ctx.orgId, id);
    if (!rule.from.includes(before.status)) {
      throw new ApiError("invalid_state_transition", `Cannot ${action} a sequence that is ${before.status}; allowed only from ${rule.from.join(" or ")}.`, {
        current_status: before.status,
      });
    }
    if (action === "activate") {
      const refused = refuseActivation(before.steps);
      if (refused) throw refused;
    }
    const [after] = await tx
      .update(sequences)
      .set({ status: rule.to, updatedAt: ctx.now })
      .where(and(eq(sequences.orgId, ctx.orgId), eq(sequences.id, id)))
      .returning();
    const object = emitSequenceUpdate(emit, before, after!);
    if (action === "activate") emit({ type: "sequence.activated", object });
    if (action === "pause") emit({ type: "sequence.paused", object });
    if (action === "archive") await stopEnrollments(tx, emit, ctx, eq(enrollments.sequenceId, id), "unenrolled", "sequence_archived");
    return object;
  });
}

export async function deleteSequence(db: Db, ctx: WriteContext, id: string): Promise<{ id: string; object: "sequence"; deleted: true }> {
  await write(db, ctx, async (tx, emit) => {
    const row = await lockSequence(tx, ctx.orgId, id);
    const active = await tx
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.orgId, ctx.orgId), eq(enrollments.sequenceId, id), eq(enrollments.status, "active")))
      .limit(1);
    if (active.length > 0) {
      throw new ApiError("conflict", "The sequence has active enrollments; archive it (which stops them) or unenroll them first.");
    }
    await tx.delete(enrollments).where(and(eq(enrollments.orgId, ctx.orgId), eq(enrollments.sequenceId, id)));
    await tx.delete(sequences).where(and(eq(sequences.orgId, ctx.orgId), eq(sequences.id, id)));
    emit({ type: "sequence.deleted", object: sequenceToApi(row) });
  });
  return { id, object: "sequence", deleted: true };
}
