import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const PLANS = ["free", "growth", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export const orgs = pgTable("orgs", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  plan: text("plan").$type<Plan>().notNull(),
  /** Last invoice number handed out; bumped in the invoice's own transaction. */
  invoiceCounter: integer("invoice_counter").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
});

export type OrgRow = typeof orgs.$inferSelect;
