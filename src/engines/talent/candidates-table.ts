import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const CANDIDATE_STAGES = ["applied", "screening", "interview", "offer", "hired", "rejected"] as const;
export type CandidateStage = (typeof CANDIDATE_STAGES)[number];

export const candidates = pgTable(
  "candidates",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    jobId: text("job_id").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Lower case; unique per job (the same person may apply to several jobs). */
    email: text("email").notNull(),
    phone: text("phone"),
    stage: text("stage").$type<CandidateStage>().notNull(),
    source: text("source"),
    rating: integer("rating"),
    resumeUrl: text("resume_url"),
    notes: text("notes"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    stageChangedAt: timestamp("stage_changed_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex("candidates_org_job_email_key").on(t.orgId, t.jobId, t.email),
    index("candidates_org_created_idx").on(t.orgId, t.createdAt, t.id),
    index("candidates_org_job_stage_idx").on(t.orgId, t.jobId, t.stage),
    index("candidates_org_stage_idx").on(t.orgId, t.stage, t.stageChangedAt),
  ],
);

/** Every stage move of every candidate, oldest first: the candidate's history. */
export const candidateStageChanges = pgTable(
  "candidate_stage_changes",
  {
    orgId: text("org_id").notNull(),
    candidateId: text("candidate_id").notNull(),
    seq: integer("seq").notNull(),
    fromStage: text("from_stage").$type<CandidateStage>(),
    toStage: text("to_stage").$type<CandidateStage>().notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.candidateId, t.seq] })],
);

export type CandidateRow = typeof candidates.$inferSelect;
export type StageChangeRow = typeof candidateStageChanges.$inferSelect;
