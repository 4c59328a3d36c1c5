import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { ApiError, notFound } from "../../platform/errors.ts";
import { write, type Emit, type WriteContext } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import { defineList, listPage, type ExtraCondition, type Page } from "../../platform/lists.ts";
import { ownedRow } from "../../platform/owned-rows.ts";
import { requireContacts } from "./contacts-lookups.ts";
import { contacts } from "./contacts-table.ts";
import type { EnrollmentApi } from "./sequences-schemas.ts";
import { ENROLLMENT_STATUSES, enrollments, sequences, type EnrollmentRow, type Step, type StopReason } from "./sequences-table.ts";

// Enrollments: a contact going through a sequence's steps (/v1/sequences/{id}/enrollments), until the last step,
// a reply, or an unenrollment stops it.

const DAY_MS = 86_400_000;

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

const ofSequence = (sequenceId: string): ExtraCondition => ({ key: "sequence", condition: (bind) => eq(enrollments.sequenceId, bind(sequenceId)) });

export async function listEnrollments(db: Db, orgId: string, sequenceId: string, query: Record<string, unknown>, now: Date): Promise<Page<EnrollmentApi>> {
  await ownedRow(db, sequences, orgId, sequenceId, "sequence");
  return listPage(db, enrollmentList.spec, enrollmentList.parse(orgId, query, now, ofSequence(sequenceId)), enrollmentToApi);
}

export async function getEnrollment(db: Db, orgId: string, sequenceId: string, id: string): Promise<EnrollmentApi> {
  // Not ownedRow: the sequence is part of the enrollment's address, and another sequence's enrollment is a 404 too.
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
      const sequence = await ownedRow(tx, sequences, ctx.orgId, sequenceId, "sequence", "update");
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
      .where(
        and(eq(enrollments.orgId, ctx.orgId), eq(enrollments.sequenceId, sequenceId), eq(enrollments.contactId, contactId), eq(enrollments.status, "active")),
      );
    throw new ApiError("conflict", `The contact ${contactId} is already enrolled in this sequence${existing ? ` (${existing.id})` : ""}.`, {
      existing_id: existing?.id ?? null,
      errors: [{ in: "body", field: "contact_id", message: "is already enrolled in this sequence" }],
    });
  }
}

/** Stops the active enrollments matching `match`, with their events; returns them as stopped. */
export async function stopEnrollments(
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
    // Not ownedRow: the sequence is part of the enrollment's address (as in getEnrollment).
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
