import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const LIFECYCLE_STAGES = ["lead", "qualified", "customer", "churned"] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

export const contacts = pgTable(
  "contacts",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    /** Stored in lower case: unique per organization regardless of how it was typed. */
    email: text("email"),
    phone: text("phone"),
    title: text("title"),
    accountId: text("account_id"),
    lifecycleStage: text("lifecycle_stage").$type<LifecycleStage>().notNull(),
    tags: text("tags").array().notNull().default([]),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex("contacts_org_email_key").on(t.orgId, t.email),
    index("contacts_org_created_idx").on(t.orgId, t.createdAt, t.id),
    index("contacts_org_account_idx").on(t.orgId, t.accountId, t.createdAt),
    index("contacts_org_stage_created_idx").on(t.orgId, t.lifecycleStage, t.createdAt, t.id),
  ],
);

export type ContactRow = typeof contacts.$inferSelect;
