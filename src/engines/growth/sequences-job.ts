import { and, eq, lte } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/connection.ts";
import { insertEvents, type EventDraft } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import { accounts } from "./accounts-table.ts";
import { contacts, type ContactRow } from "./contacts-table.ts";
import type { MailTransport } from "./mail-transport.ts";
import { enrollmentToApi, nextStepTime } from "./sequence-enrollments-service.ts";
import { enrollments, sequenceMessages, sequences, type EnrollmentRow, type SequenceRow, type Step } from "./sequences-table.ts";

const BATCH = 100;
/** A step whose mail could not be handed to the transport is tried again this much later. */
export const SEND_RETRY_MS = 10 * 60_000;

/** Fills {{first_name}}, {{last_name}}, {{company}} and {{title}}; unknown placeholders stay as written. */
export function render(text: string, contact: ContactRow, company: string | null): string {
  const values: Record<string, string | null> = {
    first_name: contact.firstName,
    last_name: contact.lastName,
    company,
    title: contact.title,
  };
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? (values[name] ?? "") : whole));
}

interface Person {
  contact: ContactRow;
  /** The name of the contact's account, for {{company}}. */
  company: string | null;
}

interface Outcome {
  row: EnrollmentRow;
  events: EventDraft[];
}

/**
 * Runs the due step of every active enrollment of an active sequence, oldest
 * due first. Each batch claims its enrollments with FOR UPDATE SKIP LOCKED and
 * writes the mail log, the enrollments' progress and the events in one
 * transaction, so concurrent schedulers never run a step twice and a crash
 * leaves nothing half done. Mail goes to the transport inside that
 * transaction: a crash after the transport took a message and before the
 * commit sends it again on the next run (at-least-once, like any mail queue).
 */
export async function advanceEnrollments(db: Db, transport: MailTransport, now: Date, log?: Pick<FastifyBaseLogger, "warn">): Promise<number> {
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({ enrollment: enrollments, sequence: sequences, contact: contacts, company: accounts.name })
        .from(enrollments)
        .innerJoin(sequences, and(eq(sequences.orgId, enrollments.orgId), eq(sequences.id, enrollments.sequenceId)))
        .innerJoin(contacts, and(eq(contacts.orgId, enrollments.orgId), eq(contacts.id, enrollments.contactId)))
        .leftJoin(accounts, and(eq(accounts.orgId, contacts.orgId), eq(accounts.id, contacts.accountId)))
        .where(and(eq(enrollments.status, "active"), lte(enrollments.nextStepAt, now), eq(sequences.status, "active")))
        .orderBy(enrollments.nextStepAt)
        .limit(BATCH)
        .for("update", { of: enrollments, skipLocked: true });
      if (due.length === 0) return 0;
      const byOrg = new Map<string, EventDraft[]>();
      for (const { enrollment, sequence, contact, company } of due) {
        const outcome = await runStep(tx, transport, enrollment, sequence, { contact, company }, now, log);
        const list = byOrg.get(enrollment.orgId) ?? [];
        list.push(...outcome.events);
        byOrg.set(enrollment.orgId, list);
      }
      for (const [orgId, drafts] of byOrg) await insertEvents(db, tx, { orgId, requestId: null, idempotencyKey: null, now }, drafts);
      return due.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}

async function runStep(
  tx: Tx,
  transport: MailTransport,
  enrollment: EnrollmentRow,
  sequence: SequenceRow,
  person: Person,
  now: Date,
  log?: Pick<FastifyBaseLogger, "warn">,
): Promise<Outcome> {
  const index = enrollment.currentStep;
  const step: Step | undefined = sequence.steps[index];
  const update = (change: Partial<EnrollmentRow>) =>
    tx
      .update(enrollments)
      .set({ ...change, updatedAt: now })
      .where(and(eq(enrollments.orgId, enrollment.orgId), eq(enrollments.id, enrollment.id)))
      .returning()
      .then((rows) => rows[0]!);

  if (!step) {
    // The steps were shortened while the sequence was paused: nothing is left to run.
    const row = await update({ status: "completed", nextStepAt: null, finishedAt: now });
    return { row, events: [{ type: "sequence.completed", object: enrollmentToApi(row) }] };
  }
  if (step.type === "email" && !person.contact.email) {
    // The email address was removed after enrolling: nothing can be delivered.
    const row = await update({ status: "unenrolled", stopReason: "bounced", nextStepAt: null, finishedAt: now });
    return { row, events: [{ type: "sequence.contact_unenrolled", object: enrollmentToApi(row) }] };
  }
  if (step.type === "email") {
    const sent = await sendEmail(tx, transport, enrollment, step, index, person, now);
    if (!sent) {
      log?.warn({ enrollment: enrollment.id, transport: transport.name }, "sequence email not sent; retrying later");
      const row = await update({ nextStepAt: new Date(now.getTime() + SEND_RETRY_MS) });
      return { row, events: [] };
    }
  }
  const next = index + 1;
  const finished = next >= sequence.steps.length;
  const row = await update({
    currentStep: next,
    lastStepIndex: index,
    lastStepAt: now,
    status: finished ? "completed" : "active",
    nextStepAt: finished ? null : nextStepTime(sequence.steps, next, now),
    finishedAt: finished ? now : null,
  });
  const object = enrollmentToApi(row);
  const events: EventDraft[] = step.type === "wait" ? [] : [{ type: "sequence.step_sent", object }];
  if (finished) events.push({ type: "sequence.completed", object });
  return { row, events };
}

async function sendEmail(tx: Tx, transport: MailTransport, enrollment: EnrollmentRow, step: Step, index: number, person: Person, now: Date): Promise<boolean> {
  const mail = {
    id: newId("message"),
    to: person.contact.email!,
    subject: render(step.subject ?? "", person.contact, person.company),
    body: render(step.body ?? "", person.contact, person.company),
  };
  let transportMessageId: string | null;
  try {
    ({ transportMessageId } = await transport.send(mail));
  } catch {
    return false;
  }
  await tx.insert(sequenceMessages).values({
    orgId: enrollment.orgId,
    id: mail.id,
    sequenceId: enrollment.sequenceId,
    enrollmentId: enrollment.id,
    contactId: enrollment.contactId,
    direction: "outbound",
    stepIndex: index,
    address: mail.to,
    subject: mail.subject,
    body: mail.body,
    transport: transport.name,
    transportMessageId,
    createdAt: now,
  });
  return true;
}
