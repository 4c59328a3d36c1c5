/*
 * The demo organization as a blind case writer sees it: starts the API in this process on an
 * in-memory PGlite, seeds one demo organization (dated today, as every eval run is) and writes
 * what the judge reads (eval/agent/world.ts) as JSON. Nothing of the agent runs.
 *
 *   node --import tsx eval/agent/blind/dump.ts > /tmp/world.json
 */
import { Api } from "../api.ts";
import { startLocal } from "../server.ts";
import { readWorld } from "../world.ts";

const target = await startLocal({ provider: "offline", maxSteps: 8 });
try {
  const world = await readWorld(new Api(target.url, await target.fresh()));
  process.stdout.write(`${JSON.stringify(world, null, 1)}\n`);
} finally {
  await target.close();
}
