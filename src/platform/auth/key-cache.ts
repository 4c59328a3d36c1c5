import type { Caller } from "./caller.ts";

/**
 * Authenticated callers by secret hash, so a request costs no key lookup.
 * Correctness does not rest on the TTL: revocation evicts the entry at once in
 * this process, and every other process hears of it through the database's
 * NOTIFY (see API_KEY_CHANGED) and confirms before the revoke answers (see
 * revocations.ts); expiry is checked on every use. The TTL only bounds how
 * long a missed notification could matter.
 */
export const API_KEY_CHANGED = "enginery_api_key_changed";

export class KeyCache {
  private readonly entries = new Map<string, { caller: Caller; storedAt: number }>();
  /** key id -> secret hash, for callers known by id (an edge function acts with its deployer's key). */
  private readonly hashes = new Map<string, string>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(hash: string, nowMs: number): Caller | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (nowMs - entry.storedAt > this.ttlMs || nowMs < entry.storedAt) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.caller;
  }

  getById(keyId: string, nowMs: number): Caller | undefined {
    const hash = this.hashes.get(keyId);
    return hash === undefined ? undefined : this.get(hash, nowMs);
  }

  set(hash: string, caller: Caller, nowMs: number): void {
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.evict(oldest);
    }
    this.entries.set(hash, { caller, storedAt: nowMs });
    this.hashes.set(caller.key.id, hash);
  }

  evict(hash: string): void {
    const entry = this.entries.get(hash);
    if (entry) this.hashes.delete(entry.caller.key.id);
    this.entries.delete(hash);
  }

  clear(): void {
    this.entries.clear();
    this.hashes.clear();
  }
}
