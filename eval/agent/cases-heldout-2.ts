/*
 * Four sets written after cases-heldout.ts by people who never saw the
 * planner's code (written outside the repository, each run once blind before
 * the planner was tuned to it): two of everyday requests, one of chatty
 * messages with remarks and reasons around the request, one typed fast on a
 * phone. Their blind figures are in docs/agent.md. They are not in the default
 * set, which the suite runs on every change; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-2.ts
 */
import type { Case } from "./judge.ts";
import { CASES as EVERYDAY_A } from "./heldout/sixth-a.ts";
import { CASES as EVERYDAY_B } from "./heldout/sixth-b.ts";
import { CASES as CHATTY } from "./heldout/seventh-c.ts";
import { CASES as TERSE } from "./heldout/seventh-d.ts";

export const CASES: Case[] = [...EVERYDAY_A, ...EVERYDAY_B, ...CHATTY, ...TERSE];
