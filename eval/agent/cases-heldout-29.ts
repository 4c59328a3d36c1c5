/*
 * The twenty-ninth round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: a plumbing firm's owner in Cork writing Irish English ("your
 * man from Globex", "I'm after getting a payment", "lodged", "would you ever") (thirtyfourth-irish), an office
 * administrator in Tokyo writing formal English as a second language ("I would like to confirm about", "Please kindly
 * let me know", "JPY 1,200,000", "2026/12/15") (thirtyfourth-japanese), and a warehouse supervisor ramping up seasonal
 * hiring on a tablet ("need 3 more pickers", "cut an invoice", "close out the forklift posting") (thirtyfourth-warehouse).
 * Their blind figures are in docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-29.ts
 */
import type { Case } from "./judge.ts";
import { CASES as IRISH } from "./heldout/thirtyfourth-irish.ts";
import { CASES as JAPANESE } from "./heldout/thirtyfourth-japanese.ts";
import { CASES as WAREHOUSE } from "./heldout/thirtyfourth-warehouse.ts";

export const CASES: Case[] = [...IRISH, ...JAPANESE, ...WAREHOUSE];
