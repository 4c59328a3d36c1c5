import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { openStream } from "../helpers/sse.ts";
import { api, apiUrlOf, newOrg, ON_POSTGRES, Processes } from "./helpers.ts";

/**
 * GET /v1/events/stream across processes: two API processes on one
 * PostgreSQL, a stream held by one and writes made on the other (and on both
 * at once), a cut stream resumed on the other process with Last-Event-ID, and
 * the per-key bound, each process keeping its own.
 */
let testDb: TestDatabase;
let processes: Processes;
let apis: string[] = [];

describe.skipIf(!ON_POSTGRES)("event stream: 2 API processes, one PostgreSQL", () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
    processes = new Processes(testDb.url!);
    const apiOnly = {
      SCHEDULER: "false",
      WEBHOOK_DISPATCHER: "false",
      FUNCTION_TRIGGERS: "false",
      EVENT_STREAM_MAX_PER_KEY: "2",
      EVENT_STREAM_HEARTBEAT_MS: "1000",
    };
    const first = processes.serve(apiOnly);
    const firstUrl = await apiUrlOf(first);
    apis = [firstUrl, await apiUrlOf(processes.serve(apiOnly))];
  }, 300_000);

  afterAll(async () => {
    await processes?.stopAll();
    await testDb?.drop();
  });

  it("carries writes made on the other process and on both at once, each once and in the order they can be resumed in", async () => {
    const org = await newOrg(processes, "Stream Two Processes", "enterprise");
    const auth = { authorization: `Bearer ${org.key}` };
    const stream = await openStream(`${apis[0]}/v1/events/stream?type=contact.created`, auth);
    expect(stream.status).toBe(200);
    await stream.waitFor("the opening comment", () => stream.comments.some((c) => c.startsWith("streaming events")));

    // 40 contacts, 4 lanes on each process at once.
    const writes = await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        const client = api(apis[lane % 2]!, org.key);
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) ids.push((await client.post("/v1/contacts", { first_name: `Lane ${lane}`, last_name: `Person ${i}` })).body.id);
        return ids;
      }),
    );
    const made = writes.flat();
    await stream.waitForMessages(40, 30_000);
    const carried = stream.messages.map((m) => JSON.parse(m.data).data.object.id);
    expect(new Set(carried).size).toBe(40);
    expect([...carried].sort()).toEqual([...made].sort());

    // Cut after the 15th; resumed on the other process: the 25 after it, in the same order.
    stream.close();
    const resumed = await openStream(`${apis[1]}/v1/events/stream?type=contact.created`, { ...auth, "last-event-id": stream.messages[14]!.id! });
    await resumed.waitForMessages(25, 30_000);
    expect(resumed.messages.map((m) => m.id)).toEqual(stream.messages.slice(15).map((m) => m.id));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(resumed.messages).toHaveLength(25);
    resumed.close();
  }, 120_000);

  it("bounds each key's streams on each process with a 429 problem", async () => {
    const org = await newOrg(processes, "Stream Bound", "enterprise");
    const auth = { authorization: `Bearer ${org.key}` };
    const held = [await openStream(`${apis[0]}/v1/events/stream`, auth), await openStream(`${apis[0]}/v1/events/stream`, auth)];
    expect(held.map((s) => s.status)).toEqual([200, 200]);
    const refused = await openStream(`${apis[0]}/v1/events/stream`, auth);
    expect(refused.status).toBe(429);
    expect(refused.problem).toMatchObject({ code: "too_many_streams", title: "Too many open event streams" });
    for (const s of held) s.close();
  }, 60_000);
});
