import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { ApiError, invalidField, notFound, unknownReference } from "../../platform/errors.ts";
import { previousAttributes, write, type Emit, type WriteContext } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import { defineList, listPage, type ExtraCondition, type Page } from "../../platform/lists.ts";
import { findContactByEmail, requireContacts } from "./contacts-lookups.ts";
import { contacts } from "./contacts-table.ts";
import type {
  CreateReplyInput,
  CreateSequenceInput,
  EnrollmentApi,
  SequenceApi,
  SequenceMessageApi,
  StepInput,
  UpdateSequenceInput,
} from "./sequences-schemas.ts";
import {
  ENROLLMENT_STATUSES,
  enrollments,
  MESSAGE_DIRECTIONS,
  SEQUENCE_STATUSES,
  sequenceMessages,
  sequences,
  type EnrollmentRow,
  type SequenceMessageRow,
  type SequenceRow,
  type SequenceStatus,
  type Step,
  type StopReason,
} from "./sequences-table.ts";
import { ownedRow } from "../../platform/owned-rows.ts";

const DAY_MS = 86_400_000;

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

export function enrollmentToApi(row: EnrollmentRow): EnrollmentApi {
  return {
    id: row.id,
    object: "enrollment",
    sequence_id: row.sequenceId,
    contact_id: row.contactId,
    status: row.status,
    current_step: row.currentStep,
    next_step_at: row.nextStepAt?.toISOString() ?? null,
    last_step_index: row.lastStepIndex,
    last_step_at: row.lastStepAt?.toISOString() ?? null,
    stop_reason: row.stopReason,
    enrolled_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export function messageToApi(row: SequenceMessageRow): SequenceMessageApi {
  return {
    id: row.id,
    object: "sequence_message",
    sequence_id: row.sequenceId,
    enrollment_id: row.enrollmentId,
    contact_id: row.contactId,
    direction: row.direction,
    step_index: row.stepIndex,
    address: row.address,
    subject: row.subject,
    body: row.body,
    transport: row.transport,
    transport_message_id: row.transportMessageId,
    created_at: row.createdAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------
// Sequences

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
});

export async function listSequences(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<SequenceApi>> {
  return listPage(db, sequenceList.spec, sequenceList.parse(orgId, query, now), sequenceToApi);
}

async function findSequence(db: Db | Tx, orgId: string, id: string): Promise<SequenceRow> {
  const [row] = await db.select().from(sequences).where(and(eq(sequences.orgId, orgId), eq(sequences.id, id)));
  if (!row) throw notFound("sequence", id);
  return row;
}

export async function getSequence(db: Db, orgId: string, id: string): Promise<SequenceApi> {
  return sequenceToApi(await findSequence(db, orgId, id));
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
      .values({ orgId: ctx.orgId, id: newId("sequence"), name: input.name, status, steps, metadata: input.metadata ?? {}, createdAt: ctx.now, updatedAt: ctx.now })
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

// ---------------------------------------------------------------------------
// Enrollments

export const enrollmentList = defineList({
  table: enrollments,
  tiebreak: enrollments.id,
  filters: {
    status: { kind: "enum", column: enrollments.status, values: ENROLLMENT_STATUSES },
    contact_id: { kind: "id", column: enrollments.contactId, idKind: "contact" },
    created_at: { kind: "datetime", column: enrollments.createdAt },
    next_step_at: { kind: "datetime", column: enrollments.nextStepAt },
  },
  sorts: { created_at: enrollments.createdAt, next_step_at: enrollments.nextStepAt, updated_at: enrollments.updatedAt },
  defaultSort: "-created_at",
});

export async function listEnrollments(db: Db, orgId: string, sequenceId: string, query: Record<string, unknown>, now: Date): Promise<Page<EnrollmentApi>> {
  await findSequence(db, orgId, sequenceId);
  const extra: ExtraCondition = { key: "sequence", condition: (bind) => eq(enrollments.sequenceId, bind(sequenceId)) };
  return listPage(db, enrollmentList.spec, enrollmentList.parse(orgId, query, now, extra), enrollmentToApi);
}

export async function getEnrollment(db: Db, orgId: string, sequenceId: string, id: string): Promise<EnrollmentApi> {
  const [row] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.orgId, orgId), eq(enrollments.sequenceId, sequenceId), eq(enrollments.id, id)));
  if (!row) throw notFound("enrollment in this sequence", id);
  return enrollmentToApi(row);
}

export function nextStepTime(steps: Step[], index: number, from: Date): Date | null {
  const step = steps[index];
  return step ? new Date(from.getTime() + step.delay_days * DAY_MS) : null;
}

export async function enroll(db: Db, ctx: WriteContext, sequenceId: string, contactId: string): Promise<EnrollmentApi> {
  try {
    return await write(db, ctx, async (tx, emit) => {
      const sequence = await lockSequence(tx, ctx.orgId, sequenceId);
      if (sequence.status === "archived") {
        throw new ApiError("invalid_state_transition", "An archived sequence takes no new enrollments.", { current_status: "archived" });
      }
      const [contact] = await requireContacts(tx, ctx.orgId, [contactId], "contact_id");
      if (!contact!.email && sequence.steps.some((s) => s.type === "email")) {
        throw new ApiError("unprocessable", `The contact ${contactId} has no email address, and the sequence sends email.`, {
          errors: [{ in: "body", field: "contact_id", message: "names a contact without an email address" }],
        });
      }
      const [row] = await tx
        .insert(enrollments)
        .values({
          orgId: ctx.orgId,
          id: newId("enrollment"),
          sequenceId,
          contactId,
          status: "active",
          currentStep: 0,
          nextStepAt: nextStepTime(sequence.steps, 0, ctx.now) ?? ctx.now,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
      const object = enrollmentToApi(row!);
      emit({ type: "sequence.contact_enrolled", object });
      return object;
    });
  } catch (error) {
    if (!isUniqueViolation(error, "enrollments_active_contact_key")) throw error;
    const [existing] = await db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.orgId, ctx.orgId), eq(enrollments.sequenceId, sequenceId), eq(enrollments.contactId, contactId), eq(enrollments.status, "active")));
    throw new ApiError("conflict", `The contact ${contactId} is already enrolled in this sequence${existing ? ` (${existing.id})` : ""}.`, {
      existing_id: existing?.id ?? null,
      errors: [{ in: "body", field: "contact_id", message: "is already enrolled in this sequence" }],
    });
  }
}

/** Stops the active enrollments matching `match`, with their events; returns them as stopped. */
async function stopEnrollments(
  tx: Tx,
  emit: Emit,
  ctx: WriteContext,
  match: ReturnType<typeof eq>,
  status: "replied" | "unenrolled",
  reason: StopReason | null,
): Promise<EnrollmentRow[]> {
  const stopped = await tx
    .update(enrollments)
    .set({ status, stopReason: reason, nextStepAt: null, finishedAt: ctx.now, updatedAt: ctx.now })
    .where(and(eq(enrollments.orgId, ctx.orgId), eq(enrollments.status, "active"), match))
    .returning();
  const type = status === "replied" ? "sequence.replied" : "sequence.contact_unenrolled";
  for (const row of stopped) emit({ type, object: enrollmentToApi(row) });
  return stopped;
}

export async function unenroll(db: Db, ctx: WriteContext, sequenceId: string, id: string): Promise<EnrollmentApi> {
  return write(db, ctx, async (tx, emit) => {
    const [row] = await tx
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.orgId, ctx.orgId), eq(enrollments.sequenceId, sequenceId), eq(enrollments.id, id)))
      .for("update");
    if (!row) throw notFound("enrollment in this sequence", id);
    if (row.status !== "active") {
      throw new ApiError("invalid_state_transition", `The enrollment is already ${row.status}.`, { current_status: row.status });
    }
    const [stopped] = await stopEnrollments(tx, emit, ctx, eq(enrollments.id, id), "unenrolled", "manual");
    return enrollmentToApi(stopped!);
  });
}

/** The contact is going away: its active enrollments stop. */
export async function unenrollContact(tx: Tx, emit: Emit, ctx: WriteContext, contactId: string, reason: StopReason): Promise<void> {
  await stopEnrollments(tx, emit, ctx, eq(enrollments.contactId, contactId), "unenrolled", reason);
}

/** Active enrollments of an account's contacts, soonest next step first (the dossier's "in sequences"), and how many there are. */
export async function activeEnrollmentsOfAccount(db: Db, orgId: string, accountId: string, limit: number) {
  const where = and(eq(enrollments.orgId, orgId), eq(enrollments.status, "active"), eq(contacts.accountId, accountId));
  const rows = await db
    .select({ enrollment: enrollments, name: sequences.name, total: sql<string>`count(*) OVER ()` })
    .from(enrollments)
    .innerJoin(contacts, and(eq(contacts.orgId, enrollments.orgId), eq(contacts.id, enrollments.contactId)))
    .innerJoin(sequences, and(eq(sequences.orgId, enrollments.orgId), eq(sequences.id, enrollments.sequenceId)))
    .where(where)
    .orderBy(enrollments.nextStepAt, enrollments.id)
    .limit(limit);
  return {
    total: Number(rows[0]?.total ?? 0),
    data: rows.map((r) => ({ ...enrollmentToApi(r.enrollment), sequence_name: r.name })),
  };
}

// ---------------------------------------------------------------------------
// Replies and the mail log

export async function recordReply(db: Db, ctx: WriteContext, input: CreateReplyInput) {
  if ((input.enrollment_id === undefined) === (input.email === undefined)) {
    throw invalidField("body", input.enrollment_id ? "email" : "enrollment_id", "give exactly one of enrollment_id and email");
  }
  return write(db, ctx, async (tx, emit) => {
    let contactId: string;
    let address: string | null;
    let match;
    if (input.enrollment_id) {
      const [row] = await tx
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.orgId, ctx.orgId), eq(enrollments.id, input.enrollment_id)))
        .for("update");
      if (!row) throw unknownReference("enrollment_id", "enrollment", input.enrollment_id);
      if (row.status !== "active") {
        throw new ApiError("invalid_state_transition", `The enrollment is already ${row.status}; a reply stops only an active one.`, { current_status: row.status });
      }
      contactId = row.contactId;
      address = (await tx.select({ email: contacts.email }).from(contacts).where(and(eq(contacts.orgId, ctx.orgId), eq(contacts.id, contactId))))[0]?.email ?? null;
      match = eq(enrollments.id, row.id);
    } else {
      const contact = await findContactByEmail(tx, ctx.orgId, input.email!);
      if (!contact) {
        throw new ApiError("unprocessable", `No contact has the email ${input.email}.`, {
          errors: [{ in: "body", field: "email", message: "belongs to no contact in this organization" }],
        });
      }
      contactId = contact.id;
      address = contact.email;
      match = eq(enrollments.contactId, contact.id);
    }
    const stopped = await stopEnrollments(tx, emit, ctx, match, "replied", null);
    if (stopped.length > 0) {
      await tx.insert(sequenceMessages).values(
        stopped.map((e) => ({
          orgId: ctx.orgId,
          id: newId("message"),
          sequenceId: e.sequenceId,
          enrollmentId: e.id,
          contactId,
          direction: "inbound" as const,
          address,
          body: input.body,
          createdAt: ctx.now,
        })),
      );
    }
    return { object: "sequence_reply" as const, contact_id: contactId, enrollments: stopped.map(enrollmentToApi) };
  });
}

export const messageList = defineList({
  table: sequenceMessages,
  tiebreak: sequenceMessages.id,
  filters: {
    sequence_id: { kind: "id", column: sequenceMessages.sequenceId, idKind: "sequence" },
    enrollment_id: { kind: "id", column: sequenceMessages.enrollmentId, idKind: "enrollment" },
    contact_id: { kind: "id", column: sequenceMessages.contactId, idKind: "contact" },
    direction: { kind: "enum", column: sequenceMessages.direction, values: MESSAGE_DIRECTIONS },
    created_at: { kind: "datetime", column: sequenceMessages.createdAt },
  },
  sorts: { created_at: sequenceMessages.createdAt },
  defaultSort: "-created_at",
  search: [sequenceMessages.subject, sequenceMessages.body],
});

export async function listMessages(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<SequenceMessageApi>> {
  return listPage(db, messageList.spec, messageList.parse(orgId, query, now), messageToApi);
}

