/**
 * Errors point at the customer's own file, line and column: each version
 * keeps the source map of its compiled code, and stack traces (the
 * invocation log, the problem's function_error, console lines) and load
 * errors at deploy are reported through it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../helpers/expect-problem.ts";
import { useTestApp, type Tenant } from "../helpers/harness.ts";

const t = useTestApp();

// TypeScript whose types disappear when compiled: lines and columns of the compiled code differ from these.
const ORDERS = [
  "interface Order { id: string; total: number }",
  "type Money = number;",
  "function check(order: Order, limit: Money): void {",
  "  if (order.total > limit) throw new RangeError(`order ${order.id} is over the limit`);",
  "}",
  "export default {",
  "  async fetch(request: Request, ctx: any): Promise<Response> {",
  '    const order: Order = { id: "o_1", total: 500 as Money };',
  '    console.error(new TypeError("logged, not thrown"));',
  "    check(order, 100 as Money);",
  '    return new Response("unreachable");',
  "  },",
  "};",
].join("\n");

/** The 1-based column where `text` starts on the 1-based `line` of the source. */
function columnOf(source: string, line: number, text: string): number {
  const index = source.split("\n")[line - 1]!.indexOf(text);
  expect(index, `${text} on line ${line}`).toBeGreaterThanOrEqual(0);
  return index + 1;
}

describe("source maps", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
  });

  it("a TypeScript function that throws: the problem, the log's stack and console errors name the source's file, line and column", async () => {
    const deployed = await tenant.client.post("/v1/functions", { name: "orders", source: ORDERS, filename: "orders.ts", limits: { cpu_ms: 1000 } });
    expect(deployed.status, deployed.text).toBe(201);
    expect(deployed.body.filename).toBe("orders.ts");

    const thrownAt = { file: "orders.ts", line: 4, column: columnOf(ORDERS, 4, "new RangeError") };
    const calledAt = `orders.ts:10:${columnOf(ORDERS, 10, "check(")}`;
    const res = await tenant.client.post("/v1/functions/orders/invoke", {});
    const problem = expectProblem(res, 500, "function_failed");
    expect(problem.function_error).toEqual({ name: "RangeError", message: "order o_1 is over the limit", location: thrownAt });

    await tenant.client.get("/v1/functions/orders/invocations");
    const log = await tenant.client.get("/v1/functions/orders/invocations?status=error");
    const [invocation] = log.body.data;
    expect(invocation.error.stack).toContain(`orders.ts:4:${thrownAt.column}`);
    expect(invocation.error.stack).toContain(calledAt);
    expect(invocation.error.stack).not.toContain("function.js");
    const logged = invocation.logs.find((l: any) => l.level === "error");
    expect(logged.message).toContain("logged, not thrown");
    expect(logged.message).toContain(`orders.ts:9:${columnOf(ORDERS, 9, "new TypeError")}`);
    expect(logged.message).not.toContain("function.js");
  });

  it("top-level code that throws at deploy: the 422 points at the source's line, not the compiled one", async () => {
    const source = [
      "interface Config { ready?: boolean }",
      "type Flag = boolean;",
      'const config: Config = JSON.parse("{}");',
      'if (!config.ready) throw new Error("not configured at load");',
      "export default { fetch() { return {} } };",
    ].join("\n");
    const problem = expectProblem(await tenant.client.post("/v1/functions", { name: "loads-badly", source }), 422, "function_compile_error");
    expect(problem.detail).toContain("not configured at load");
    expect([problem.line, problem.column]).toEqual([4, columnOf(source, 4, "new Error")]);
  });

  it("the file name defaults to function.ts, carries over to new versions, and can change", async () => {
    const source = 'export default {\n  fetch() {\n    throw new Error("plain");\n  },\n};';
    const v1 = await tenant.client.post("/v1/functions", { name: "plain", source });
    expect(v1.body.filename).toBe("function.ts");
    const fail = await tenant.client.post("/v1/functions/plain/invoke", {});
    expect(fail.body.function_error.location).toEqual({ file: "function.ts", line: 3, column: 11 });

    const v2 = await tenant.client.post("/v1/functions/plain/versions", { source, filename: "plain.js" });
    expect(v2.body.filename).toBe("plain.js");
    const v3 = await tenant.client.post("/v1/functions/plain/versions", { source: `// moved down a line\n${source}` });
    expect(v3.body.filename).toBe("plain.js");
    const moved = await tenant.client.post("/v1/functions/plain/invoke", {});
    expect(moved.body.function_error.location).toEqual({ file: "plain.js", line: 4, column: 11 });

    const versions = await tenant.client.get("/v1/functions/plain/versions");
    expect(versions.body.data.map((v: any) => v.filename)).toEqual(["plain.js", "plain.js", "function.ts"]);
  });

  it("a file name that is not a plain name is a 400 naming filename", async () => {
    for (const filename of ["../etc/passwd", "a/b.ts", "", "x".repeat(101), "name with spaces.ts"]) {
      const res = await tenant.client.post("/v1/functions", { name: "bad-filename", source: "export default { fetch() { return {} } }", filename });
      const problem = expectProblem(res, 400, "validation_failed", filename);
      expect(
        problem.errors.map((e: any) => e.field),
        filename,
      ).toEqual(["filename"]);
    }
  });
});
