import type { FastifyInstance, FastifyRequest } from "fastify";
import { Redis } from "ioredis";
import type { Database, Db } from "../db/connection.ts";

/**
 * Read-your-writes over a lagging replica (DATABASE_READ_URL).
 *
 * List and dossier reads may go to the replica. After an organization writes
 * (any POST, PATCH, PUT or DELETE by one of its keys or members), its reads go
 * to the primary for `pinMs`: the pin is recorded before the write's answer
 * leaves, so no read the client sends after seeing its answer can miss the
 * write. The pin only helps while the replica trails by less than `pinMs`, so
 * while it trails more (or its lag cannot be measured), every read goes to the
 * primary. Other organizations' fresh writes may be missing from a replica
 * read for up to `pinMs`: that is the staleness the option accepts.
 *
 * Pins live in Redis when REDIS_URL is set, so every API process sees them
 * (one process's write pins the org for the process that serves the next
 * read), and always in this process's memory too, which is what answers while
 * Redis is unreachable.
 */
export interface ReadRouting {
  /** The handle a request's list or dossier read uses. */
  readerFor(orgId: string): Promise<Db>;
  pin(orgId: string): Promise<void>;
  close(): Promise<void>;
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const PREFIX = "enginery:pin:";

export function createReadRouting(
  database: Database,
  options: { pinMs: number; redisUrl?: string | null; log?: { warn(obj: object, msg: string): void } },
): ReadRouting {
  const replica = database.replica;
  const local = new Map<string, number>();
  const redis = replica && options.redisUrl ? connect(options.redisUrl) : null;

  function pinnedLocally(orgId: string): boolean {
    const until = local.get(orgId);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    local.delete(orgId);
    return false;
  }

  async function pinned(orgId: string): Promise<boolean> {
    if (pinnedLocally(orgId)) return true;
    if (!redis) return false;
    try {
      return (await redis.exists(PREFIX + orgId)) === 1;
    } catch {
      // Unknown: the primary is always right.
      return true;
    }
  }

  return {
    async readerFor(orgId) {
      if (!replica) return database.db;
      if (replica.lagSeconds() * 1000 >= options.pinMs) return database.db;
      return (await pinned(orgId)) ? database.db : replica.db;
    },
    async pin(orgId) {
      if (!replica) return;
      local.set(orgId, Date.now() + options.pinMs);
      if (local.size > 100_000) for (const [org] of local) if (!pinnedLocally(org)) local.delete(org);
      try {
        await redis?.set(PREFIX + orgId, "1", "PX", options.pinMs);
      } catch (error) {
        options.log?.warn({ err: error, org: orgId }, "could not record a read pin in Redis; other processes may read this organization from the replica");
      }
    },
    async close() {
      redis?.disconnect();
    },
  };
}

function connect(url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 0,
    enableReadyCheck: false,
    commandTimeout: 150,
    connectTimeout: 1_000,
    retryStrategy: (n) => Math.min(n * 200, 2_000),
  });
  redis.on("error", () => {});
  return redis;
}

declare module "fastify" {
  interface FastifyInstance {
    readRouting: ReadRouting;
  }
}

/**
 * Pins the caller's organization to the primary when it writes (before the
 * answer is sent): a hook on the routes that can write only, so a read runs
 * no hook of this.
 */
export function registerReadRouting(app: FastifyInstance, routing: ReadRouting): void {
  app.decorate("readRouting", routing);
  const pin = async (request: FastifyRequest) => {
    if (request.caller && WRITES.has(request.method)) await routing.pin(request.caller.org.id);
  };
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => WRITES.has(method))) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    // First, as the global hook it was: before the route's own onSend hooks (an idempotent answer is stored after the pin).
    route.onSend = [pin, ...own];
  });
}

/** The database handle a list or dossier read of this request uses: the replica when it is fresh enough for the caller. */
export function readerOf(request: FastifyRequest): Promise<Db> {
  return request.server.readRouting.readerFor(request.caller!.org.id);
}
