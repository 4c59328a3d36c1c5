import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

export const JOB_STATUSES = ["open", "closed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "temporary", "internship"] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const jobs = pgTable(
  "jobs",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    title: text("title").notNull(),
    department: text("department"),
    location: text("location"),
    employmentType: text("employment_type").$type<EmploymentType>().notNull(),
    status: text("status").$type<JobStatus>().notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index("jobs_org_created_idx").on(t.orgId, t.createdAt, t.id),
    index("jobs_org_status_idx").on(t.orgId, t.status),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
