/*
 * The thirty-third round of blind sets, written from eval/agent/blind/README.md by people who never saw the planner's
 * code and run once before the planner was tuned to them: a finance and admin staffer in Jakarta mixing English and
 * Bahasa Indonesia ("invoice Globex sudah dibayar belum?", "tolong bikin invoice baru", "tgl 15", "akhir bulan")
 * (thirtyeighth-indonesian), a sales and admin coordinator at a Johannesburg installer writing South African English
 * ("howzit", "now-now", "the client is still sitting with 3 invoices", "USD 12 500") (thirtyeighth-southafrican), and
 * an accountant in Wrocław writing English with Polish structures and words, some messages wholly Polish ("faktura",
 * "zaległe", "termin płatności", "5 tys. USD", "do 30 grudnia") (thirtyeighth-polish). Their blind figures are in
 * docs/agent.md. Not in the default set; run them with
 *   npm run agent:eval -- --cases eval/agent/cases-heldout-33.ts
 */
import type { Case } from "./judge.ts";
import { CASES as INDONESIAN } from "./heldout/thirtyeighth-indonesian.ts";
import { CASES as POLISH } from "./heldout/thirtyeighth-polish.ts";
import { CASES as SOUTH_AFRICAN } from "./heldout/thirtyeighth-southafrican.ts";

export const CASES: Case[] = [...INDONESIAN, ...SOUTH_AFRICAN, ...POLISH];
