/*
 * The twenty-third round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: the office manager of a small law firm ("matters",
 * "statements", "retainers", "kindly") (twentyeighth-legal), the dispatcher of a field-service company typing on a
 * tablet ("cust", "wo", "get X on the books", "kill it") (twentyeighth-dispatch), and a freelance consultant grown into
 * a small studio, thinking out loud ("ok so", "ghosted", "am I on track") (twentyeighth-freelancer). Their blind
 * figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-23.ts
 */
import type { Case } from "./judge.ts";
import { CASES as LEGAL } from "./heldout/twentyeighth-legal.ts";
import { CASES as DISPATCH } from "./heldout/twentyeighth-dispatch.ts";
import { CASES as FREELANCER } from "./heldout/twentyeighth-freelancer.ts";

export const CASES: Case[] = [...LEGAL, ...DISPATCH, ...FREELANCER];
