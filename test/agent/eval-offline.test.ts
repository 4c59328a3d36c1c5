import { describe, expect, it } from "vitest";
import { runCli } from "../../eval/agent/cli.ts";
import { createTestDatabase } from "../helpers/database.ts";

/**
 * The whole evaluation on the built-in offline planner. The lead sets both
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

describe("npm run agent:eval on the offline planner", () => {
  it(`passes at least ${OFFLINE_PASS_RATE_FLOOR * 100}% of the set, with at most ${OFFLINE_WRONG_WRITES_ALLOWED} cases of wrong writes`, async () => {
    const testDb = await createTestDatabase();
    try {
      const outcome = await runCli(["--quiet"], { database: testDb.database });
      if (outcome === "help") throw new Error("help");
      const wrong = outcome.results.filter((r) => r.wrongWrites.length).map((r) => `${r.say}: ${r.wrongWrites.join(", ")}`);
      expect(wrong.length, wrong.join("\n")).toBeLessThanOrEqual(OFFLINE_WRONG_WRITES_ALLOWED);
      expect(outcome.summary.rate, outcome.output).toBeGreaterThanOrEqual(OFFLINE_PASS_RATE_FLOOR);
    } finally {
      await testDb.drop();
    }
  }, 1_200_000);
});
