import swagger from "@fastify/swagger";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import scalar from "@scalar/fastify-api-reference";
import Fastify, { LogController, type FastifyBaseLogger } from "fastify";
import type { Database } from "./db/connection.ts";
import { registerFinance } from "./engines/finance/index.ts";
import { registerGrowth } from "./engines/growth/index.ts";
import { registerTalent } from "./engines/talent/index.ts";
import { registerAgent } from "./engines/agent/index.ts";
import { DEFAULT_AGENT, plannerFor, type AgentSettings } from "./engines/agent/planners.ts";
import { ToolRegistry } from "./engines/agent/tools.ts";
import { registerSnapshotRoutes } from "./intelligence/snapshots-routes.ts";
import { Snapshot } from "./intelligence/snapshots-schemas.ts";
import type { SsrfPolicy } from "./webhooks/ssrf.ts";
import { Endpoint } from "./webhooks/endpoints-schemas.ts";
import { registerWebhookRoutes } from "./webhooks/webhooks-routes.ts";
import { enricherOf, type Integrations } from "./integrations.ts";
import { FunctionOut, Invocation } from "./functions/functions-schemas.ts";
import { registerFunctionRoutes } from "./functions/functions-routes.ts";
import { FUNCTION_CHANGED } from "./functions/functions-service.ts";
import { createInvoker, type FairShare, type Invoker } from "./functions/invoker.ts";
import { createPool, type PoolOptions } from "./functions/runtime/pool.ts";
import { SecretBox } from "./functions/secrets.ts";
import { registerApiKeyRoutes, ApiKey } from "./platform/auth/api-keys-routes.ts";
import { ContextGrants, registerAuth, registerPermissionGuard } from "./platform/auth/auth-hook.ts";
import { KeyCache } from "./platform/auth/key-cache.ts";
import { operationSecurity } from "./platform/auth/scopes.ts";
import { Revocations } from "./platform/auth/revocations.ts";
import { ApiError } from "./platform/errors.ts";
import { registerEventRoutes } from "./platform/events/events-routes.ts";
import type { EventStreamOptions } from "./platform/events/event-stream.ts";
import { registerGuides } from "./platform/guides.ts";
import { registerHealthRoutes } from "./platform/health-routes.ts";
import { recordServedRoutes, type Api } from "./platform/http.ts";
import { registerIdempotency } from "./platform/idempotency/idempotency-hook.ts";
import { newId } from "./platform/ids.ts";
import { registerMeRoutes } from "./platform/me-routes.ts";
import { openApiOptions } from "./platform/openapi.ts";
import { clientErrorHandler, ProblemSchema, registerHostCheck, registerProblemHandling, sendProblem } from "./platform/problems.ts";
import type { RateLimitStore } from "./platform/rate-limit/gcra.ts";
import { registerRateLimit } from "./platform/rate-limit/rate-limit-hook.ts";
import "./platform/request-context.ts";
import { registerTextChecks, tooDeep, tooDeepError, validatorCompiler } from "./platform/validation.ts";
import { createMetrics, type Metrics } from "./platform/metrics.ts";
import { registerMetrics } from "./platform/metrics-routes.ts";
import { createReadRouting, registerReadRouting, type ReadRouting } from "./platform/read-routing.ts";
import { registerDashboardApiRoutes, type DashboardApiOptions } from "./identity/dashboard-api-routes.ts";
import { Membership } from "./identity/identity-schemas.ts";
import { sessionCaller } from "./identity/sessions.ts";
import { registerDashboard } from "./dashboard/dashboard-routes.ts";
import { oauthBearer, registerOAuth } from "./oauth/index.ts";
import { wireSubscribers } from "./platform/events/outbox.ts";
import type { EventSubscriber } from "./platform/events/fan-out.ts";

export type Clock = () => Date;

export interface AppDeps {
  database: Database;
  /** Who owes work for the events this app writes (src/subscribers.ts): required, so that no app writes events that owe nothing. */
  subscribers: readonly EventSubscriber[];
  rateLimits: RateLimitStore;
  /** Injected so tests can move time (overdue invoices, key expiry, rate limits). */
  clock?: Clock;
  /** A pino logger; none means silent (tests). */
  logger?: FastifyBaseLogger;
  /** Outside services (enrichment, mail); the built-in offline ones when left out. */
  integrations?: Partial<Integrations>;
  /** Where webhook endpoints may point; https to public addresses only when left out. */
  webhookPolicy?: SsrfPolicy;
  /** Edge functions: the key that seals their secrets (a per-process one when left out) and the sandbox workers. */
  functions?: { secretBox?: SecretBox; workers?: number; niceness?: number; fairShare?: Partial<FairShare>; isolatedVm?: PoolOptions["isolatedVm"] };
  /** Dashboard sign-in: the password hashing cost (lower in tests) and sign-in attempt limits. */
  identity?: DashboardApiOptions;
  /** The agent's planner: the offline one when left out. */
  agent?: AgentSettings;
  /** This process's metrics (one per process, shared with its dispatchers); a registry of its own when left out. */
  metrics?: Metrics;
  /** METRICS_TOKEN: serves /metrics on the API port behind this bearer token; not served there when left out. */
  metricsToken?: string | null;
  /** Where list and dossier reads go (DATABASE_READ_URL); always the primary when left out. */
  readRouting?: ReadRouting;
  /** PUBLIC_URL: the origin clients reach (the OAuth issuer); each request's own origin when left out. */
  publicUrl?: string | null;
  /** TRUST_PROXY: the addresses of the proxies whose X-Forwarded-* headers are believed; none when left out. */
  trustProxy?: string[] | null;
  /** GET /v1/events/stream: heartbeat, poll interval and streams per key (see platform/events/event-stream.ts). */
  eventStream?: Partial<EventStreamOptions>;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Runs deployed functions; the trigger dispatcher of this process uses it too. */
    functionInvoker: Invoker;
    /** The agent's tools, generated from this app's routes when it is ready. */
    agentTools: ToolRegistry;
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;
const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The edge-function routes, their sandbox pool (stopped with the app) and the invoker that runs them. */
async function registerFunctions(
  app: Api,
  deps: AppDeps,
  shared: { keyCache: KeyCache; grants: ContextGrants; clock: Clock; metrics: Metrics },
): Promise<void> {
  const db = deps.database.db;
  const pool = createPool({
    workers: deps.functions?.workers ?? 2,
    niceness: deps.functions?.niceness,
    fetchPolicy: deps.webhookPolicy,
    isolatedVm: deps.functions?.isolatedVm,
    log: app.log,
  });
  const box = deps.functions?.secretBox ?? SecretBox.ephemeral();
  const invoker = createInvoker({
    db,
    pool,
    box,
    ...shared,
    inject: (request) => app.inject(request),
    log: app.log,
    fairShare: deps.functions?.fairShare,
    metrics: shared.metrics,
  });
  app.decorate("functionInvoker", invoker);
  const unlisten = await deps.database.listen(
    FUNCTION_CHANGED,
    (id) => invoker.evict(id),
    () => invoker.clear(),
  );
  app.addHook("onClose", async () => {
    await unlisten();
    await invoker.flushLogs();
    await pool.close();
  });
  registerFunctionRoutes(app, { db }, { pool, box }, invoker);
}

/** Whether the logger writes info lines (pino says so; any other logger is assumed to). */
function infoEnabled(logger: FastifyBaseLogger): boolean {
  const pino = logger as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  return pino.isLevelEnabled?.("info") ?? true;
}

/**
 * The API reference at /docs: everything from this server. System fonts (the
 * default ones come from a font host, which an offline or firewalled machine
 * waits on), and none of the hosted features that need a Scalar account
 * (agent, MCP generator, "open in client" app, developer toolbar, telemetry).
 * "Test request" stays: it calls this API from the page.
 */
const DOCS_PAGE = {
  url: "/v1/openapi.json",
  title: "Enginery API",
  pageTitle: "Enginery API",
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
} as const;

/** Builds the whole HTTP API; no globals, so several can run in one process (tests). */
export async function buildApp(deps: AppDeps): Promise<Api> {
  wireSubscribers(deps.database.db, deps.subscribers);
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // The client's address (sign-in throttling, sessions) comes from X-Forwarded-For only through proxies we were told of.
    trustProxy: deps.trustProxy ?? false,
    requestIdHeader: false,
    // One log line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ requestIdLogLabel: "request_id", disableRequestLogging: true }),
    // A caller's own request id is kept (for tracing across systems) when it is sane.
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && INCOMING_REQUEST_ID.test(incoming) ? incoming : newId("request");
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Requests Node's parser refuses, and those without Host, answer problems too (see problems.ts).
    http: { requireHostHeader: false },
    clientErrorHandler,
    frameworkErrors: (error, request, reply) => sendProblem(request, reply, new ApiError("validation_failed", `The URL is malformed: ${error.message}`)),
  }).withTypeProvider<TypeBoxTypeProvider>();

  recordServedRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.decorateRequest("now", null as unknown as Date); // set by the first onRequest hook
  app.decorate("publicUrl", deps.publicUrl ?? null);
  app.addHook("onRequest", async (request, reply) => {
    request.now = clock();
    reply.header("x-request-id", request.id);
  });
  const metrics = deps.metrics ?? createMetrics("api");
  registerMetrics(app, metrics, deps.metricsToken ?? null);
  registerHostCheck(app);
  registerTextChecks(app);
  // No hook at all when the request line would not be logged (LOG_LEVEL=warn and above, tests).
  if (deps.logger && infoEnabled(deps.logger))
    app.addHook("onResponse", async (request, reply) => {
      request.log.info(
        { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10, key: request.caller?.key.id },
        "request",
      );
    });

  // An empty body with a JSON content type is "no body" (curl -X POST -H 'content-type: application/json').
  // Bodies are JSON only: anything else (text/plain included, which Fastify parses by default) is a 415.
  app.removeContentTypeParser("text/plain");
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    const deep = tooDeep(body as string);
    if (deep !== undefined) return done(tooDeepError(deep), undefined);
    parseJson(request, body as string, done);
  });

  registerProblemHandling(app);
  app.addHook("onRoute", (route) => {
    if (route.url.startsWith("/docs")) route.config = { ...route.config, public: true };
    // Every route documents its errors with the one problem schema.
    if (route.schema && !route.schema.hide) {
      route.schema.response = { ...(route.schema.response as object), "4XX": ProblemSchema, "5XX": ProblemSchema };
    }
    // The scopes an OAuth token needs for the route are its permissions (see platform/auth/scopes.ts).
    const security = operationSecurity(route.config?.permission);
    if (route.schema && !route.schema.hide && security && route.url.startsWith("/v1/")) route.schema.security ??= security;
  });
  await app.register(swagger, openApiOptions({ publicUrl: deps.publicUrl }));
  // The agent's tools are generated from the served routes once all are declared.
  const grants = new ContextGrants();
  const tools = new ToolRegistry({ inject: (request) => app.inject(request), grants });
  app.decorate("agentTools", tools);
  app.addHook("onReady", async () => tools.seal(app.servedRoutes));

  const keyCache = new KeyCache();
  const revocations = new Revocations(deps.database, keyCache, app.log);
  await revocations.start();
  app.addHook("onClose", async () => revocations.stop());
  registerAuth(app, deps.database.db, keyCache, grants, sessionCaller(deps.database.db), oauthBearer(deps.database.db));
  registerRateLimit(app, deps.rateLimits, (plan) => metrics.rateLimited(plan));
  const readRouting = deps.readRouting ?? createReadRouting(deps.database, { pinMs: 0 });
  registerReadRouting(app, readRouting);
  registerPermissionGuard(app);
  registerIdempotency(app, deps.database.db);

  const routeDeps = { db: deps.database.db };
  registerHealthRoutes(app, deps.database);
  registerMeRoutes(app);
  registerApiKeyRoutes(app, routeDeps, keyCache, revocations);
  const finance = registerFinance(app, routeDeps);
  const enricher = enricherOf(deps.integrations, clock, app.log);
  const growth = registerGrowth(app, { ...routeDeps, enricher });
  const talent = registerTalent(app, routeDeps);
  const agentSettings = deps.agent ?? DEFAULT_AGENT;
  const agent = registerAgent(app, { ...routeDeps, tools, planner: plannerFor(agentSettings), maxSteps: agentSettings.maxSteps });
  registerSnapshotRoutes(app, routeDeps);
  registerDashboardApiRoutes(app, deps.database.db, deps.rateLimits, deps.identity);
  await registerDashboard(app);
  const oauth = await registerOAuth(app, deps.database.db, deps.rateLimits);
  registerWebhookRoutes(app, routeDeps, deps.webhookPolicy ?? { allowedNetworks: [], allowHttp: false });
  await registerFunctions(app, deps, { keyCache, grants, clock, metrics });
  registerEventRoutes(
    app,
    routeDeps,
    {
      ...finance.eventObjects,
      ...growth.eventObjects,
      ...talent.eventObjects,
      ...agent.eventObjects,
      snapshot: Snapshot,
      api_key: ApiKey,
      webhook_endpoint: Endpoint,
      function: FunctionOut,
      function_invocation: Invocation,
      membership: Membership,
      ...oauth.eventObjects,
    },
    deps.eventStream,
  );

  app.get("/v1/openapi.json", { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  registerGuides(app);
  await app.register(scalar, { routePrefix: "/docs", configuration: DOCS_PAGE });
  return app;
}
