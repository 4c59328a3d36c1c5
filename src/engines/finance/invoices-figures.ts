import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { utcDate } from "../../platform/dates.ts";
import { fromCents } from "../../platform/money.ts";
import { invoices } from "./invoices-table.ts";

const DSO_DAYS = 90;

export interface FinanceFigures {
  currencies: {
    currency: string;
    /** Due on open invoices, overdue ones included. */
    outstanding: number;
    overdue: number;
    overdue_count: number;
    /** Overdue amounts by whole days past due. */
    aging: { "1_30": number; "31_60": number; "61_90": number; "90_plus": number };
    /**
     * Days sales outstanding: outstanding / invoiced in the last 90 days x 90
     * (invoiced: finalized in that window, void ones left out); null without
     * invoicing in the window.
     */
    days_sales_outstanding: number | null;
  }[];
  overdue_count: number;
}

/** The finance part of an intelligence snapshot, per currency, in one pass over the organization's invoices. */
export async function financeFigures(db: Db, orgId: string, now: Date): Promise<FinanceFigures> {
  const today = utcDate(now);
  const since = new Date(now.getTime() - DSO_DAYS * 86_400_000);
  const due = sql`(${invoices.amountCents} - ${invoices.amountPaidCents})`;
  const late = sql`(${today}::date - ${invoices.dueDate})`;
  const overdue = sql`${invoices.status} = 'open' AND ${invoices.dueDate} < ${today}::date`;
  const sumDue = (condition: ReturnType<typeof sql>) => sql<string>`coalesce(sum(${due}) FILTER (WHERE ${condition}), 0)`;
  const rows = await db
    .select({
      currency: invoices.currency,
      live: sql<string>`count(*) FILTER (WHERE ${invoices.status} <> 'void')`,
      outstanding: sumDue(sql`${invoices.status} = 'open'`),
      overdue: sumDue(overdue),
      overdueCount: sql<string>`count(*) FILTER (WHERE ${overdue})`,
      aging1: sumDue(sql`${overdue} AND ${late} BETWEEN 1 AND 30`),
      aging31: sumDue(sql`${overdue} AND ${late} BETWEEN 31 AND 60`),
      aging61: sumDue(sql`${overdue} AND ${late} BETWEEN 61 AND 90`),
      aging90: sumDue(sql`${overdue} AND ${late} > 90`),
      invoiced: sql<string>`coalesce(sum(${invoices.amountCents}) FILTER (WHERE ${invoices.issuedAt} >= ${since.toISOString()}::timestamptz AND ${invoices.status} <> 'void'), 0)`,
    })
    .from(invoices)
    .where(and(eq(invoices.orgId, orgId), sql`${invoices.status} <> 'draft'`))
    .groupBy(invoices.currency)
    .orderBy(invoices.currency);
  // A currency whose invoices are all void (or draft) has nothing to report.
  const currencies = rows
    .filter((r) => Number(r.live) > 0)
    .map((r) => {
      const outstanding = Number(r.outstanding);
      const invoiced = Number(r.invoiced);
      return {
        currency: r.currency,
        outstanding: fromCents(outstanding),
        overdue: fromCents(Number(r.overdue)),
        overdue_count: Number(r.overdueCount),
        aging: {
          "1_30": fromCents(Number(r.aging1)),
          "31_60": fromCents(Number(r.aging31)),
          "61_90": fromCents(Number(r.aging61)),
          "90_plus": fromCents(Number(r.aging90)),
        },
        days_sales_outstanding: invoiced === 0 ? null : Math.round((outstanding / invoiced) * DSO_DAYS * 10) / 10,
      };
    });
  return { currencies, overdue_count: currencies.reduce((n, c) => n + c.overdue_count, 0) };
}
