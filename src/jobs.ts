import type { Db } from "./db/connection.ts";
import { emitOverdueInvoices } from "./engines/finance/invoices-overdue-job.ts";
import { growthJobs } from "./engines/growth/index.ts";
import { enricherOf, OFFLINE_INTEGRATIONS, type Integrations } from "./integrations.ts";
import { takeScheduledSnapshots } from "./intelligence/snapshots-service.ts";
import { purgeWebhookLogs } from "./webhooks/retention.ts";
import { purgeFunctionLogs } from "./functions/retention.ts";
import { purgeIdempotencyKeys } from "./platform/idempotency/idempotency-hook.ts";
import type { Job } from "./platform/scheduler.ts";
import { wireSubscribers } from "./platform/events/outbox.ts";
import type { EventSubscriber } from "./platform/events/fan-out.ts";
import { purgeExpiredOAuthTokens } from "./oauth/tokens.ts";

export interface JobDeps {
  /** Who owes work for the events the jobs write (src/subscribers.ts). */
  subscribers: readonly EventSubscriber[];
  integrations?: Partial<Integrations>;
  /** Hours between an organization's scheduled intelligence snapshots; 0 turns them off. */
  snapshotEveryHours?: number;
  /** Days webhook delivery logs are kept (default 30). */
  webhookLogDays?: number;
  /** Days edge-function invocation logs are kept (default 7). */
  functionLogDays?: number;
  clock?: () => Date;
  log?: { error(obj: object, msg: string): void };
}

/** Every scheduled job of every engine; run by the server and by `enginery worker`. */
export function allJobs(db: Db, deps: JobDeps): Job[] {
  wireSubscribers(db, deps.subscribers);
  const clock = deps.clock ?? (() => new Date());
  const log = deps.log ?? { error() {} };
  const enricher = enricherOf(deps.integrations, clock, log);
  return [
    { name: "invoices.overdue", run: (now) => emitOverdueInvoices(db, now) },
    ...growthJobs(db, { enricher, mail: deps.integrations?.mail ?? OFFLINE_INTEGRATIONS.mail }),
    { name: "intelligence.snapshots", run: (now) => takeScheduledSnapshots(db, now, deps.snapshotEveryHours ?? 24) },
    { name: "idempotency.purge", run: (now) => purgeIdempotencyKeys(db, now) },
    { name: "webhooks.purge_logs", run: (now) => purgeWebhookLogs(db, now, deps.webhookLogDays ?? 30) },
    { name: "functions.purge_logs", run: (now) => purgeFunctionLogs(db, now, deps.functionLogDays ?? 7) },
    { name: "oauth.purge_tokens", run: (now) => purgeExpiredOAuthTokens(db, now) },
  ];
}
