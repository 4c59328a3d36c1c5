import path from "node:path";
import { parseCidrList } from "./webhooks/ssrf.ts";
import type { AgentSettings } from "./engines/agent/planners.ts";

/**
 * Environment -> typed config. Every variable is validated here, at start, so a
 * wrong value stops the process with one line naming it instead of failing
 * later in some request.
 */
export interface Config {
  port: number;
  host: string;
  /** postgres://... when set; otherwise the embedded PGlite database in dataDir. */
  databaseUrl: string | null;
  databasePoolSize: number;
  /** postgres://... of a streaming replica for list and dossier reads; null: every read goes to the primary. */
  databaseReadUrl: string | null;
  /** After an organization writes, its reads go to the primary for this long (read-your-writes over replica lag). */
  databaseReadPinMs: number;
  dataDir: string;
  redisUrl: string | null;
  /** A Redis call slower than this counts as Redis being down (the rate limiter then limits per process until it answers). */
  redisTimeoutMs: number;
  /** The URL clients reach the API at (behind a proxy): the OAuth issuer; null: each request's own origin. */
  publicUrl: string | null;
  /**
   * TRUST_PROXY: the addresses of the proxies in front of the API, whose X-Forwarded-For (and -Proto, -Host) are
   * believed. null: none, the TCP peer is the client (a client's own X-Forwarded-For is ignored).
   */
  trustProxy: string[] | null;
  logLevel: LogLevel;
  /** Run the scheduler (overdue invoices, ...) inside the server process. */
  schedulerEnabled: boolean;
  schedulerIntervalMs: number;
  /** An external enrichment service (POST JSON); the built-in offline provider when null. */
  enrichmentUrl: string | null;
  enrichmentApiKey: string | null;
  enrichmentTimeoutMs: number;
  enrichmentWaitMs: number;
  /** Hours between scheduled intelligence snapshots of each organization; 0: only on demand. */
  snapshotEveryHours: number;
  /** Run the webhook dispatcher inside the process (serve and worker). */
  webhookDispatcher: boolean;
  /** CIDRs webhook endpoints may point into although they are private (local development, tests). */
  webhookAllowPrivateNetworks: string[];
  webhookAllowHttp: boolean;
  webhookDisableAfterDays: number;
  webhookLogDays: number;
  /** How long a dispatcher holds claimed deliveries; a dispatcher that dies releases them when this runs out. */
  webhookLeaseMs: number;
  /** Seals edge functions' secrets; null: a key file beside the embedded database (see functionSecretsKeyFile). */
  functionSecretsKey: string | null;
  functionSecretsKeyFile: string;
  /** Sandbox worker processes per server process. */
  functionWorkers: number;
  /** The sandbox workers' nice value: customer code yields the CPU to the API's own requests. */
  functionWorkerNice: number;
  /** Run event-triggered functions in the process (serve and worker). */
  functionTriggers: boolean;
  functionLogDays: number;
  /** GET /v1/events/stream: EVENT_STREAM_HEARTBEAT_MS, EVENT_STREAM_POLL_MS, EVENT_STREAM_MAX_PER_KEY. */
  eventStream: { heartbeatMs: number; pollMs: number; maxPerKey: number };
  /** A second listener serving only /metrics (0: any free port); null: /metrics on the API port, and only with a token. */
  metricsPort: number | null;
  /** Bearer token /metrics requires; null: none (then only on METRICS_PORT, where the network is the access control). */
  metricsToken: string | null;
  /** On SIGTERM: how long in-flight requests and work may take before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** The agent's planner: built-in offline, or an OpenAI-compatible chat-completions server. */
  agent: AgentSettings;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = read(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = read(env, name);
  if (raw === undefined) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL such as ${protocols[0]}//host:port/...`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(" or ")}, got "${parsed.protocol}//"`);
  }
  return raw;
}

function cidrs(env: Env, name: string): string[] {
  const raw = read(env, name);
  if (raw === undefined) return [];
  try {
    return parseCidrList(raw);
  } catch (error) {
    throw new ConfigError(name, (error as Error).message);
  }
}

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGES = ["loopback", "linklocal", "uniquelocal"];

/** Addresses only: a hop count would believe whatever a client that connects directly claims (Fastify refuses it too). */
function trustProxy(env: Env): string[] | null {
  const raw = read(env, "TRUST_PROXY");
  if (raw === undefined) return null;
  const entries = raw.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (PROXY_RANGES.includes(entry)) continue;
    try {
      parseCidrList(entry.includes("/") ? entry : `${entry}/${entry.includes(":") ? 128 : 32}`);
    } catch {
      throw new ConfigError(
        "TRUST_PROXY",
        `must be a comma list of the proxies' addresses or CIDRs (or loopback, linklocal, uniquelocal); "${entry}" is none of these`,
      );
    }
  }
  return entries;
}

function secretsKey(env: Env): string | null {
  const raw = read(env, "FUNCTION_SECRETS_KEY");
  if (raw === undefined) return null;
  if (!/^[A-Za-z0-9+/]{43}=$/.test(raw)) throw new ConfigError("FUNCTION_SECRETS_KEY", "must be 32 bytes in base64, such as `openssl rand -base64 32` prints");
  return raw;
}

const AGENT_PROVIDERS = ["offline", "openai"] as const;

function agentSettings(env: Env): AgentSettings {
  const provider = (read(env, "AGENT_PROVIDER") ?? "offline").toLowerCase();
  if (!(AGENT_PROVIDERS as readonly string[]).includes(provider)) {
    throw new ConfigError("AGENT_PROVIDER", `must be offline (the built-in planner) or openai (any OpenAI-compatible server), got "${provider}"`);
  }
  const maxSteps = integer(env, "AGENT_MAX_STEPS", 8, 1, 50);
  if (provider === "offline") {
    for (const name of ["AGENT_BASE_URL", "AGENT_API_KEY", "AGENT_MODEL"]) {
      if (read(env, name) !== undefined) throw new ConfigError(name, "is set but AGENT_PROVIDER is offline; set AGENT_PROVIDER=openai to use a model");
    }
    return { provider: "offline", maxSteps };
  }
  const model = read(env, "AGENT_MODEL");
  if (!model) throw new ConfigError("AGENT_MODEL", "is required with AGENT_PROVIDER=openai (e.g. gpt-4o-mini, llama3.1)");
  return {
    provider: "openai",
    baseUrl: url(env, "AGENT_BASE_URL", ["https:", "http:"]) ?? "https://api.openai.com/v1",
    apiKey: read(env, "AGENT_API_KEY") ?? null,
    model,
    maxSteps,
    timeoutMs: integer(env, "AGENT_TIMEOUT_MS", 60_000, 100, 600_000),
  };
}

function readReplica(env: Env): Pick<Config, "databaseReadUrl" | "databaseReadPinMs"> {
  const databaseReadUrl = url(env, "DATABASE_READ_URL", ["postgres:", "postgresql:"]);
  if (databaseReadUrl && !read(env, "DATABASE_URL"))
    throw new ConfigError("DATABASE_READ_URL", "needs DATABASE_URL (a replica of the PostgreSQL primary; the embedded database has none)");
  return { databaseReadUrl, databaseReadPinMs: integer(env, "DATABASE_READ_PIN_MS", 10_000, 100, 3_600_000) };
}

function metrics(env: Env, apiPort: number): Pick<Config, "metricsPort" | "metricsToken"> {
  const raw = read(env, "METRICS_PORT");
  const metricsPort = raw === undefined ? null : integer(env, "METRICS_PORT", 0, 0, 65535);
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === apiPort)
    throw new ConfigError("METRICS_PORT", `must differ from PORT (${apiPort}); leave it unset to serve /metrics on the API port with METRICS_TOKEN`);
  const metricsToken = read(env, "METRICS_TOKEN") ?? null;
  if (metricsToken !== null && !/^[\x21-\x7e]{16,}$/.test(metricsToken))
    throw new ConfigError("METRICS_TOKEN", "must be at least 16 printable characters without spaces, such as `openssl rand -hex 24` prints");
  return { metricsPort, metricsToken };
}

export function loadConfig(env: Env = process.env): Config {
  const logLevel = (read(env, "LOG_LEVEL") ?? "info").toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError("LOG_LEVEL", `must be one of ${LOG_LEVELS.join(", ")}, got "${logLevel}"`);
  }
  const host = read(env, "HOST") ?? "0.0.0.0";
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(host)) throw new ConfigError("HOST", `is not a host name or address: "${host}"`);

  const port = integer(env, "PORT", 8080, 0, 65535);
  return {
    port,
    host,
    databaseUrl: url(env, "DATABASE_URL", ["postgres:", "postgresql:"]),
    databasePoolSize: integer(env, "DATABASE_POOL_SIZE", 10, 1, 200),
    ...readReplica(env),
    dataDir: path.resolve(read(env, "DATA_DIR") ?? "./.enginery/data"),
    redisUrl: url(env, "REDIS_URL", ["redis:", "rediss:"]),
    redisTimeoutMs: integer(env, "REDIS_TIMEOUT_MS", 150, 10, 10_000),
    publicUrl: url(env, "PUBLIC_URL", ["https:", "http:"])?.replace(/\/+$/, "") ?? null,
    trustProxy: trustProxy(env),
    logLevel: logLevel as LogLevel,
    schedulerEnabled: boolean(env, "SCHEDULER", true),
    schedulerIntervalMs: integer(env, "SCHEDULER_INTERVAL_MS", 30_000, 100, 86_400_000),
    enrichmentUrl: url(env, "ENRICHMENT_URL", ["http:", "https:"]),
    enrichmentApiKey: read(env, "ENRICHMENT_API_KEY") ?? null,
    enrichmentTimeoutMs: integer(env, "ENRICHMENT_TIMEOUT_MS", 10_000, 100, 110_000),
    enrichmentWaitMs: integer(env, "ENRICHMENT_WAIT_MS", 2_000, 0, 60_000),
    snapshotEveryHours: integer(env, "SNAPSHOT_EVERY_HOURS", 24, 0, 24 * 366),
    webhookDispatcher: boolean(env, "WEBHOOK_DISPATCHER", true),
    webhookAllowPrivateNetworks: cidrs(env, "WEBHOOK_ALLOW_PRIVATE_NETWORKS"),
    webhookAllowHttp: boolean(env, "WEBHOOK_ALLOW_HTTP", false),
    webhookDisableAfterDays: integer(env, "WEBHOOK_DISABLE_AFTER_DAYS", 5, 1, 365),
    webhookLogDays: integer(env, "WEBHOOK_LOG_DAYS", 30, 1, 3650),
    webhookLeaseMs: integer(env, "WEBHOOK_LEASE_MS", 5_000, 1_000, 3_600_000),
    functionSecretsKey: secretsKey(env),
    functionSecretsKeyFile: path.join(path.dirname(path.resolve(read(env, "DATA_DIR") ?? "./.enginery/data")), "function-secrets.key"),
    functionWorkers: integer(env, "FUNCTION_WORKERS", 2, 1, 64),
    functionWorkerNice: integer(env, "FUNCTION_WORKER_NICE", 10, 0, 19),
    functionTriggers: boolean(env, "FUNCTION_TRIGGERS", true),
    functionLogDays: integer(env, "FUNCTION_LOG_DAYS", 7, 1, 3650),
    eventStream: {
      heartbeatMs: integer(env, "EVENT_STREAM_HEARTBEAT_MS", 15_000, 100, 300_000),
      pollMs: integer(env, "EVENT_STREAM_POLL_MS", 250, 10, 60_000),
      maxPerKey: integer(env, "EVENT_STREAM_MAX_PER_KEY", 5, 1, 1_000),
    },
    ...metrics(env, port),
    shutdownTimeoutMs: integer(env, "SHUTDOWN_TIMEOUT_MS", 25_000, 100, 600_000),
    agent: agentSettings(env),
  };
}
