import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const ENRICHMENT_STATUSES = ["none", "pending", "enriched", "failed"] as const;
export type EnrichmentStatus = (typeof ENRICHMENT_STATUSES)[number];

export const accounts = pgTable(
  "accounts",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    /** Lower case, no scheme, no "www.", no path: what a contact's email domain is compared with. */
    domain: text("domain"),
    industry: text("industry"),
    employeeCount: integer("employee_count"),
    /** US dollars, in cents. */
    annualRevenueCents: bigint("annual_revenue_cents", { mode: "number" }),
    country: text("country"),
    website: text("website"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    enrichmentStatus: text("enrichment_status").$type<EnrichmentStatus>().notNull().default("none"),
    enrichmentSource: text("enrichment_source"),
    enrichmentData: jsonb("enrichment_data").$type<Record<string, unknown>>(),
    enrichedAt: timestamp("enriched_at", { withTimezone: true, mode: "date" }),
    enrichmentRequestedAt: timestamp("enrichment_requested_at", { withTimezone: true, mode: "date" }),
    enrichmentError: text("enrichment_error"),
    enrichmentFailedAt: timestamp("enrichment_failed_at", { withTimezone: true, mode: "date" }),
    /** A runner holds a pending enrichment until then; past it, another may take it over. */
    enrichmentClaimedUntil: timestamp("enrichment_claimed_until", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex("accounts_org_domain_key").on(t.orgId, t.domain),
    index("accounts_org_created_idx").on(t.orgId, t.createdAt, t.id),
    index("accounts_org_name_idx").on(t.orgId, t.name, t.id),
    // The enrichment job's scan for pending enrichments nobody is running.
    index("accounts_enrichment_pending_idx").on(t.enrichmentRequestedAt).where(sql`enrichment_status = 'pending'`),
  ],
);

export type AccountRow = typeof accounts.$inferSelect;
