import { and, lt, sql } from "drizzle-orm";
import type { Db } from "../db/connection.ts";
import { webhookAttempts, webhookDeliveries } from "./webhooks-table.ts";

/**
 * Deletes delivery logs older than `days`: attempts by when they were made,
 * deliveries that are finished (succeeded or exhausted) by when they were
 * created. Deliveries still owed to an endpoint are never deleted.
 */
export async function purgeWebhookLogs(db: Db, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const attempts = await db.delete(webhookAttempts).where(lt(webhookAttempts.attemptedAt, cutoff)).returning({ id: webhookAttempts.id });
  const deliveries = await db
    .delete(webhookDeliveries)
    .where(and(lt(webhookDeliveries.createdAt, cutoff), sql`${webhookDeliveries.status} IN ('succeeded', 'exhausted')`))
    .returning({ id: webhookDeliveries.id });
  return attempts.length + deliveries.length;
}
