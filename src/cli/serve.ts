import { buildApp } from "../app.ts";
import type { Config } from "../config.ts";
import { seedDemoIfEmpty } from "../demo/seed.ts";
import { Identity } from "../identity/identity-service.ts";
import { generatePassword } from "../identity/passwords.ts";
import { integrationsFrom } from "../integrations.ts";
import { allJobs } from "../jobs.ts";
import { openMigrated } from "./database.ts";
import { createScheduler } from "../platform/scheduler.ts";
import { dispatcherFor, logger, rateLimitStore, secretBox, triggerDispatcherFor, webhookPolicy } from "../runtime.ts";

export const DEMO_EMAIL = "demo@enginery.dev";

function banner(url: string, demo: Awaited<ReturnType<typeof seedDemoIfEmpty>>, demoPassword: string | null): string {
  const lines = [`Enginery is serving ${url}  (API reference: ${url}/docs)`, `Dashboard: ${url}/dashboard  (sign in, or sign up for a new organization)`];
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
  if (demo && demoPassword) {
    lines.push(`Sign in to the demo organization at ${url}/dashboard as ${DEMO_EMAIL} with the password ${demoPassword} (shown this once).`, "");
  }
  return lines.join("\n");
}

export async function serve(config: Config): Promise<void> {
  const log = logger(config);
  const database = await openMigrated(config);
  const demo = await seedDemoIfEmpty(database.db, new Date());
  const demoPassword = demo ? generatePassword() : null;
  if (demo && demoPassword) await new Identity(database.db).createUser({ email: DEMO_EMAIL, password: demoPassword, name: "Demo User", orgId: demo.orgId, role: "owner" }, new Date());
  const rateLimits = rateLimitStore(config, log);
  const integrations = integrationsFrom(config);
  const functions = { secretBox: secretBox(config, log), workers: config.functionWorkers };
  const app = await buildApp({ database, rateLimits, logger: log, integrations, webhookPolicy: webhookPolicy(config), functions, agent: config.agent, publicUrl: config.publicUrl });
  const dispatcher = dispatcherFor(config, database, log);
  const triggers = triggerDispatcherFor(config, database, app, log);
  const scheduler = createScheduler({ jobs: allJobs(database.db, jobOptions(config, integrations, log)), intervalMs: config.schedulerIntervalMs, clock: () => new Date(), log });

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  const url = `http://localhost:${port}`;
  if (config.schedulerEnabled) scheduler.start();
  await dispatcher?.start();
  await triggers?.start();
  process.stdout.write(`${banner(url, demo, demoPassword)}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, "shutting down");
    await triggers?.stop();
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

function jobOptions(config: Config, integrations: ReturnType<typeof integrationsFrom>, log: ReturnType<typeof logger>) {
  return { integrations, log, snapshotEveryHours: config.snapshotEveryHours, webhookLogDays: config.webhookLogDays, functionLogDays: config.functionLogDays };
}

/**
 * The scheduler, webhook dispatcher and function triggers alone, for
 * deployments that run them apart from the API processes. Event-triggered
 * functions read through the API in-process, so the worker builds the app
 * (without listening).
 */
export async function worker(config: Config): Promise<void> {
  const log = logger(config);
  const database = await openMigrated(config);
  const integrations = integrationsFrom(config);
  const scheduler = createScheduler({ jobs: allJobs(database.db, jobOptions(config, integrations, log)), intervalMs: config.schedulerIntervalMs, clock: () => new Date(), log });
  scheduler.start();
  const dispatcher = dispatcherFor(config, database, log);
  await dispatcher?.start();
  const rateLimits = rateLimitStore(config, log);
  const app = config.functionTriggers
    ? await buildApp({ database, rateLimits, logger: log, integrations, webhookPolicy: webhookPolicy(config), functions: { secretBox: secretBox(config, log), workers: config.functionWorkers } })
    : null;
  const triggers = app ? triggerDispatcherFor(config, database, app, log) : null;
  await triggers?.start();
  log.info({ intervalMs: config.schedulerIntervalMs, dispatcher: dispatcher !== null, functionTriggers: triggers !== null }, "worker started");
  const shutdown = async () => {
    await triggers?.stop();
    await app?.close();
    await rateLimits.close();
    await dispatcher?.stop();
    await scheduler.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown());
  process.on("SIGTERM", () => void shutdown());
}
