import { AsyncResource, createHook, executionAsyncId } from "node:async_hooks";

/**
 * The API process's CPU time spent on one piece of work that hops between
 * callbacks: a ctx read, served in-process by the API itself (routing, auth,
 * the service, serializing, the database driver's continuations). Every
 * callback that runs in the work's asynchronous chain adds the CPU time it
 * took; callbacks of anything else running meanwhile (other tenants'
 * requests) add nothing. The hook that follows the chain is enabled only
 * while some measured work is in flight, so the process pays for it only
 * then. Approximate: a callback's CPU is read as the process's (all
 * threads), and work done on behalf of the chain in callbacks it did not
 * create (a pooled database connection reading its socket) is not counted.
 */
export interface CpuAccount {
  ns: number;
}

const owners = new Map<number, CpuAccount>();
/** The accounts of the callbacks running now, innermost last, with the CPU clock when each began. */
const running: { account: CpuAccount | undefined; since: number }[] = [];
let inFlight = 0;

function cpuNs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) * 1000;
}

const hook = createHook({
  init(asyncId) {
    const account = running.at(-1)?.account ?? owners.get(executionAsyncId());
    if (account) owners.set(asyncId, account);
  },
  before(asyncId) {
    const account = owners.get(asyncId);
    const outer = running.at(-1);
    // A callback inside another: the outer one's time stops while the inner runs.
    if (outer?.account) outer.account.ns += cpuNs() - outer.since;
    running.push({ account, since: account || outer?.account ? cpuNs() : 0 });
  },
  after() {
    const ended = running.pop();
    const now = ended?.account || running.at(-1)?.account ? cpuNs() : 0;
    if (ended?.account) ended.account.ns += now - ended.since;
    const outer = running.at(-1);
    if (outer) outer.since = now;
  },
  destroy(asyncId) {
    owners.delete(asyncId);
  },
});

/** Runs `work`, adding the CPU time of its asynchronous chain to `account`. */
export async function measureCpu<T>(account: CpuAccount, work: () => Promise<T>): Promise<T> {
  if (inFlight++ === 0) hook.enable();
  const scope = new AsyncResource("enginery.host-cpu");
  owners.set(scope.asyncId(), account);
  try {
    return await scope.runInAsyncScope(work);
  } finally {
    owners.delete(scope.asyncId());
    if (--inFlight === 0) {
      hook.disable();
      owners.clear();
      running.length = 0;
    }
  }
}
