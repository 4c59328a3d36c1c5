/**
 * A counting semaphore with a bounded, first-come-first-served queue: at
 * most `limit` holders at once, at most `maxWaiting` callers waiting, each
 * for at most `maxWaitMs`. What one tenant (or one invocation) can make the
 * host do at once goes through one of these, so a noisy caller waits behind
 * itself instead of ahead of everybody else.
 */
export class Gate {
  private active = 0;
  private readonly waiting: { admit: () => void }[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting = Number.POSITIVE_INFINITY,
    readonly maxWaitMs = Number.POSITIVE_INFINITY,
  ) {}

  /** True once admitted (call leave() after); false if the queue is full, the wait ran out, or `signal` aborted. */
  enter(signal?: AbortSignal): Promise<boolean> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve(true);
    }
    if (this.waiting.length >= this.maxWaiting || signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const entry = {
        admit: () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", give);
          this.active++;
          resolve(true);
        },
      };
      const give = () => {
        clearTimeout(timer);
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        resolve(false);
      };
      if (Number.isFinite(this.maxWaitMs)) timer = setTimeout(give, this.maxWaitMs);
      signal?.addEventListener("abort", give, { once: true });
      this.waiting.push(entry);
    });
  }

  leave(): void {
    this.active--;
    this.waiting.shift()?.admit();
  }

  get idle(): boolean {
    return this.active === 0 && this.waiting.length === 0;
  }

  get inUse(): number {
    return this.active;
  }
}

/** One Gate per key (an organization), made on first use and dropped when idle. */
export class Gates {
  private readonly gates = new Map<string, Gate>();

  constructor(private readonly make: () => Gate) {}

  async run<T>(key: string, work: () => Promise<T>, refused: () => T | Promise<T>, signal?: AbortSignal): Promise<T> {
    let gate = this.gates.get(key);
    if (!gate) this.gates.set(key, (gate = this.make()));
    if (!(await gate.enter(signal))) {
      if (gate.idle) this.gates.delete(key);
      return refused();
    }
    try {
      return await work();
    } finally {
      gate.leave();
      if (gate.idle) this.gates.delete(key);
    }
  }
}
