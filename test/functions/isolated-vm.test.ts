/**
 * Which isolated-vm the sandbox runs: package.json holds 5.0.4 ("isolated-vm",
 * Node 20) and 6.x ("isolated-vm-6", Node >= 22) as optional dependencies, and
 * npm keeps the one that installs on the running Node. The worker loads the
 * natural one first and falls back to the other; when none loads, the pool
 * answers 503 and logs the reason once instead of crashing or restarting workers.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/platform/errors.ts";
import { candidates, loadIsolatedVm } from "../../src/functions/runtime/isolated-vm.ts";
import { createPool } from "../../src/functions/runtime/pool.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { useTestApp } from "../helpers/harness.ts";

const LIMITS = { cpuMs: 1_000, memoryMb: 32, timeoutMs: 5_000 };

describe("choosing isolated-vm", () => {
  it("prefers 6 on Node 22 and later, 5 before that", () => {
    expect(candidates("20.20.2")).toEqual(["isolated-vm", "isolated-vm-6"]);
    expect(candidates("22.0.0")).toEqual(["isolated-vm-6", "isolated-vm"]);
    expect(candidates("24.21.0")).toEqual(["isolated-vm-6", "isolated-vm"]);
  });

  it("loads the natural one on this Node, and it runs code", () => {
    const loaded = loadIsolatedVm();
    if (!loaded.ok) throw new Error(loaded.reason);
    expect(loaded.name).toBe(candidates()[0]);
    const isolate = new loaded.ivm.Isolate({ memoryLimit: 16 });
    expect(isolate.compileScriptSync("6 * 7").runSync(isolate.createContextSync())).toBe(42);
    isolate.dispose();
  });

  it("falls back to the next when one does not load, and names each failure when none does", () => {
    const fallback = loadIsolatedVm(["isolated-vm-missing", candidates()[0]!]);
    expect(fallback.ok && fallback.name).toBe(candidates()[0]);
    const none = loadIsolatedVm(["isolated-vm-missing", "isolated-vm-gone"]);
    expect(none.ok).toBe(false);
    expect(!none.ok && none.reason).toMatch(new RegExp(`^no isolated-vm loads on Node ${process.version} \\(isolated-vm-missing: .+; isolated-vm-gone: .+\\)`));
  });
});

describe("a pool whose workers cannot load isolated-vm", () => {
  it("answers 503 for checks and runs, logs one line why, and starts no more workers", async () => {
    const errors: string[] = [];
    const warnings: string[] = [];
    const pool = createPool({
      workers: 2,
      isolatedVm: ["isolated-vm-missing"],
      log: { error: (_o, msg) => errors.push(msg), warn: (_o, msg) => warnings.push(msg) },
    });
    try {
      const first = await pool.check("export default {}", LIMITS).then(
        () => null,
        (error: unknown) => error,
      );
      expect(first).toBeInstanceOf(ApiError);
      expect((first as ApiError).status).toBe(503);
      expect((first as ApiError).detail).toMatch(/^Functions cannot run on this server: no isolated-vm loads on Node .*isolated-vm-missing: /);
      // Every request after that is answered without a worker, on any slot.
      for (const key of ["a", "b", "c"]) {
        const run = pool.run(
          { key, limits: LIMITS, handler: "fetch", input: "{}", context: "{}" },
          { code: () => "export default {}", read: async () => "{}" },
        );
        await expect(run).rejects.toMatchObject({ status: 503, code: "service_unavailable" });
      }
      await expect(pool.check("export default {}", LIMITS)).rejects.toMatchObject({ status: 503 });
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^functions cannot run: no isolated-vm loads on Node /);
      expect(warnings).toEqual([]);
      expect(pool.stats()).toEqual([]);
    } finally {
      await pool.close();
    }
  });
});

describe("a server where no isolated-vm loads", () => {
  const t = useTestApp({ functionIsolatedVm: ["isolated-vm-missing"] });

  it("answers a deploy with a 503 problem that says why, and keeps serving", async () => {
    const { client } = await t().tenant();
    const response = await client.post("/v1/functions", { name: "hello", source: "export default { fetch() { return new Response('hi'); } }" });
    const body = expectProblem(response, 503, "service_unavailable");
    expect(body.detail).toMatch(/^Functions cannot run on this server: no isolated-vm loads on Node .*isolated-vm-missing/);
    expect((await client.get("/v1/functions")).status).toBe(200);
  });
});
