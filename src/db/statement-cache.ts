/**
 * How many entries any statement cache holds. One number for all of them:
 * a list's statements by query shape, the PGlite session's PREPAREd texts,
 * the events statements by event count, ownedRow's by table. Most never get
 * near it (their keys are few and fixed by the code); the list shapes can
 * (filters and sorts combine), and a thousand covers every shape the API's
 * clients and bench send many times over.
 */
export const KEPT_STATEMENTS = 1000;

/**
 * The one cache of built statements (see README.md): at most KEPT_STATEMENTS
 * entries; when full, the oldest goes (first in, first out), and `set` hands
 * it back so the caller can release what it held (a PREPAREd statement's
 * DEALLOCATE). A statement that went is built again when next asked for, so
 * the limit costs time, never a wrong answer.
 */
export class StatementCache<K, V> {
  readonly #kept = new Map<K, V>();

  get(key: K): V | undefined {
    return this.#kept.get(key);
  }

  /** Keeps `value` under `key`; returns the value it pushed out to make room, if any. */
  set(key: K, value: V): V | undefined {
    let evicted: V | undefined;
    if (!this.#kept.has(key) && this.#kept.size >= KEPT_STATEMENTS) {
      const [oldKey, oldValue] = this.#kept.entries().next().value!;
      this.#kept.delete(oldKey);
      evicted = oldValue;
    }
    this.#kept.set(key, value);
    return evicted;
  }

  /** The value kept under `key`, built and kept on first use (for values that hold nothing to release). */
  obtain(key: K, build: () => V): V {
    let value = this.#kept.get(key);
    if (value === undefined) this.set(key, (value = build()));
    return value;
  }

  clear(): void {
    this.#kept.clear();
  }
}
