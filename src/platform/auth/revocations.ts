import { randomUUID } from "node:crypto";
import { eq, gt, sql } from "drizzle-orm";
import type { Database } from "../../db/connection.ts";
import { apiProcesses } from "./api-keys-table.ts";
import { API_KEY_CHANGED, type KeyCache } from "./key-cache.ts";

/** Each process, having evicted a revoked key, says so here: "<revocation id> <process id>". */
export const API_KEY_EVICTED = "enginery_api_key_evicted";
/** How often a process says it is alive; one silent for three beats is taken for dead. */
const HEARTBEAT_MS = 2_000;
const ALIVE_FOR = "6 seconds";
/** How long a revocation waits for a process that does not confirm (one that died and is not yet known dead). */
const CONFIRM_TIMEOUT_MS = 3_000;
/** Test-only (set by the revocation test, never in production): this process hears of revocations late. */
const TEST_EVICTION_DELAY_MS = Number(process.env.ENGINERY_TEST_EVICTION_DELAY_MS ?? 0);

export interface Revocation {
  /** Goes into the NOTIFY payload, so each process's confirmation names this revocation. */
  id: string;
  /** Resolves once every live process has evicted the key (or after a timeout, for a process that died). */
  confirmed(): Promise<{ waitedFor: number; missing: string[] }>;
  /** Nothing was revoked after all (the key already was): stop gathering. */
  cancel(): void;
}

/**
 * Revocation that holds on every process before the revoking request answers.
 * Each process caches authenticated keys (see KeyCache) and registers itself
 * in api_processes with a heartbeat. A revocation commits with a NOTIFY; each
 * process evicts the key and answers on API_KEY_EVICTED; the revoking process
 * waits for the answer of every process alive at commit before it answers.
 * A process that cannot reach the database to beat its heart forgets every
 * cached key, so a process too cut off to confirm is also one that checks
 * keys afresh.
 */
export class Revocations {
  readonly processId = randomUUID();
  private readonly acks = new Map<string, { seen: Set<string>; changed: () => void }>();
  private stopListening: (() => Promise<void>)[] = [];
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly database: Database,
    private readonly cache: KeyCache,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async start(): Promise<void> {
    const { database, cache } = this;
    this.stopListening.push(
      await database.listen(
        API_KEY_EVICTED,
        (payload) => this.heard(payload),
        () => {},
      ),
      await database.listen(
        API_KEY_CHANGED,
        (payload) => void this.evict(payload),
        () => cache.clear(),
      ),
    );
    await this.beat();
    this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    await Promise.all(this.stopListening.map((stop) => stop()));
    await this.database.db
      .delete(apiProcesses)
      .where(eq(apiProcesses.id, this.processId))
      .catch(() => {});
  }

  /** Starts a revocation: its id goes into the NOTIFY; confirmations are gathered from now on. */
  begin(): Revocation {
    const id = randomUUID();
    const entry = { seen: new Set<string>(), changed: () => {} };
    this.acks.set(id, entry);
    return {
      id,
      cancel: () => void this.acks.delete(id),
      confirmed: async () => {
        try {
          const alive = await this.alive();
          const deadline = Date.now() + CONFIRM_TIMEOUT_MS;
          for (;;) {
            const missing = alive.filter((p) => !entry.seen.has(p));
            if (missing.length === 0) return { waitedFor: alive.length, missing };
            const left = deadline - Date.now();
            if (left <= 0) {
              this.log.warn({ revocation: id, missing }, "API key revocation: processes did not confirm the eviction in time (taken for dead)");
              return { waitedFor: alive.length, missing };
            }
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, left);
              entry.changed = () => {
                clearTimeout(timer);
                resolve();
              };
            });
          }
        } finally {
          this.acks.delete(id);
        }
      },
    };
  }

  private async evict(payload: string): Promise<void> {
    const [hash, revocation] = payload.split(" ");
    if (TEST_EVICTION_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, TEST_EVICTION_DELAY_MS));
    this.cache.evict(hash!);
    if (!revocation) return;
    await this.database.db
      .execute(sql`SELECT pg_notify(${API_KEY_EVICTED}, ${`${revocation} ${this.processId}`})`)
      .catch((error) => this.log.warn({ err: error }, "API key revocation: could not confirm an eviction"));
  }

  private heard(payload: string): void {
    const [revocation, processId] = payload.split(" ");
    const entry = this.acks.get(revocation!);
    if (!entry || !processId) return;
    entry.seen.add(processId);
    entry.changed();
  }

  private async alive(): Promise<string[]> {
    const rows = await this.database.db
      .select({ id: apiProcesses.id })
      .from(apiProcesses)
      .where(gt(apiProcesses.seenAt, sql`now() - ${ALIVE_FOR}::interval`));
    return rows.map((r) => r.id);
  }

  private async beat(): Promise<void> {
    try {
      await this.database.db
        .insert(apiProcesses)
        .values({ id: this.processId, seenAt: sql`now()` })
        .onConflictDoUpdate({ target: apiProcesses.id, set: { seenAt: sql`now()` } });
    } catch (error) {
      // Cut off from the database, this process may miss revocations: it trusts no cached key.
      this.cache.clear();
      this.log.warn({ err: error }, "API key revocation: heartbeat failed; the key cache is cleared");
    }
  }
}
