import { sql } from "drizzle-orm";
import { bigint, date, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const INVOICE_STORED_STATUSES = ["draft", "open", "paid", "void", "uncollectible"] as const;
export type StoredInvoiceStatus = (typeof INVOICE_STORED_STATUSES)[number];

export const invoices = pgTable(
  "invoices",
  {
    orgId: text("org_id").notNull(),
    id: text("id").notNull(),
    number: text("number").notNull(),
    client: text("client").notNull(),
    description: text("description"),
    accountId: text("account_id"),
    // Money is kept in integer hundredths so sums and comparisons are exact.
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    amountPaidCents: bigint("amount_paid_cents", { mode: "number" }).notNull().default(0),
    currency: text("currency").notNull(),
    /** "overdue" is never stored: it is an open invoice past its due date, computed at read time. */
    status: text("status").$type<StoredInvoiceStatus>().notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    issuedAt: timestamp("issued_at", { withTimezone: true, mode: "date" }),
    paidAt: timestamp("paid_at", { withTimezone: true, mode: "date" }),
    voidedAt: timestamp("voided_at", { withTimezone: true, mode: "date" }),
    /** Set when invoice.overdue was emitted, so the scheduler emits it once. */
    overdueNotifiedAt: timestamp("overdue_notified_at", { withTimezone: true, mode: "date" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.id] }),
    uniqueIndex("invoices_org_number_key").on(t.orgId, t.number),
    index("invoices_org_created_idx").on(t.orgId, t.createdAt, t.id),
    // status=overdue and status=open are both "status = 'open'" plus a due-date range:
    // this one counts them from the index alone ...
    index("invoices_org_status_due_idx").on(t.orgId, t.status, t.dueDate, t.id),
    // ... and this one reads a status-filtered first page in the default order (newest first).
    index("invoices_org_status_created_idx").on(t.orgId, t.status, t.createdAt, t.id),
    index("invoices_org_due_idx").on(t.orgId, t.dueDate, t.id),
    index("invoices_org_account_idx").on(t.orgId, t.accountId),
    // The scheduler's scan across organizations for invoices that just went overdue.
    index("invoices_overdue_pending_idx").on(t.dueDate).where(sql`status = 'open' AND overdue_notified_at IS NULL`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;
