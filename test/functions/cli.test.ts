import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp, type Tenant } from "../helpers/harness.ts";
import { run } from "../helpers/processes.ts";

/**
 * `bin/enginery functions deploy | invoke | logs`, run as real processes
 * against the test app over HTTP, the way a developer uses them.
 */
const t = useTestApp();
let tenant: Tenant;
let tmp: string;

/** The CLI's environment: the test app's URL and the tenant's key, nothing of ours. */
function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, ENGINERY_URL: t().url, ENGINERY_API_KEY: tenant.key, ...extra };
  return env;
}

function file(name: string, text: string): string {
  const at = path.join(tmp, name);
  fs.writeFileSync(at, text);
  return at;
}

beforeAll(async () => {
  tenant = await t().tenant();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "enginery-functions-cli-"));
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("enginery functions", () => {
  it("deploys a TypeScript file as version 1, then as version 2 of the same function", async () => {
    const source = file(
      "greet.ts",
      `interface Body { name?: string }
       export default {
         async fetch(request: Request, ctx: { org: { id: string } }) {
           const body: Body = request.method === "POST" ? await request.json() : {};
           console.log("greeting", body.name ?? "nobody");
           return { hello: body.name ?? "world", org: ctx.org.id, method: request.method };
         },
       };`,
    );
    const first = await run(["functions", "deploy", source, "--name", "greet"], cliEnv());
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Deployed greet version 1 \(fn_[0-9a-z]{26}, sha256 [0-9a-f]{12}\)$/m);
    expect(first.last).toBe(`Invoke: ${t().url}/v1/functions/greet/invoke`);

    const second = await run(["functions", "deploy", source, "--name", "greet"], cliEnv());
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Deployed greet version 2 /m);
    const versions = await tenant.client.get("/v1/functions/greet/versions");
    expect(versions.body.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // Stack traces name the file deployed.
    expect(versions.body.data.map((v: { filename: string }) => v.filename)).toEqual(["greet.ts", "greet.ts"]);
  });

  it("invokes with --data (a POST) and without (a GET), printing the function's answer", async () => {
    const posted = await run(["functions", "invoke", "greet", "--data", '{"name": "Ada"}'], cliEnv());
    expect(posted.code).toBe(0);
    expect(JSON.parse(posted.last)).toEqual({ hello: "Ada", org: tenant.orgId, method: "POST" });
    const got = await run(["functions", "invoke", "greet"], cliEnv());
    expect(JSON.parse(got.last)).toEqual({ hello: "world", org: tenant.orgId, method: "GET" });
  });

  it("prints the latest invocations with their console lines, oldest first", async () => {
    const logs = await run(["functions", "logs", "greet"], cliEnv());
    expect(logs.code).toBe(0);
    const lines = logs.stdout.trim().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\S+Z {2}v2 {2}ok +[\d.]+ ms \(cpu [\d.]+ ms\) {2}POST -> 200 {2}fninv_[0-9a-z]{26}$/);
    expect(lines[1]).toBe("    [log] greeting Ada");
    expect(lines[2]).toMatch(/v2 {2}ok .* GET -> 200 /);
    expect(lines[3]).toBe("    [log] greeting nobody");
  });

  it("refuses a file that does not compile, printing the line and column, and deploys nothing", async () => {
    const broken = file("broken.js", "export default {\n  fetch() {\n    return (1 +;\n  },\n};\n");
    const result = await run(["functions", "deploy", broken, "--name", "broken"], cliEnv());
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^enginery: 422 function_compile_error: source: line 3, column \d+: /);
    expect((await tenant.client.get("/v1/functions/broken")).status).toBe(404);
  });

  it("fails clearly when the function fails, is missing, or the key is wrong", async () => {
    const thrower = file("thrower.js", 'export default { fetch() { throw new Error("kaput") } }');
    expect((await run(["functions", "deploy", thrower, "--name", "thrower"], cliEnv())).code).toBe(0);
    const failed = await run(["functions", "invoke", "thrower"], cliEnv());
    expect(failed.code).toBe(1);
    expect(failed.stderr.trim()).toBe("enginery: 500 function_failed: The function thrower failed: Error: kaput");

    const missing = await run(["functions", "invoke", "nope"], cliEnv());
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe("enginery: 404 not_found: No function named nope.");

    const badKey = await run(["functions", "logs", "greet"], cliEnv({ ENGINERY_API_KEY: "ek_live_not-a-key" }));
    expect(badKey.code).toBe(1);
    expect(badKey.stderr.trim()).toMatch(/^enginery: 401 invalid_api_key: /);
  });

  it("explains usage mistakes in one line without calling the API", async () => {
    const noKey = await run(["functions", "logs", "greet"], { PATH: process.env.PATH, ENGINERY_URL: t().url });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr.trim()).toBe("enginery: an API key is needed: --api-key <key> or ENGINERY_API_KEY");
    const noName = await run(["functions", "deploy", path.join(tmp, "greet.ts")], cliEnv());
    expect(noName.stderr.trim()).toBe("enginery: --name <name> is required");
    const noFile = await run(["functions", "deploy", path.join(tmp, "missing.ts"), "--name", "x"], cliEnv());
    expect(noFile.stderr.trim()).toBe(`enginery: cannot read ${path.join(tmp, "missing.ts")}: ENOENT`);
    const badData = await run(["functions", "invoke", "greet", "--data", "{nope"], cliEnv());
    expect(badData.stderr.trim()).toBe("enginery: --data must be JSON");
    const badUrl = await run(["functions", "logs", "greet", "--url", "ftp://example.com"], cliEnv());
    expect(badUrl.stderr.trim()).toBe('enginery: --url must start with http:// or https://, got "ftp://example.com"');
    const unreachable = await run(["functions", "logs", "greet", "--url", "http://127.0.0.1:9"], cliEnv());
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim()).toMatch(/^enginery: cannot reach http:\/\/127\.0\.0\.1:9: /);
    const unknown = await run(["functions", "frobnicate"], cliEnv());
    expect(unknown.stderr.trim()).toBe('enginery: unknown command "functions frobnicate"; functions commands: deploy, invoke, logs');
  });
});
