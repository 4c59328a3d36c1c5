import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enginery, ROOT, run } from "../helpers/processes.ts";

/**
 * The first minutes with bin/enginery, run as real processes: help for a
 * group named alone, --version, one-line refusals, and commands that load
 * only what they use (the compiled dist/, which the test setup keeps fresh).
 */
let tmp: string;
let env: NodeJS.ProcessEnv;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "enginery-cli-usage-"));
  env = enginery({ dataDir: path.join(tmp, "data") });
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The node_modules packages a command imported, by name. */
async function packagesImported(args: string[]): Promise<{ code: number | null; stdout: string; packages: Set<string> }> {
  const trace = path.join(tmp, `trace-${args.join("-")}.txt`);
  fs.writeFileSync(trace, "");
  const child = spawn(process.execPath, ["--import", "./test/helpers/import-trace.mjs", "bin/enginery", ...args], {
    cwd: ROOT,
    env: { ...env, IMPORT_TRACE: trace },
  });
  let stdout = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const packages = new Set(
    fs
      .readFileSync(trace, "utf8")
      .split("\n")
      .map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1])
      .filter((name): name is string => name !== undefined),
  );
  return { code, stdout, packages };
}

describe("enginery usage", () => {
  it("prints a group's usage when it is named without a subcommand", async () => {
    const groups = { orgs: ["create", "list"], keys: ["create", "list", "revoke"], users: ["create"], functions: ["deploy", "invoke", "logs"] };
    const results = await Promise.all(Object.keys(groups).map((group) => run([group], env)));
    Object.entries(groups).forEach(([group, subs], i) => {
      const result = results[i]!;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout).toMatch(/^usage:\n/);
      for (const sub of subs) expect(result.stdout).toContain(`  enginery ${group} ${sub}`);
      // Nothing of the other groups.
      expect(result.stdout.match(/enginery (\w+)/g)!.every((m) => m === `enginery ${group}`)).toBe(true);
    });
    expect(fs.existsSync(path.join(tmp, "data"))).toBe(false);
  }, 60_000);

  it("names a group's subcommands when given one it does not have, in one line", async () => {
    const [orgs, unknown, serve] = await Promise.all([run(["orgs", "delete"], env), run(["frobnicate"], env), run(["serve", "now"], env)]);
    for (const result of [orgs, unknown, serve]) {
      expect(result.code).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    }
    expect(orgs.stderr).toBe('enginery: unknown command "orgs delete"; orgs commands: create, list\n');
    expect(unknown.stderr).toBe('enginery: unknown command "frobnicate"; see enginery help\n');
    expect(serve.stderr).toBe('enginery: unknown command "serve now"; see enginery help\n');
  }, 60_000);

  it("prints the package's version with --version, and lists it in help", async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
    const [printed, help] = await Promise.all([run(["--version"], env), run(["help"], env)]);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stderr).toBe("");
    expect(printed.stdout).toBe(`${version}\n`);
    expect(help.stdout).toMatch(/^ {2}--version +print the version$/m);
    expect(help.stdout).toMatch(/^ {2}orgs list$/m);
  }, 60_000);

  it("loads only what a command uses: --version no dependency at all, an admin command no server", async () => {
    const version = await packagesImported(["--version"]);
    expect(version.code).toBe(0);
    expect([...version.packages]).toEqual([]);

    const list = await packagesImported(["orgs", "list"]);
    expect(list.code).toBe(0);
    expect(list.packages.has("@electric-sql/pglite")).toBe(true); // the embedded database it lists from
    for (const heavy of ["fastify", "esbuild", "isolated-vm", "ioredis", "pino", "@scalar/fastify-api-reference", "tsx"])
      expect(list.packages).not.toContain(heavy);
  }, 60_000);
});
