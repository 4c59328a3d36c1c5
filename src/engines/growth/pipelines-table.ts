import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const STAGE_KINDS = ["open", "won", "lost"] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

export const pipelines = pgTable(
  "pipelines",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    // One default pipeline per organization; also what makes creating it on demand race-free.
    uniqueIndex("pipelines_org_default_key").on(t.orgId).where(sql`is_default`),
    index("pipelines_org_created_idx").on(t.orgId, t.createdAt, t.id),
  ],
);

export const pipelineStages = pgTable(
  "pipeline_stages",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    pipelineId: text("pipeline_id").notNull(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    probability: integer("probability").notNull(),
    kind: text("kind").$type<StageKind>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index("pipeline_stages_org_pipeline_idx").on(t.orgId, t.pipelineId, t.position)],
);

export type PipelineRow = typeof pipelines.$inferSelect;
export type StageRow = typeof pipelineStages.$inferSelect;
