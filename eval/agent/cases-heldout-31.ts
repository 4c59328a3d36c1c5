/*
 * The thirty-first round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: a virtual assistant in Cebu writing Filipino English
 * ("is Acme paid already?", "kindly", "paki-check", "po", "pls revert") (thirtysixth-filipino), an administrative
 * manager near Bologna writing English with Italian structures and words, some messages wholly Italian ("fattura",
 * "scadenza", "1.250,00 €", "how much money the client X must still give us?") (thirtysixth-italian), and a finance
 * and HR manager in Shenzhen writing Chinese English ("how many invoice not paid yet?", "Globex, the deal, change to
 * won", "this one cancel") (thirtysixth-shenzhen). Their blind figures are in docs/agent.md. Not in the default set;
 * run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-31.ts
 */
import type { Case } from "./judge.ts";
import { CASES as FILIPINO } from "./heldout/thirtysixth-filipino.ts";
import { CASES as ITALIAN } from "./heldout/thirtysixth-italian.ts";
import { CASES as SHENZHEN } from "./heldout/thirtysixth-shenzhen.ts";

export const CASES: Case[] = [...FILIPINO, ...ITALIAN, ...SHENZHEN];
