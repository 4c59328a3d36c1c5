import { and, lt, sql } from "drizzle-orm";
import type { Db } from "../db/connection.ts";
import { functionInvocations, functionRuns } from "./functions-table.ts";

/** Deletes invocation logs older than `days`, and finished runs as old; runs still owed an attempt are kept. */
export async function purgeFunctionLogs(db: Db, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  const invocations = await db.delete(functionInvocations).where(lt(functionInvocations.startedAt, cutoff)).returning({ id: functionInvocations.id });
  const runs = await db
    .delete(functionRuns)
    .where(and(lt(functionRuns.createdAt, cutoff), sql`${functionRuns.status} IN ('succeeded', 'exhausted')`))
    .returning({ id: functionRuns.id });
  return invocations.length + runs.length;
}
