import { buildApp } from "../app.ts";
import type { Config } from "../config.ts";
import { seedDemoIfEmpty } from "../demo/seed.ts";
import { integrationsFrom } from "../integrations.ts";
import { allJobs } from "../jobs.ts";
import { createScheduler } from "../platform/scheduler.ts";
import { dispatcherFor, logger, openMigrated, rateLimitStore, webhookPolicy } from "../runtime.ts";

function banner(url: string, demo: Awaited<ReturnType<typeof seedDemoIfEmpty>>): string {
  const lines = [`Enginery is serving ${url}  (API reference: ${url}/docs)`];
  if (demo) {
    lines.push(
      "",
      `First start: created the demo organization "${demo.orgName}" (${demo.orgId}) with ${demo.invoices} invoices,`,
      `${demo.accounts} accounts, ${demo.contacts} contacts, ${demo.deals} deals, an active outreach sequence, ${demo.candidates} candidates`,
      "for 3 open jobs and a first intelligence snapshot.",
      "Its full-access API key, shown this once (keep it; `enginery keys create` makes more):",
      "",
      `  export KEY=${demo.secret}`,
      `  curl -H "Authorization: Bearer $KEY" "${url}/v1/invoices?status=overdue"`,
      "",
    );
  }
  return lines.join("\n");
}

export async function serve(config: Config): Promise<void> {
  const log = logger(config);
  const database = await openMigrated(config);
  const demo = await seedDemoIfEmpty(database.db, new Date());
  const rateLimits = rateLimitStore(config);
  const integrations = integrationsFrom(config);
  const app = await buildApp({ database, rateLimits, logger: log, integrations, webhookPolicy: webhookPolicy(config) });
  const dispatcher = dispatcherFor(config, database, log);
  const scheduler = createScheduler({ jobs: allJobs(database.db, { integrations, log, snapshotEveryHours: config.snapshotEveryHours, webhookLogDays: config.webhookLogDays }), intervalMs: config.schedulerIntervalMs, clock: () => new Date(), log });

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  const url = `http://localhost:${port}`;
  if (config.schedulerEnabled) scheduler.start();
  await dispatcher?.start();
  process.stdout.write(`${banner(url, demo)}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    await app.close();
    await dispatcher?.stop();
    await scheduler.stop();
    await rateLimits.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

/** The scheduler alone, for deployments that run it apart from the API processes. */
export async function worker(config: Config): Promise<void> {
  const log = logger(config);
  const database = await openMigrated(config);
  const jobs = allJobs(database.db, { integrations: integrationsFrom(config), log, snapshotEveryHours: config.snapshotEveryHours, webhookLogDays: config.webhookLogDays });
  const scheduler = createScheduler({ jobs, intervalMs: config.schedulerIntervalMs, clock: () => new Date(), log });
  scheduler.start();
  const dispatcher = dispatcherFor(config, database, log);
  await dispatcher?.start();
  log.info({ intervalMs: config.schedulerIntervalMs, dispatcher: dispatcher !== null }, "worker started");
  const shutdown = async () => {
    await dispatcher?.stop();
    await scheduler.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
}
