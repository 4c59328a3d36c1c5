import { beforeAll, it } from "vitest";
import { readFileSync } from "node:fs";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { chat, seedWorld } from "./helpers.ts";

const clock = testClock("2026-03-10T12:00:00.000Z");
const app = useTestApp({ clock });
let tenant: Tenant;
beforeAll(async () => {
  tenant = await app().tenant();
  await seedWorld(tenant.client);
});

it("scratch", async () => {
  const lines = readFileSync("/tmp/scratch/msgs.txt", "utf8").split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  let conv: string | undefined;
  for (const line of lines) {
    const cont = line.startsWith("> ");
    const msg = cont ? line.slice(2) : line;
    const t = performance.now();
    const out = await chat(tenant.client, msg, cont ? conv : undefined);
    conv = out.conversation_id;
    console.log(`\n### ${msg}  [${(performance.now() - t).toFixed(0)}ms]\n${out.actions.map((a: any) => `  ${a.tool}(${JSON.stringify(a.input)}) -> ${a.status}${a.error ? " " + a.error.detail : ""}`).join("\n")}\n${out.message.content}`);
  }
}, 120000);
