import { index, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { SnapshotFigures } from "./snapshots-schemas.ts";

export const SNAPSHOT_TRIGGERS = ["scheduled", "manual"] as const;
export type SnapshotTrigger = (typeof SNAPSHOT_TRIGGERS)[number];

export const snapshots = pgTable(
  "intelligence_snapshots",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    trigger: text("trigger").$type<SnapshotTrigger>().notNull(),
    figures: jsonb("figures").$type<SnapshotFigures>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.id] }), index("intelligence_snapshots_org_created_idx").on(t.orgId, t.createdAt, t.id)],
);

export type SnapshotRow = typeof snapshots.$inferSelect;
