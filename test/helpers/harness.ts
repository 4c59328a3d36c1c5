import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { buildApp, type AppDeps } from "../../src/app.ts";
import type { Database } from "../../src/db/connection.ts";
import type { AgentSettings } from "../../src/engines/agent/planners.ts";
import { createApiKey } from "../../src/platform/auth/api-keys-service.ts";
import type { Engine, KeyKind } from "../../src/platform/auth/permissions.ts";
import type { Api } from "../../src/platform/http.ts";
import { createOrg } from "../../src/platform/orgs/orgs-service.ts";
import type { Plan } from "../../src/platform/orgs/orgs-table.ts";
import type { RateLimitStore } from "../../src/platform/rate-limit/gcra.ts";
import { memoryRateLimitStore } from "../../src/platform/rate-limit/memory-store.ts";
import { createScheduler, type Scheduler } from "../../src/platform/scheduler.ts";
import { allJobs } from "../../src/jobs.ts";
import { featureSubscribers } from "../../src/subscribers.ts";
import { createDispatcher, type Dispatcher } from "../../src/webhooks/dispatcher.ts";
import { createTriggerDispatcher, type TriggerDispatcher } from "../../src/functions/trigger-dispatcher.ts";
import type { Integrations } from "../../src/integrations.ts";
import { Contract } from "./contract.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

/** A clock tests can set and move; the app reads time only through it. */
export interface TestClock {
  (): Date;
  set(date: Date | string): void;
  advance(ms: number): void;
}

export function testClock(start: Date | string = new Date()): TestClock {
  let now = new Date(start).getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.set = (date) => {
    now = new Date(date).getTime();
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  // Test responses are read field by field; `any` keeps assertions short.
  body: T;
  text: string;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** Raw body text, sent as is (for malformed JSON and the like). */
  raw?: string;
  headers?: Record<string, string>;
}

/** An HTTP client the way a user's code would be: fetch against the listening server. */
export class Client {
  constructor(
    readonly baseUrl: string,
    readonly key: string | null = null,
    /** Every exchange is held to the OpenAPI document (test/helpers/contract.ts). */
    readonly contract?: Contract,
  ) {}

  withKey(key: string | null): Client {
    return new Client(this.baseUrl, key, this.contract);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? this.key : options.key;
    if (key) headers.authorization = `Bearer ${key}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["content-type"] ??= "application/json";
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body });
    const text = await response.text();
    if (this.contract) {
      const exchange = {
        method,
        url: path,
        requestHeaders: headers,
        requestBody: body,
        status: response.status,
        responseHeaders: response.headers,
        responseText: text,
      };
      const problems = await this.contract.problems(exchange);
      if (problems.length) throw new Error(`The exchange does not match the OpenAPI document:\n${problems.join("\n")}`);
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>("GET", path, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("POST", path, { ...options, body });
  }
  patch<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>("PATCH", path, { ...options, body });
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>("DELETE", path, options);
  }
}

export interface Tenant {
  orgId: string;
  /** A full-access key's secret and id. */
  key: string;
  keyId: string;
  client: Client;
  /** Another key of this organization. */
  newKey(kind: KeyKind, options?: { engines?: Engine[]; expiresAt?: Date }): Promise<{ secret: string; id: string; client: Client }>;
}

export interface TestApp {
  app: Api;
  url: string;
  database: Database;
  testDb: TestDatabase;
  clock: TestClock;
  scheduler: Scheduler;
  /** The webhook dispatcher, not started: tests call runOnce(), or start() it. */
  dispatcher: Dispatcher;
  /** The dispatcher of event-triggered function runs, not started either. */
  functionRuns: TriggerDispatcher;
  client: Client;
  tenant(options?: { plan?: Plan; name?: string }): Promise<Tenant>;
  close(): Promise<void>;
}

export async function startTestApp(
  options: {
    clock?: TestClock;
    rateLimits?: RateLimitStore;
    integrations?: Partial<Integrations>;
    /** Scheduled intelligence snapshots, off unless a test file turns them on (they add events to every tenant). */
    snapshotEveryHours?: number;
    /** Sandbox worker processes for edge functions (started on first use). */
    functionWorkers?: number;
    /** How much of the sandbox one organization may hold (the invoker's defaults when left out). */
    functionFairShare?: NonNullable<AppDeps["functions"]>["fairShare"];
    /** The isolated-vm packages sandbox workers try (a missing one: a server where functions cannot run). */
    functionIsolatedVm?: string[];
    /** Dashboard sign-in; tests hash passwords at a low cost (the default is the recommended one). */
    identity?: AppDeps["identity"];
    /** The agent's planner (offline when left out). */
    agent?: AgentSettings;
    /** Where webhooks and functions' fetch() may go; loopback over plain http when left out (test receivers listen there). */
    webhookPolicy?: AppDeps["webhookPolicy"];
    /** TRUST_PROXY (none when left out). */
    trustProxy?: AppDeps["trustProxy"];
    /** PUBLIC_URL (none when left out). */
    publicUrl?: string;
    /** GET /v1/events/stream's heartbeat, poll interval and streams per key (the defaults when left out). */
    eventStream?: AppDeps["eventStream"];
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const clock = options.clock ?? testClock();
  const rateLimits = options.rateLimits ?? memoryRateLimitStore();
  // Test receivers listen on loopback over plain http.
  const webhookPolicy = options.webhookPolicy ?? { allowedNetworks: ["127.0.0.0/8", "::1/128"], allowHttp: true };
  const app = await buildApp({
    database: testDb.database,
    subscribers: featureSubscribers,
    rateLimits,
    clock,
    integrations: options.integrations,
    webhookPolicy,
    functions: { workers: options.functionWorkers ?? 1, fairShare: options.functionFairShare, isolatedVm: options.functionIsolatedVm },
    identity: { passwordCost: { log2N: 10, r: 8, p: 1 }, ...options.identity },
    agent: options.agent,
    trustProxy: options.trustProxy,
    eventStream: options.eventStream,
    publicUrl: options.publicUrl,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const db = testDb.database.db;
  const scheduler = createScheduler({
    jobs: allJobs(db, { subscribers: featureSubscribers, integrations: options.integrations, clock, snapshotEveryHours: options.snapshotEveryHours ?? 0 }),
    intervalMs: 60_000,
    clock,
    log: { info() {}, error() {} },
  });
  const client = new Client(url, null, Contract.enabled() ? Contract.load(app.swagger()) : undefined);
  const dispatcher = createDispatcher({ database: testDb.database, policy: webhookPolicy, clock, log: { info() {}, error() {} }, pollMs: 50 });
  const functionRuns = createTriggerDispatcher({ database: testDb.database, invoker: app.functionInvoker, clock, log: { error() {} }, pollMs: 50 });
  let counter = 0;

  return {
    app,
    url,
    database: testDb.database,
    testDb,
    clock,
    scheduler,
    dispatcher,
    functionRuns,
    client,
    async tenant({ plan = "enterprise", name } = {}) {
      const org = await createOrg(db, { name: name ?? `Tenant ${++counter}`, plan }, clock());
      const ctx = () => ({ orgId: org.id, requestId: null, idempotencyKey: null, now: clock() });
      const full = await createApiKey(db, ctx(), { kind: "full_access", name: "test full access" });
      return {
        orgId: org.id,
        key: full.secret,
        keyId: full.key.id,
        client: client.withKey(full.secret),
        async newKey(kind, { engines, expiresAt } = {}) {
          const created = await createApiKey(db, ctx(), { kind, engines, expiresAt: expiresAt ?? null });
          return { secret: created.secret, id: created.key.id, client: client.withKey(created.secret) };
        },
      };
    },
    async close() {
      await dispatcher.stop();
      await functionRuns.stop();
      await scheduler.stop();
      await app.close();
      await rateLimits.close();
      await testDb.drop();
    },
  };
}

/** One app for the whole test file, started before its tests and closed after. */
export function useTestApp(options: Parameters<typeof startTestApp>[0] = {}): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await startTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error("the test app is not started yet");
    return current;
  };
}
