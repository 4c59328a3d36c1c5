import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const SEQUENCE_STATUSES = ["draft", "active", "paused", "archived"] as const;
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number];

export const STEP_TYPES = ["email", "task", "wait"] as const;
export type StepType = (typeof STEP_TYPES)[number];

export interface Step {
  type: StepType;
  delay_days: number;
  subject: string | null;
  body: string | null;
}

export const sequences = pgTable(
  "sequences",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    status: text("status").$type<SequenceStatus>().notNull(),
    steps: jsonb("steps").$type<Step[]>().notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index("sequences_org_created_idx").on(t.orgId, t.createdAt, t.id)],
);

export const ENROLLMENT_STATUSES = ["active", "completed", "replied", "unenrolled"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

export const STOP_REASONS = ["manual", "bounced", "unsubscribed", "contact_deleted", "sequence_archived"] as const;
export type StopReason = (typeof STOP_REASONS)[number];

export const enrollments = pgTable(
  "sequence_enrollments",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    sequenceId: text("sequence_id").notNull(),
    contactId: text("contact_id").notNull(),
    status: text("status").$type<EnrollmentStatus>().notNull(),
    /** Index of the next step to run; equal to the number of steps once all ran. */
    currentStep: integer("current_step").notNull().default(0),
    nextStepAt: timestamp("next_step_at", { withTimezone: true, mode: "date" }),
    lastStepIndex: integer("last_step_index"),
    lastStepAt: timestamp("last_step_at", { withTimezone: true, mode: "date" }),
    stopReason: text("stop_reason").$type<StopReason>(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    // A contact is in a sequence at most once at a time.
    uniqueIndex("enrollments_active_contact_key").on(t.orgId, t.sequenceId, t.contactId).where(sql`status = 'active'`),
    index("enrollments_org_sequence_created_idx").on(t.orgId, t.sequenceId, t.createdAt, t.id),
    index("enrollments_org_contact_idx").on(t.orgId, t.contactId),
    // The scheduler's scan for steps that are due, across organizations.
    index("enrollments_due_idx").on(t.nextStepAt).where(sql`status = 'active'`),
  ],
);

export const MESSAGE_DIRECTIONS = ["outbound", "inbound"] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** Every email a sequence sent and every reply that came in: the mail log, whatever the transport. */
export const sequenceMessages = pgTable(
  "sequence_messages",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    sequenceId: text("sequence_id").notNull(),
    enrollmentId: text("enrollment_id").notNull(),
    contactId: text("contact_id").notNull(),
    direction: text("direction").$type<MessageDirection>().notNull(),
    stepIndex: integer("step_index"),
    address: text("address"),
    subject: text("subject"),
    body: text("body").notNull(),
    transport: text("transport"),
    transportMessageId: text("transport_message_id"),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index("sequence_messages_org_created_idx").on(t.orgId, t.createdAt, t.id),
    index("sequence_messages_org_enrollment_idx").on(t.orgId, t.enrollmentId),
  ],
);

export type SequenceRow = typeof sequences.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;
export type SequenceMessageRow = typeof sequenceMessages.$inferSelect;
