/*
 * Plans a blind set without running the agent: seeds a demo organization, calls each case's
 * plan() on it and prints what would be said and judged, so a writer sees that every case can
 * be planned on today's data (a case that throws is a defect of the case). No request reaches
 * the agent.
 *
 *   node --import tsx eval/agent/blind/check.ts path/to/cases.ts
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Api } from "../api.ts";
import type { Case } from "../judge.ts";
import { startLocal } from "../server.ts";
import { readWorld } from "../world.ts";

const file = process.argv[2];
if (!file) {
  console.error("usage: check.ts <cases module exporting CASES>");
  process.exit(2);
}
const { CASES } = (await import(pathToFileURL(resolve(file)).href)) as { CASES: Case[] };
const target = await startLocal({ provider: "offline", maxSteps: 8 });
let bad = 0;
try {
  const world = await readWorld(new Api(target.url, await target.fresh()));
  const labels = new Set<string>();
  const tally = new Map<string, number>();
  for (const [i, c] of CASES.entries()) {
    if (labels.has(c.label)) console.log(`#${i} DUPLICATE LABEL ${c.label}`);
    labels.add(c.label);
    const key = `${c.engine}/${c.kind}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
    try {
      const plan = c.plan(world);
      console.log(`#${i} [${key}] ${JSON.stringify(plan.say)}\n     ${plan.expect.map((e) => e.text).join(" | ")}`);
    } catch (error) {
      bad++;
      console.log(`#${i} [${key}] CANNOT BE PLANNED: ${c.label}: ${(error as Error).message}`);
    }
  }
  console.log(`\n${CASES.length} cases, ${bad} cannot be planned; ${[...tally].map(([k, n]) => `${k} ${n}`).join(", ")}`);
} finally {
  await target.close();
}
process.exit(bad ? 1 : 0);
