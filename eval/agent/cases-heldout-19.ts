/*
 * The nineteenth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: a new hire in their first week who does not know the
 * product's words yet ("is there a way to see", "the money stuff", deals called "orders") (twentyfourth-newhire), an
 * operations executive in Bengaluru writing Indian business English ("kindly", "revert", "prepone", "please update
 * the same") (twentyfourth-ops), and a support lead working a billing ticket queue ("TKT-", "cust says", "per the
 * ticket") (twentyfourth-support). Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-19.ts
 */
import type { Case } from "./judge.ts";
import { CASES as NEWHIRE } from "./heldout/twentyfourth-newhire.ts";
import { CASES as OPS } from "./heldout/twentyfourth-ops.ts";
import { CASES as SUPPORT } from "./heldout/twentyfourth-support.ts";

export const CASES: Case[] = [...NEWHIRE, ...OPS, ...SUPPORT];
