import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { ApiError, invalidField, unknownReference } from "../../platform/errors.ts";
import { write, type WriteContext } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import { defineList, listPage, type Page } from "../../platform/lists.ts";
import { ownedRow } from "../../platform/owned-rows.ts";
import { findContactByEmail } from "./contacts-lookups.ts";
import { contacts } from "./contacts-table.ts";
import type { CreateReplyInput, SequenceMessageApi } from "./sequences-schemas.ts";
import { enrollmentToApi, stopEnrollments } from "./sequence-enrollments-service.ts";
import { enrollments, MESSAGE_DIRECTIONS, sequenceMessages, type SequenceMessageRow } from "./sequences-table.ts";

// The mail log (/v1/sequence_messages): what the sequences sent, and the replies recorded (/v1/sequence_replies),
// each of which stops the contact's enrollments.

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

export async function recordReply(db: Db, ctx: WriteContext, input: CreateReplyInput) {
  if ((input.enrollment_id === undefined) === (input.email === undefined)) {
    throw invalidField("body", input.enrollment_id ? "email" : "enrollment_id", "give exactly one of enrollment_id and email");
  }
  return write(db, ctx, async (tx, emit) => {
    let contactId: string;
    let address: string | null;
    let match: SQL;
    if (input.enrollment_id) {
      // Not ownedRow: an unknown enrollment_id is a field of the body (422 naming it), not a missing resource (404).
      const [row] = await tx
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.orgId, ctx.orgId), eq(enrollments.id, input.enrollment_id)))
        .for("update");
      if (!row) throw unknownReference("enrollment_id", "enrollment", input.enrollment_id);
      if (row.status !== "active") {
        throw new ApiError("invalid_state_transition", `The enrollment is already ${row.status}; a reply stops only an active one.`, {
          current_status: row.status,
        });
      }
      contactId = row.contactId;
      // An active enrollment's contact exists: a contact's delete stops its enrollments first (unenrollContact).
      address = (await ownedRow(tx, contacts, ctx.orgId, contactId, "contact")).email;
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
