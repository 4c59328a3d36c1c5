import { describe, expect, it } from "vitest";
import { CASES } from "../../eval/agent/cases.ts";
import { runCli } from "../../eval/agent/cli.ts";
import { ENGINES, type Engine } from "../../eval/agent/judge.ts";
import { createTestDatabase } from "../helpers/database.ts";

/**
 * The whole evaluation on the built-in offline planner, in two halves by engine
 * (eval-offline-money and eval-offline-people), so the suite's two workers share
 * its minutes. Every engine is in exactly one half (checked below). The lead sets both
 * bars at merge to what the planner achieves; they only ever tighten. They
 * started at the planner of the day the set was written: 23.8% (50 of 210;
 * the floor leaves a case's margin, since some cases' records depend on the
 * date) and 3 misreads that created records with wrong values ("Sam Patel VP
 * Sales", "for Contoso, their domain is", "Fabrikam (fabrikam.com), based in
 * Lisbon"). The goal is 90% and no wrong write at all. Raised with the
 * planner-general work (261 cases, cases-more.ts added): 240 of 261 (92.0%),
 * no wrong write. With three sets written outside the repository and added
 * as cases-heldout.ts (386 cases): 385 of 385 after the classes they found,
 * no wrong write; the floor is 95%, since a few cases choose their records
 * by the day. Before that the floor was the goal, 90%: a few cases choose their records
 * by today's date, so the figure moves by a case or two from day to day.
 */
export const OFFLINE_PASS_RATE_FLOOR = 0.95;
/** Cases whose turn made a change nobody asked for; worse than a failure. */
export const OFFLINE_WRONG_WRITES_ALLOWED = 0;

/** The halves, one test file each. */
export const HALVES: Record<"money" | "people", Engine[]> = { money: ["finance", "intelligence"], people: ["growth", "talent"] };

/** The evaluation's cases of these engines, held to the floors. */
export function offlineEvaluation(half: keyof typeof HALVES): void {
  const engines = HALVES[half];
  describe(`npm run agent:eval on the offline planner: the ${engines.join(" and ")} cases`, () => {
    it("the halves cover every engine once", () => {
      expect(Object.values(HALVES).flat().sort()).toEqual([...ENGINES].sort());
    });

    it(`passes at least ${OFFLINE_PASS_RATE_FLOOR * 100}% of them, with at most ${OFFLINE_WRONG_WRITES_ALLOWED} cases of wrong writes`, async () => {
      const testDb = await createTestDatabase();
      try {
        const outcome = await runCli(["--quiet"], { database: testDb.database, cases: CASES.filter((c) => engines.includes(c.engine)) });
        if (outcome === "help") throw new Error("help");
        expect(outcome.results.length).toBeGreaterThan(40);
        const wrong = outcome.results.filter((r) => r.wrongWrites.length).map((r) => `${r.say}: ${r.wrongWrites.join(", ")}`);
        expect(wrong.length, wrong.join("\n")).toBeLessThanOrEqual(OFFLINE_WRONG_WRITES_ALLOWED);
        expect(outcome.summary.rate, outcome.output).toBeGreaterThanOrEqual(OFFLINE_PASS_RATE_FLOOR);
      } finally {
        await testDb.drop();
      }
    }, 1_200_000);
  });
}
