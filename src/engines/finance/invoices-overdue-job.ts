import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { utcDate } from "../../platform/dates.ts";
import { insertEvents } from "../../platform/events/outbox.ts";
import { invoiceToApi } from "./invoices-service.ts";
import { invoices } from "./invoices-table.ts";

const BATCH = 500;

/**
 * Emits invoice.overdue once per invoice that has passed its due date. Each
 * batch claims its invoices with FOR UPDATE SKIP LOCKED and marks them in the
 * same transaction as their events, so several schedulers never emit twice
 * and a crash mid-batch emits nothing that is not marked. Returns the count.
 */
export async function emitOverdueInvoices(db: Db, now: Date): Promise<number> {
  const today = utcDate(now);
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      // Claimed and marked in one statement: a long (org_id, id) IN (...) list of
      // parameters crashes the embedded database (PGlite) at a few hundred rows.
      const claim = tx
        .select({ orgId: invoices.orgId, id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.status, "open"), isNull(invoices.overdueNotifiedAt), lt(invoices.dueDate, today)))
        .orderBy(invoices.dueDate)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      const rows = await tx.update(invoices).set({ overdueNotifiedAt: now }).where(sql`(${invoices.orgId}, ${invoices.id}) IN ${claim}`).returning();
      if (rows.length === 0) return 0;
      const byOrg = new Map<string, typeof rows>();
      for (const row of rows) {
        const list = byOrg.get(row.orgId);
        if (list) list.push(row);
        else byOrg.set(row.orgId, [row]);
      }
      for (const [orgId, orgRows] of byOrg) {
        await insertEvents(
          db,
          tx,
          { orgId, requestId: null, idempotencyKey: null, now },
          orgRows.map((row) => ({ type: "invoice.overdue" as const, object: invoiceToApi(row, now) })),
        );
      }
      return rows.length;
    });
    total += done;
    if (done < BATCH) return total;
  }
}
