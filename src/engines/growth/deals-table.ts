import { bigint, date, index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { StageKind } from "./pipelines-table.ts";

export const deals = pgTable(
  "deals",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    accountId: text("account_id"),
    contactIds: text("contact_ids").array().notNull().default([]),
    pipelineId: text("pipeline_id").notNull(),
    stageId: text("stage_id").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }),
    currency: text("currency").notNull(),
    expectedCloseDate: date("expected_close_date", { mode: "string" }),
    /** The kind of the deal's stage, kept on the deal so lists filter on it directly. */
    status: text("status").$type<StageKind>().notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    index("deals_org_created_idx").on(t.orgId, t.createdAt, t.id),
    index("deals_org_account_idx").on(t.orgId, t.accountId),
    index("deals_org_stage_idx").on(t.orgId, t.stageId),
    index("deals_org_pipeline_status_idx").on(t.orgId, t.pipelineId, t.status),
  ],
);

export type DealRow = typeof deals.$inferSelect;
