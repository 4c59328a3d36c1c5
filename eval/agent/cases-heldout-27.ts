/*
 * The twenty-seventh round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: an operations executive in Singapore typing on her phone
 * ("can or not", "paid liao", "how many invoice overdue") (thirtysecond-singapore), a SaaS account executive in
 * sales-speak ("opp", "EB", "commit", "closed-lost", "slipped", "lmk") (thirtysecond-saas), and a retired teacher
 * keeping a family firm's books in long, polite sentences ("the Stark bill from the autumn", "the young lady who
 * applied for the design post") (thirtysecond-treasurer). Their blind figures are in docs/agent.md. Not in the
 * default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-27.ts
 */
import type { Case } from "./judge.ts";
import { CASES as SINGAPORE } from "./heldout/thirtysecond-singapore.ts";
import { CASES as SAAS } from "./heldout/thirtysecond-saas.ts";
import { CASES as TREASURER } from "./heldout/thirtysecond-treasurer.ts";

export const CASES: Case[] = [...SINGAPORE, ...SAAS, ...TREASURER];
