import { buildApp } from "../app.ts";
import { ConfigError, type Config } from "../config.ts";
import { seedDemoIfEmpty } from "../demo/seed.ts";
import { createUser } from "../identity/identity-service.ts";
import { generatePassword } from "../identity/passwords.ts";
import { integrationsFrom } from "../integrations.ts";
import { allJobs } from "../jobs.ts";
import { openMigrated } from "./database.ts";
import { featureSubscribers } from "../subscribers.ts";
import { createScheduler } from "../platform/scheduler.ts";
import {
  dispatcherFor,
  logger,
  metricsListener,
  processMetrics,
  rateLimitStore,
  secretBox,
  triggerDispatcherFor,
  webhookPolicy,
  withinDeadline,
} from "./server-wiring.ts";
import { createReadRouting } from "../platform/read-routing.ts";

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
  const database = await openMigrated(config, { replica: true });
  if (config.databaseReadUrl && !config.redisUrl)
    log.warn("DATABASE_READ_URL without REDIS_URL: a write pins its organization to the primary in this process only; run one API process, or set REDIS_URL");
  const demo = await seedDemoIfEmpty(database.db, new Date());
  const demoPassword = demo ? generatePassword() : null;
  if (demo && demoPassword)
    await createUser(database.db, { email: DEMO_EMAIL, password: demoPassword, name: "Demo User", orgId: demo.orgId, role: "owner" }, new Date());
  const rateLimits = rateLimitStore(config, log);
  const integrations = integrationsFrom(config);
  const metrics = processMetrics("api", database);
  const readRouting = createReadRouting(database, { pinMs: config.databaseReadPinMs, redisUrl: config.redisUrl, log });
  const functions = { secretBox: secretBox(config, log), workers: config.functionWorkers, niceness: config.functionWorkerNice };
  const app = await buildApp({
    database,
    subscribers: featureSubscribers,
    rateLimits,
    logger: log,
    integrations,
    webhookPolicy: webhookPolicy(config),
    functions,
    agent: config.agent,
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    metrics,
    metricsToken: config.metricsToken,
    readRouting,
    eventStream: config.eventStream,
  });
  const dispatcher = dispatcherFor(config, database, log, metrics);
  const triggers = triggerDispatcherFor(config, database, app, log);
  const scheduler = createScheduler({
    jobs: allJobs(database.db, jobOptions(config, integrations, log)),
    intervalMs: config.schedulerIntervalMs,
    clock: () => new Date(),
    log,
  });
  // The app closes its sandbox pool when it closes: not before the triggers using it have stopped.
  let queuesStopped: Promise<unknown> = Promise.resolve();
  app.addHook("onClose", async () => void (await queuesStopped));
  // Once closing, each answer ends its connection: a kept-alive one would hold the close until its idle timeout.
  let closing = false;
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as { port: number };
  const url = `http://localhost:${port}`;
  const metricsServer = await metricsListener(config, metrics);
  if (config.schedulerEnabled) scheduler.start();
  await dispatcher?.start();
  await triggers?.start();
  process.stdout.write(`${banner(url, demo, demoPassword)}\n`);

  onSignals(config, log, async (deadline) => {
    closing = true;
    // At once: no new connections, no new claims; in-flight requests and attempts run to the deadline.
    queuesStopped = Promise.all([triggers?.stop(deadline), dispatcher?.stop(deadline), scheduler.stop()]);
    const finished = await withinDeadline(deadline, Promise.all([app.close(), queuesStopped]));
    // Past the deadline the queues release what they still hold: that must reach the database before exit.
    if (!finished) await withinDeadline(deadline + RELEASE_GRACE_MS, queuesStopped);
    await metricsServer?.close();
    await Promise.allSettled([rateLimits.close(), readRouting.close()]);
    if (finished) await database.close();
    return finished;
  });
}

/** After the shutdown deadline: time for the queues to release their claims (one UPDATE each). */
const RELEASE_GRACE_MS = 1_500;

/**
 * SIGTERM and SIGINT: runs `shutdown` once with the deadline SHUTDOWN_TIMEOUT_MS
 * from now, then exits: 0 when everything finished, 1 when the deadline cut
 * work short. A second signal exits at once.
 */
function onSignals(config: Config, log: ReturnType<typeof logger>, shutdown: (deadline: number) => Promise<boolean>): void {
  let closing = false;
  const handle = (signal: string) => {
    if (closing) {
      log.warn({ signal }, "second signal: exiting now");
      process.exit(1);
    }
    closing = true;
    const deadline = Date.now() + config.shutdownTimeoutMs;
    log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, "shutting down: finishing in-flight work");
    // Whatever hangs past the deadline (a step that ignores it), the process still ends.
    setTimeout(() => process.exit(1), config.shutdownTimeoutMs + RELEASE_GRACE_MS + 1_000).unref();
    shutdown(deadline).then(
      (finished) => {
        if (!finished) log.warn({ timeoutMs: config.shutdownTimeoutMs }, "shutdown deadline reached: unfinished work was abandoned (queue claims released)");
        else log.info("shut down");
        process.exit(finished ? 0 : 1);
      },
      (error: unknown) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => handle("SIGINT"));
  process.on("SIGTERM", () => handle("SIGTERM"));
}

function jobOptions(config: Config, integrations: ReturnType<typeof integrationsFrom>, log: ReturnType<typeof logger>) {
  return {
    subscribers: featureSubscribers,
    integrations,
    log,
    snapshotEveryHours: config.snapshotEveryHours,
    webhookLogDays: config.webhookLogDays,
    functionLogDays: config.functionLogDays,
  };
}

/**
 * The scheduler, webhook dispatcher and function triggers alone, for
 * deployments that run them apart from the API processes. Event-triggered
 * functions read through the API in-process, so the worker builds the app
 * (without listening).
 */
export async function worker(config: Config): Promise<void> {
  if (config.metricsToken && config.metricsPort === null) {
    throw new ConfigError("METRICS_TOKEN", "is set but a worker serves metrics only on METRICS_PORT; set METRICS_PORT too");
  }
  const log = logger(config);
  const database = await openMigrated(config);
  const integrations = integrationsFrom(config);
  const metrics = processMetrics("worker", database);
  const scheduler = createScheduler({
    jobs: allJobs(database.db, jobOptions(config, integrations, log)),
    intervalMs: config.schedulerIntervalMs,
    clock: () => new Date(),
    log,
  });
  scheduler.start();
  const dispatcher = dispatcherFor(config, database, log, metrics);
  await dispatcher?.start();
  const rateLimits = rateLimitStore(config, log);
  const app = config.functionTriggers
    ? await buildApp({
        database,
        subscribers: featureSubscribers,
        rateLimits,
        logger: log,
        integrations,
        webhookPolicy: webhookPolicy(config),
        functions: { secretBox: secretBox(config, log), workers: config.functionWorkers, niceness: config.functionWorkerNice },
        metrics,
      })
    : null;
  const triggers = app ? triggerDispatcherFor(config, database, app, log) : null;
  await triggers?.start();
  const metricsServer = await metricsListener(config, metrics);
  log.info({ intervalMs: config.schedulerIntervalMs, dispatcher: dispatcher !== null, functionTriggers: triggers !== null }, "worker started");
  process.stdout.write("Enginery worker started\n");
  onSignals(config, log, async (deadline) => {
    const queuesStopped = Promise.all([triggers?.stop(deadline), dispatcher?.stop(deadline), scheduler.stop()]);
    const finished = await withinDeadline(deadline, queuesStopped);
    if (!finished) await withinDeadline(deadline + RELEASE_GRACE_MS, queuesStopped);
    await withinDeadline(deadline, app?.close() ?? Promise.resolve());
    await metricsServer?.close();
    await rateLimits.close();
    if (finished) await database.close();
    return finished;
  });
}
