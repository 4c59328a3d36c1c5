import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp, type Tenant, type TestClock } from "../helpers/harness.ts";

/**
 * Issue 15: the Python library's own tests (python3 -m unittest, standard
 * library only) against this real server, and mypy --strict over the package.
 */
// Real time: the client's waits (Retry-After) must let the rate limit refill, and webhook timestamps be now.
const realClock: TestClock = Object.assign(() => new Date(), { set() {}, advance() {} });
const t = useTestApp({ clock: realClock });
const sdkDir = path.resolve(import.meta.dirname, "../../sdks/python");
let full: Tenant;
let readOnlyKey: string;
let free: Tenant;

beforeAll(async () => {
  full = await t().tenant();
  readOnlyKey = (await full.newKey("read_only")).secret;
  free = await t().tenant({ plan: "free" });
  // Deliveries to the tests' own receiver are made by the real dispatcher.
  t().dispatcher.start();
});

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // Asynchronous: the server answering the child's requests runs in this process.
    const child = spawn(command, args, { cwd: sdkDir, env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1", ...env } });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

function hasCommand(command: string): boolean {
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) => fs.existsSync(path.join(dir, command)));
}

describe("the Python client library", () => {
  it("passes its unittest suite against the real server", async () => {
    const { code, output } = await run("python3", ["-m", "unittest", "discover", "-s", "tests", "-t", ".", "-v"], {
      PYTHONPATH: sdkDir,
      ENGINERY_TEST_URL: t().url,
      ENGINERY_TEST_KEY: full.key,
      ENGINERY_TEST_READ_ONLY_KEY: readOnlyKey,
      ENGINERY_TEST_FREE_KEY: free.key,
    });
    expect(code, output).toBe(0);
    const ran = Number(/Ran (\d+) tests?/.exec(output)?.[1] ?? 0);
    expect(ran, output).toBeGreaterThanOrEqual(25);
    // Every test ran: none skipped for want of the server or its keys.
    expect(output, output).not.toMatch(/skipped/);
  }, 300_000);

  // The whole file runs once, in the PGlite project (PGLITE_ONLY in vitest.config.ts).
  it("type-checks with mypy --strict, and the types catch mistakes", async () => {
    if (!hasCommand("mypy")) {
      // CI installs mypy (.ci/run); there a missing checker is a failure, not a skip.
      expect(process.env.CI, "mypy is not installed (apt-get install mypy)").not.toBe("true");
      return;
    }
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "enginery-mypy-"));
    try {
      // The README's code blocks, in order, as one module (the setup block defines `client`).
      const readme = fs.readFileSync(path.join(sdkDir, "README.md"), "utf8");
      const blocks = [...readme.matchAll(/```python\n([\s\S]*?)```/g)].map((m) => m[1]);
      expect(blocks.length).toBeGreaterThanOrEqual(6);
      const readmeCode = path.join(cache, "readme_blocks.py");
      fs.writeFileSync(readmeCode, blocks.join("\n"));
      const good = await run("mypy", ["--strict", "--python-version", "3.9", "--cache-dir", cache, "enginery", "examples", "tests", readmeCode]);
      expect(good.code, good.output).toBe(0);

      // A wrong field name, a wrong enum value and a missing required argument are each an error.
      const bad = path.join(cache, "bad_example.py");
      fs.writeFileSync(
        bad,
        [
          "from enginery import Enginery",
          "client = Enginery(api_key='ek_test')",
          "invoice = client.invoices.get('inv_1')",
          "print(invoice['amount_outstanding'])",
          "client.invoices.list(per_page='ten')",
          "client.invoices.create(client='Initech', amount=5, currency='USD', due_date='2027-01-01', status='paid')",
          "client.contacts.create(first_name='Ann', colour='blue')",
          "client.accounts.dossier()",
          "client.invoices.list(status='overdoo')",
          "client.invoices.list(status=['open', 'overdoo'])",
          "client.deals.list(status__ne='one')",
          "client.agent.chat_with(message='hi')",
          "for step in client.agent.chat(message='hi', stream=True): print(step['data']['delta'])",
          "",
        ].join("\n"),
      );
      const caught = await run("mypy", ["--strict", "--python-version", "3.9", "--cache-dir", cache, bad], { MYPYPATH: sdkDir });
      expect(caught.code, caught.output).toBe(1);
      for (const line of [4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) expect(caught.output, caught.output).toContain(`bad_example.py:${line}: error`);
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  }, 120_000);
});
