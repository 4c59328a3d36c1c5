import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASES } from "../../eval/agent/cases.ts";
import { runCli } from "../../eval/agent/cli.ts";
import { formatReport, summarize } from "../../eval/agent/report.ts";
import { runCases, selectCases } from "../../eval/agent/runner.ts";
import { startLocal, type Target } from "../../eval/agent/server.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

/**
 * The evaluation's runner end to end, on the built-in planner: the app on a
 * database of this file's own, demo organizations seeded per case, the
 * agent asked over HTTP, the judge reading the API. (What the judge decides
 * is tested with a scripted model in eval-provider.test.ts, whose answers
 * are known; here it meets the real planner.)
 */
let testDb: TestDatabase;
let target: Target;
let seeded = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const local = await startLocal({ provider: "offline", maxSteps: 8 }, testDb.database);
  target = { ...local, fresh: () => (seeded++, local.fresh()) };
});
afterAll(async () => {
  await target?.close();
  await testDb?.drop();
});

const byLabel = (label: string) => {
  const found = CASES.find((c) => c.label === label);
  if (!found) throw new Error(`no case "${label}"`);
  return found;
};

describe("the evaluation runner", () => {
  it("runs a subset through the agent and judges it; a turn that changed something retires its organization", async () => {
    const subset = ["which invoices are overdue?", "how much does Initech owe?", "take a snapshot", "what's our win rate?", "create a deal"].map(byLabel);
    seeded = 0;
    const results = await runCases(target, subset);

    expect(results.map((r) => r.say)).toEqual(subset.map((c) => c.label));
    for (const r of results) {
      expect(r.expected.length).toBeGreaterThan(0);
      expect(r.reply.length).toBeGreaterThan(0);
      expect(r.wrongWrites).toEqual([]);
    }
    // What the README promises the built-in planner answers, any planner answers.
    expect(results[0]).toMatchObject({ passed: true, engine: "finance", kind: "read", failures: [] });
    expect(results[0]!.expected[0]).toMatch(/^the reply states \d+ overdue invoices$/);
    expect(results[2]).toMatchObject({ passed: true, kind: "write" });
    // Two lookups share the first organization; the snapshot changes it, so the next case gets a new one.
    expect(seeded).toBe(2);

    const summary = summarize(results, "offline", 1);
    expect(summary.cases).toBe(5);
    expect(Object.values(summary.by_kind).reduce((n, t) => n + t.total, 0)).toBe(5);
    expect(Object.values(summary.by_engine).reduce((n, t) => n + t.passed, 0)).toBe(summary.passed);
    const report = formatReport(results, summary);
    expect(report).toContain(`Passed ${summary.passed} of 5`);
    expect(report).toMatch(/^finance\s+\d+\/\d+ \d+%/m);
  }, 300_000);

  it("--api-url runs the cases against a server already running, in its key's organization", async () => {
    const outcome = await runCli(["--api-url", target.url, "--key", await target.fresh(), "--filter", "which invoices are overdue?", "--json"]);
    if (outcome === "help") throw new Error("help");
    expect(outcome.summary).toMatchObject({ cases: 1, passed: 1, wrong_writes: 0 });
    expect(outcome.summary.planner).toBe(`the one of the server at ${target.url}`);
    expect(JSON.parse(outcome.output).results[0].say).toBe("which invoices are overdue?");
  }, 120_000);

  it("--cases runs a set of the user's own, and says what is wrong with a file that is not one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "eval-cases-"));
    const judge = pathToFileURL(resolve("eval/agent/judge.ts")).href;
    const own = join(dir, "own.ts");
    writeFileSync(
      own,
      `import { count } from ${JSON.stringify(judge)};
export const CASES = [{ label: "count the overdue ones", engine: "finance", kind: "read",
  plan: (w) => ({ say: "how many overdue invoices are there", expect: [count(w.invoices.filter((i) => i.status === "overdue").length)] }) }];\n`,
    );
    const outcome = await runCli(["--api-url", target.url, "--key", await target.fresh(), "--cases", own, "--json"]);
    if (outcome === "help") throw new Error("help");
    expect(outcome.summary).toMatchObject({ cases: 1, passed: 1, wrong_writes: 0 });
    const notCases = join(dir, "not-cases.ts");
    writeFileSync(notCases, "export const CASES = 3;\n");
    await expect(runCli(["--cases", notCases])).rejects.toThrow(/must export CASES/);
    await expect(runCli(["--cases", join(dir, "missing.ts")])).rejects.toThrow(/cannot load it/);
  }, 120_000);

  it("--filter picks cases by request, engine or kind", () => {
    expect(selectCases(CASES, "OVERDUE").every((c) => /overdue/i.test(c.label))).toBe(true);
    expect(selectCases(CASES, "talent").length).toBe(CASES.filter((c) => c.engine === "talent").length);
    expect(selectCases(CASES, "question").every((c) => c.kind === "question" || /question/i.test(c.label))).toBe(true);
  });

  it("the set is large, covers every engine and kind, and its requests are not repeated", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(150);
    for (const engine of ["finance", "growth", "talent", "intelligence"]) expect(CASES.some((c) => c.engine === engine)).toBe(true);
    for (const kind of ["read", "write", "question", "figure"])
      expect(CASES.filter((c) => c.kind === kind).length).toBeGreaterThanOrEqual(kind === "figure" ? 10 : 15);
    expect(new Set(CASES.map((c) => c.label.toLowerCase())).size).toBe(CASES.length);
  });
});
