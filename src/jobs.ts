import type { Db } from "./db/connection.ts";
import { emitOverdueInvoices } from "./engines/finance/invoices-overdue-job.ts";
import { purgeIdempotencyKeys } from "./platform/idempotency/idempotency-hook.ts";
import type { Job } from "./platform/scheduler.ts";

/** Every scheduled job of every engine; run by the server and by `enginery worker`. */
export function allJobs(db: Db): Job[] {
  return [
    { name: "invoices.overdue", run: (now) => emitOverdueInvoices(db, now) },
    { name: "idempotency.purge", run: (now) => purgeIdempotencyKeys(db, now) },
  ];
}
