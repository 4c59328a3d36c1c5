/*
 * The seventeenth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: a recruiting coordinator typing Slack shorthand ("cands",
 * "pls", "the fe role", "platform eng") who also runs errands for the office (twentysecond-coordinator), a VP of Sales
 * on the Monday forecast call ("commit", "slipped", "push it to next quarter", "pipe") (twentysecond-forecast), and the
 * owner of a small agency doing the admin late at night ("the retainer", "2.5k", "by friday") (twentysecond-agency).
 * Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-17.ts
 */
import type { Case } from "./judge.ts";
import { CASES as AGENCY } from "./heldout/twentysecond-agency.ts";
import { CASES as COORDINATOR } from "./heldout/twentysecond-coordinator.ts";
import { CASES as FORECAST } from "./heldout/twentysecond-forecast.ts";

export const CASES: Case[] = [...COORDINATOR, ...FORECAST, ...AGENCY];
