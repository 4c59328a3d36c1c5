import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/platform/ids.ts";
import { expectInvalid, expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Client, type Tenant } from "../helpers/harness.ts";
import {
  NOW,
  PIPELINE_ID,
  STAGE_ID,
  createOk,
  defaultPipeline,
  eventTypesOf,
  eventsOf,
  expectUnprocessable,
  getOk,
  listPipelines,
  neverBeforeNow,
  takeSnapshot,
} from "./helpers.ts";

const clock = testClock(NOW);
const t = useTestApp({ clock });

neverBeforeNow(clock);

/** The default pipeline's stages as the API shows them, without their ids. */
const DEFAULT_STAGES = [
  { name: "Lead in", position: 0, probability: 10, kind: "open" },
  { name: "Qualified", position: 1, probability: 25, kind: "open" },
  { name: "Proposal", position: 2, probability: 50, kind: "open" },
  { name: "Negotiation", position: 3, probability: 75, kind: "open" },
  { name: "Closed won", position: 4, probability: 100, kind: "won" },
  { name: "Closed lost", position: 5, probability: 0, kind: "lost" },
];

// ---------------------------------------------------------------------------
// Helpers (local to this file; the shared ones are in helpers.ts)
// ---------------------------------------------------------------------------

/** Stages without their ids, to compare with a literal. */
function withoutIds(stages: any[]): any[] {
  return stages.map(({ id, ...rest }) => {
    expect(id).toMatch(STAGE_ID);
    return rest;
  });
}

/** A stage list as PATCH takes it back: id, name, probability, kind. */
function asInput(stages: any[]): any[] {
  return stages.map(({ id, name, probability, kind }) => ({ id, name, probability, kind }));
}

function getPipeline(client: Client, id: string): Promise<any> {
  return getOk(client, `/v1/pipelines/${id}`);
}

const threeStages = () => [
  { name: "New", probability: 20 },
  { name: "Won", kind: "won" },
  { name: "Lost", kind: "lost" },
];

/** Creates a pipeline named "Partners" with three stages, unless the body says otherwise. */
function createPipeline(client: Client, body: Record<string, unknown> = {}): Promise<any> {
  return createOk(client, "/v1/pipelines", { name: "Partners", stages: threeStages(), ...body });
}

/** Creates a deal named "A deal" unless the body names it. */
function createDeal(client: Client, body: Record<string, unknown>): Promise<any> {
  return createOk(client, "/v1/deals", { name: "A deal", ...body });
}

/** Everything a refused write could have changed: every pipeline, every deal, the event log. */
const snapshot = (client: Client) => takeSnapshot(client, ["/v1/pipelines", "/v1/deals"]);

// ---------------------------------------------------------------------------

describe("the default pipeline", () => {
  it("is there on the first GET /v1/pipelines, with the standard Sales stages", async () => {
    const tenant = await t().tenant();
    const list = await listPipelines(tenant.client);
    expect(list.meta).toEqual({ total: 1, page: 1, per_page: 25 });
    const [sales] = list.data;
    expect(sales).toEqual({
      id: expect.stringMatching(PIPELINE_ID),
      object: "pipeline",
      name: "Sales",
      is_default: true,
      stages: expect.any(Array),
      created_at: NOW,
      updated_at: NOW,
    });
    expect(withoutIds(sales.stages)).toEqual(DEFAULT_STAGES);
    expect(new Set(sales.stages.map((s: any) => s.id)).size).toBe(6);
    expect(await getPipeline(tenant.client, sales.id)).toEqual(sales);
  });

  it("is made once: later lists show the same pipeline, and one pipeline.created event records it", async () => {
    const tenant = await t().tenant();
    const first = await defaultPipeline(tenant.client);
    clock.advance(1000);
    const again = await listPipelines(tenant.client);
    expect(again.data).toEqual([first]);
    const events = await eventsOf(tenant.client, first.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "pipeline.created", timestamp: first.created_at, org_id: tenant.orgId, data: { object: first } });
    expect(events[0].data.previous_attributes).toBeUndefined();
  });

  it("is made exactly once when several first requests arrive at the same time", async () => {
    const tenant = await t().tenant();
    const responses = await Promise.all(Array.from({ length: 6 }, () => tenant.client.get("/v1/pipelines")));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    const ids = new Set(responses.flatMap((r) => r.body.data.map((p: any) => p.id)));
    expect(ids.size).toBe(1);
    for (const response of responses) expect(response.body.meta.total).toBe(1);
    const created = await tenant.client.get("/v1/events?type=pipeline.created");
    expect(created.body.meta.total).toBe(1);
    expect(created.body.data[0].data.object.id).toBe([...ids][0]);
    expect((await listPipelines(tenant.client)).data.map((p) => p.id)).toEqual([...ids]);
  });

  it("is made exactly once when the first list and the first deals race", async () => {
    const tenant = await t().tenant();
    const responses = await Promise.all([
      tenant.client.get("/v1/pipelines"),
      tenant.client.post("/v1/deals", { name: "One" }),
      tenant.client.post("/v1/deals", { name: "Two" }),
      tenant.client.get("/v1/pipelines"),
    ]);
    expect(
      responses.map((r) => r.status),
      responses.map((r) => r.text).join("\n"),
    ).toEqual([200, 201, 201, 200]);
    const sales = await defaultPipeline(tenant.client);
    expect((await listPipelines(tenant.client)).meta.total).toBe(1);
    expect(responses[1]!.body.pipeline_id).toBe(sales.id);
    expect(responses[2]!.body.pipeline_id).toBe(sales.id);
    expect((await tenant.client.get("/v1/events?type=pipeline.created")).body.meta.total).toBe(1);
  });

  it("belongs to its organization: each tenant gets its own", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const salesA = await defaultPipeline(a.client);
    const salesB = await defaultPipeline(b.client);
    expect(salesA.id).not.toBe(salesB.id);
    expect(salesA.stages.map((s: any) => s.id)).not.toContain(salesB.stages[0].id);
    expectProblem(await b.client.get(`/v1/pipelines/${salesA.id}`), 404, "not_found");
  });
});

describe("POST /v1/pipelines", () => {
  it("creates a pipeline whose stages are positioned in the order given", async () => {
    const tenant = await t().tenant();
    const response = await tenant.client.post("/v1/pipelines", {
      name: "Partnerships",
      stages: [
        { name: "Intro", probability: 5 },
        { name: "Contract won", kind: "won" },
        { name: "Pilot", probability: 60, kind: "open" },
        { name: "Dropped", kind: "lost", probability: 0 },
        { name: "Signed", kind: "won", probability: 100 },
      ],
    });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const pipeline = response.body;
    expect(pipeline).toEqual({
      id: expect.stringMatching(PIPELINE_ID),
      object: "pipeline",
      name: "Partnerships",
      is_default: false,
      stages: expect.any(Array),
      created_at: clock().toISOString(),
      updated_at: clock().toISOString(),
    });
    expect(withoutIds(pipeline.stages)).toEqual([
      { name: "Intro", position: 0, probability: 5, kind: "open" },
      { name: "Contract won", position: 1, probability: 100, kind: "won" },
      { name: "Pilot", position: 2, probability: 60, kind: "open" },
      { name: "Dropped", position: 3, probability: 0, kind: "lost" },
      { name: "Signed", position: 4, probability: 100, kind: "won" },
    ]);
    expect(await getPipeline(tenant.client, pipeline.id)).toEqual(pipeline);
    const events = await eventsOf(tenant.client, pipeline.id);
    expect(events.map((e) => e.type)).toEqual(["pipeline.created"]);
    expect(events[0].data).toEqual({ object: pipeline });
  });

  it("leaves the default where it is unless is_default is true", async () => {
    const tenant = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    const other = await createPipeline(tenant.client, { is_default: false });
    expect(other.is_default).toBe(false);
    expect((await defaultPipeline(tenant.client)).id).toBe(sales.id);
  });

  it("with is_default true moves the default to the new pipeline", async () => {
    const tenant = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    clock.advance(60_000);
    const main = await createPipeline(tenant.client, { name: "Main", is_default: true });
    expect(main.is_default).toBe(true);
    const list = await listPipelines(tenant.client);
    expect(list.data.map((p) => [p.name, p.is_default])).toEqual([
      ["Sales", false],
      ["Main", true],
    ]);
    expect(list.data[0]).toEqual({ ...sales, is_default: false, updated_at: clock().toISOString() });
    // Deals without a pipeline now go to the new default's first open stage.
    const deal = await createDeal(tenant.client, {});
    expect(deal).toMatchObject({ pipeline_id: main.id, stage_id: main.stages[0].id });
  });

  it("with is_default true on a fresh organization still records the Sales pipeline it replaces", async () => {
    const tenant = await t().tenant();
    const main = await createPipeline(tenant.client, { name: "Main", is_default: true });
    const list = await listPipelines(tenant.client);
    expect(list.meta.total).toBe(2);
    const sales = list.data.find((p) => p.name === "Sales");
    expect(sales).toMatchObject({ is_default: false });
    expect(withoutIds(sales.stages)).toEqual(DEFAULT_STAGES);
    expect(list.data.find((p) => p.id === main.id)).toEqual(main);
    expect(await eventTypesOf(tenant.client, sales.id)).toContain("pipeline.created");
    expect((await tenant.client.get("/v1/events?type=pipeline.created")).body.meta.total).toBe(2);
  });

  it("several pipelines made default at the same time: each is created, exactly one ends up the default", async () => {
    const tenant = await t().tenant();
    await defaultPipeline(tenant.client);
    const responses = await Promise.all(
      Array.from({ length: 4 }, (_, i) => tenant.client.post("/v1/pipelines", { name: `Default ${i}`, is_default: true, stages: threeStages() })),
    );
    for (const response of responses) {
      expect(response.status, response.text).toBe(201);
      expect(response.body, `a pipeline in the body: ${response.text}`).toMatchObject({ object: "pipeline", id: expect.stringMatching(PIPELINE_ID) });
    }
    const list = await listPipelines(tenant.client, "?per_page=100");
    expect(list.data.map((p) => p.name).sort()).toEqual(["Default 0", "Default 1", "Default 2", "Default 3", "Sales"]);
    expect(list.data.filter((p) => p.is_default)).toHaveLength(1);
    expect((await tenant.client.get("/v1/events?type=pipeline.created")).body.meta.total).toBe(5);
  });

  it("accepts 50 stages and one-character names", async () => {
    const tenant = await t().tenant();
    const stages = Array.from({ length: 50 }, (_, i) => ({ name: `S${i}`, probability: i * 2 }));
    stages[0] = { name: "x", probability: 0 };
    const pipeline = await createPipeline(tenant.client, { stages });
    expect(pipeline.stages).toHaveLength(50);
    expect(pipeline.stages.map((s: any) => s.position)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(pipeline.stages[49]).toMatchObject({ name: "S49", probability: 98, kind: "open" });
  });

  it("accepts probabilities 0 and 100 on open stages and a single open stage", async () => {
    const tenant = await t().tenant();
    const pipeline = await createPipeline(tenant.client, { stages: [{ name: "Only", probability: 0 }] });
    expect(withoutIds(pipeline.stages)).toEqual([{ name: "Only", position: 0, probability: 0, kind: "open" }]);
    const sure = await createPipeline(tenant.client, { stages: [{ name: "Sure thing", probability: 100 }] });
    expect(sure.stages[0]).toMatchObject({ probability: 100, kind: "open" });
  });
});

describe("POST /v1/pipelines: bad input is refused and changes nothing", () => {
  let tenant: Tenant;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    tenant = await t().tenant();
    await createPipeline(tenant.client);
    before = await snapshot(tenant.client);
  });

  afterEach(async () => {
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  const post = (body: unknown) => tenant.client.post("/v1/pipelines", body);
  const body = (overrides: Record<string, unknown>) => ({ name: "Bad", stages: threeStages(), ...overrides });

  it("missing name or stages, or an empty object", async () => {
    expectInvalid(await post({ stages: threeStages() }), ["name"]);
    expectInvalid(await post({ name: "No stages" }), ["stages"]);
    expectInvalid(await post({}), ["name", "stages"]);
  });

  it("a name that is empty, too long or not a string", async () => {
    for (const name of ["", "x".repeat(101), 42, null]) expectInvalid(await post(body({ name })), ["name"]);
  });

  it("an empty stage list, more than 50 stages, or stages that are not a list", async () => {
    expectInvalid(await post(body({ stages: [] })), ["stages"]);
    const tooMany = Array.from({ length: 51 }, (_, i) => ({ name: `S${i}`, probability: 10 }));
    expectInvalid(await post(body({ stages: tooMany })), ["stages"]);
    expectInvalid(await post(body({ stages: { name: "New", probability: 10 } })), ["stages"]);
  });

  it("a stage without a name, or with an empty or too long one", async () => {
    expectInvalid(await post(body({ stages: [{ probability: 10 }] })), ["stages[0].name"]);
    expectInvalid(
      await post(
        body({
          stages: [
            { name: "A", probability: 1 },
            { name: "", probability: 10 },
          ],
        }),
      ),
      ["stages[1].name"],
    );
    expectInvalid(await post(body({ stages: [{ name: "y".repeat(101), probability: 10 }] })), ["stages[0].name"]);
  });

  it("a probability out of 0..100, fractional or not a number", async () => {
    for (const probability of [-1, 101, 50.5, "50", null]) {
      expectInvalid(
        await post(
          body({
            stages: [
              { name: "A", probability: 10 },
              { name: "B", probability },
            ],
          }),
        ),
        ["stages[1].probability"],
      );
    }
  });

  it("an open stage without probability", async () => {
    const response = await post(body({ stages: [{ name: "A", probability: 10 }, { name: "B" }] }));
    expectInvalid(response, ["stages[1].probability"]);
    const explicit = await post(body({ stages: [{ name: "A", kind: "open" }] }));
    expectInvalid(explicit, ["stages[0].probability"]);
  });

  it("a won stage whose probability is not 100, a lost stage whose probability is not 0", async () => {
    expectInvalid(
      await post(
        body({
          stages: [
            { name: "A", probability: 10 },
            { name: "W", kind: "won", probability: 90 },
          ],
        }),
      ),
      ["stages[1].probability"],
    );
    expectInvalid(
      await post(
        body({
          stages: [
            { name: "A", probability: 10 },
            { name: "L", kind: "lost", probability: 5 },
          ],
        }),
      ),
      ["stages[1].probability"],
    );
    expectInvalid(
      await post(
        body({
          stages: [
            { name: "A", probability: 10 },
            { name: "L", kind: "lost", probability: 100 },
          ],
        }),
      ),
      ["stages[1].probability"],
    );
  });

  it("an unknown stage kind", async () => {
    for (const kind of ["closed", "WON", "", 1]) {
      expectInvalid(
        await post(
          body({
            stages: [
              { name: "A", probability: 10 },
              { name: "B", kind },
            ],
          }),
        ),
        ["stages[1].kind"],
      );
    }
  });

  it("no open stage", async () => {
    const response = await post(
      body({
        stages: [
          { name: "W", kind: "won" },
          { name: "L", kind: "lost" },
        ],
      }),
    );
    expectInvalid(response, ["stages"]);
    expect(response.body.errors[0].message).toContain("open");
  });

  it("two stages with the same name, whatever the case", async () => {
    const response = await post(
      body({
        stages: [
          { name: "Demo", probability: 10 },
          { name: "Next", probability: 20 },
          { name: "DEMO", probability: 30 },
        ],
      }),
    );
    expectInvalid(response, ["stages[2].name"]);
    expectInvalid(
      await post(
        body({
          stages: [
            { name: "Won", probability: 10 },
            { name: "won", kind: "won" },
          ],
        }),
      ),
      ["stages[1].name"],
    );
    // Surrounding spaces do not make a name different.
    expectInvalid(
      await post(
        body({
          stages: [
            { name: " Demo", probability: 10 },
            { name: "demo ", probability: 20 },
          ],
        }),
      ),
      ["stages[1].name"],
    );
  });

  it("unknown fields on the pipeline or on a stage", async () => {
    expectInvalid(await post(body({ color: "red" })), ["color"]);
    expectInvalid(await post(body({ stages: [{ name: "A", probability: 10, position: 3 }] })), ["stages[0].position"]);
    expectInvalid(await post(body({ id: newId("pipeline") })), ["id"]);
  });

  it("a stage id of the wrong kind, and is_default that is not a boolean", async () => {
    expectInvalid(await post(body({ stages: [{ id: newId("deal"), name: "A", probability: 10 }] })), ["stages[0].id"]);
    expectInvalid(await post(body({ stages: [{ id: "stage_123", name: "A", probability: 10 }] })), ["stages[0].id"]);
    expectInvalid(await post(body({ is_default: "yes" })), ["is_default"]);
  });

  it("a body that is not an object, malformed JSON, or none", async () => {
    expectProblem(await post([body({})]), 400, "validation_failed");
    expectProblem(
      await tenant.client.request("POST", "/v1/pipelines", { raw: '{"name": "x",', headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
    expectProblem(await tenant.client.request("POST", "/v1/pipelines"), 400, "validation_failed");
  });
});

describe("PATCH /v1/pipelines/{id}", () => {
  it("renames, and emits pipeline.updated with the old name", async () => {
    const tenant = await t().tenant();
    const pipeline = await createPipeline(tenant.client, { name: "Old name" });
    clock.advance(60_000);
    const response = await tenant.client.patch(`/v1/pipelines/${pipeline.id}`, { name: "New name" });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ ...pipeline, name: "New name", updated_at: clock().toISOString() });
    expect(await getPipeline(tenant.client, pipeline.id)).toEqual(response.body);
    const events = await eventsOf(tenant.client, pipeline.id);
    expect(events.map((e) => e.type)).toEqual(["pipeline.created", "pipeline.updated"]);
    expect(events[1].data).toEqual({ object: response.body, previous_attributes: { name: "Old name" } });
  });

  it("replaces the stages: kept by id (renamed, reordered, re-weighted), added without id, deleted when left out", async () => {
    const tenant = await t().tenant();
    const pipeline = await createPipeline(tenant.client, {
      stages: [
        { name: "New", probability: 20 },
        { name: "Demo", probability: 40 },
        { name: "Trial", probability: 60 },
        { name: "Won", kind: "won" },
        { name: "Lost", kind: "lost" },
      ],
    });
    const [newStage, demo, trial, won, lost] = pipeline.stages;
    clock.advance(60_000);
    const response = await tenant.client.patch(`/v1/pipelines/${pipeline.id}`, {
      stages: [
        { id: trial.id, name: "Trial", probability: 70 },
        { id: newStage.id, name: "Inbound", probability: 15 },
        { name: "Security review", probability: 80 },
        { id: won.id, name: "Closed won", kind: "won" },
        { id: lost.id, name: "Lost", kind: "lost", probability: 0 },
      ],
    });
    expect(response.status, response.text).toBe(200);
    const updated = response.body;
    expect(updated.stages).toEqual([
      { id: trial.id, name: "Trial", position: 0, probability: 70, kind: "open" },
      { id: newStage.id, name: "Inbound", position: 1, probability: 15, kind: "open" },
      { id: expect.stringMatching(STAGE_ID), name: "Security review", position: 2, probability: 80, kind: "open" },
      { id: won.id, name: "Closed won", position: 3, probability: 100, kind: "won" },
      { id: lost.id, name: "Lost", position: 4, probability: 0, kind: "lost" },
    ]);
    expect(pipeline.stages.map((s: any) => s.id)).not.toContain(updated.stages[2].id);
    expect(updated).toEqual({ ...pipeline, stages: updated.stages, updated_at: clock().toISOString() });
    expect(await getPipeline(tenant.client, pipeline.id)).toEqual(updated);
    const events = await eventsOf(tenant.client, pipeline.id);
    expect(events.map((e) => e.type)).toEqual(["pipeline.created", "pipeline.updated"]);
    expect(events[1].data).toEqual({ object: updated, previous_attributes: { stages: pipeline.stages } });
    // The deleted stage is gone: a deal cannot be put in it.
    expectUnprocessable(await tenant.client.post("/v1/deals", { name: "x", stage_id: demo.id }), "stage_id");
  });

  it("keeps the deals of kept stages where they are, through renames and reorders", async () => {
    const tenant = await t().tenant();
    const pipeline = await createPipeline(tenant.client);
    const [first, won, lost] = pipeline.stages;
    const deal = await createDeal(tenant.client, { stage_id: first.id });
    const response = await tenant.client.patch(`/v1/pipelines/${pipeline.id}`, {
      stages: [
        { name: "Fresh", probability: 5 },
        { id: first.id, name: "Renamed", probability: 90 },
        { id: lost.id, name: "Lost", kind: "lost" },
        { id: won.id, name: "Won", kind: "won" },
      ],
    });
    expect(response.status, response.text).toBe(200);
    const after = await tenant.client.get(`/v1/deals/${deal.id}`);
    expect(after.body).toEqual(deal);
    expect(response.body.stages[1]).toEqual({ id: first.id, name: "Renamed", position: 1, probability: 90, kind: "open" });
  });

  it("changes the kind of a stage that holds no deals", async () => {
    const tenant = await t().tenant();
    const pipeline = await createPipeline(tenant.client);
    const [first, won, lost] = pipeline.stages;
    const response = await tenant.client.patch(`/v1/pipelines/${pipeline.id}`, {
      stages: [
        { id: first.id, name: "New", probability: 20 },
        { id: won.id, name: "Won", probability: 50 },
        { id: lost.id, name: "Lost", kind: "won" },
      ],
    });
    expect(response.status, response.text).toBe(200);
    expect(withoutIds(response.body.stages)).toEqual([
      { name: "New", position: 0, probability: 20, kind: "open" },
      { name: "Won", position: 1, probability: 50, kind: "open" },
      { name: "Lost", position: 2, probability: 100, kind: "won" },
    ]);
  });

  it("with is_default true moves the default; the old default is no longer it", async () => {
    const tenant = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    const other = await createPipeline(tenant.client);
    clock.advance(60_000);
    const response = await tenant.client.patch(`/v1/pipelines/${other.id}`, { is_default: true });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ ...other, is_default: true, updated_at: clock().toISOString() });
    expect(await getPipeline(tenant.client, sales.id)).toEqual({ ...sales, is_default: false, updated_at: clock().toISOString() });
    expect((await defaultPipeline(tenant.client)).id).toBe(other.id);
    const events = await eventsOf(tenant.client, other.id);
    expect(events.map((e) => e.type)).toEqual(["pipeline.created", "pipeline.updated"]);
    expect(events[1].data).toEqual({ object: response.body, previous_attributes: { is_default: false } });
    // The old default can now be deleted, the new one cannot.
    expect((await tenant.client.delete(`/v1/pipelines/${sales.id}`)).status).toBe(200);
    expectProblem(await tenant.client.delete(`/v1/pipelines/${other.id}`), 409, "conflict");
  });

  it("records the old default's change too: pipeline.updated with previous is_default true", async () => {
    const tenant = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    const other = await createPipeline(tenant.client);
    clock.advance(60_000);
    expect((await tenant.client.patch(`/v1/pipelines/${other.id}`, { is_default: true })).status).toBe(200);
    const now = await getPipeline(tenant.client, sales.id);
    const events = await eventsOf(tenant.client, sales.id);
    expect(events.map((e) => e.type)).toEqual(["pipeline.created", "pipeline.updated"]);
    expect(events[1]?.data).toEqual({ object: now, previous_attributes: { is_default: true } });
  });

  it("several pipelines made default by PATCH at the same time: no error, exactly one ends up the default", async () => {
    const tenant = await t().tenant();
    await defaultPipeline(tenant.client);
    const pipelines = [];
    for (let i = 0; i < 4; i++) pipelines.push(await createPipeline(tenant.client, { name: `Candidate ${i}` }));
    const responses = await Promise.all(pipelines.map((p) => tenant.client.patch(`/v1/pipelines/${p.id}`, { is_default: true })));
    expect(
      responses.map((r) => r.status),
      responses.map((r) => r.text).join("\n"),
    ).toEqual([200, 200, 200, 200]);
    const defaults = (await listPipelines(tenant.client, "?per_page=100")).data.filter((p) => p.is_default);
    expect(defaults).toHaveLength(1);
    expect(pipelines.map((p) => p.id)).toContain(defaults[0].id);
  });

  it("a PATCH that changes nothing emits no event", async () => {
    const tenant = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    const same = await tenant.client.patch(`/v1/pipelines/${sales.id}`, { name: "Sales", is_default: true, stages: asInput(sales.stages) });
    expect(same.status, same.text).toBe(200);
    expect({ ...same.body, updated_at: sales.updated_at }).toEqual(sales);
    expect(await eventTypesOf(tenant.client, sales.id)).toEqual(["pipeline.created"]);
  });

  it("refuses to delete a stage that holds deals: 409 with stage_id and deal_count, nothing changed", async () => {
    const tenant = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    const qualified = sales.stages[1];
    await createDeal(tenant.client, { stage_id: qualified.id });
    await createDeal(tenant.client, { stage_id: qualified.id });
    const before = await snapshot(tenant.client);
    const stages = asInput(sales.stages).filter((s) => s.id !== qualified.id);
    stages[0].name = "Renamed too";
    const response = await tenant.client.patch(`/v1/pipelines/${sales.id}`, { name: "Renamed", stages });
    const problem = expectProblem(response, 409, "conflict");
    expect(problem).toMatchObject({ stage_id: qualified.id, deal_count: 2 });
    expect(problem.detail).toContain(qualified.id);
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("refuses to change the kind of a stage that holds deals (409), nothing changed", async () => {
    const tenant = await t().tenant();
    const pipeline = await createPipeline(tenant.client);
    const [open, won, lost] = pipeline.stages;
    await createDeal(tenant.client, { stage_id: won.id });
    const before = await snapshot(tenant.client);
    const response = await tenant.client.patch(`/v1/pipelines/${pipeline.id}`, {
      stages: [
        { id: open.id, name: "New", probability: 20 },
        { id: won.id, name: "Won", kind: "lost" },
        { id: lost.id, name: "Lost", kind: "lost" },
      ],
    });
    expect(expectProblem(response, 409, "conflict")).toMatchObject({ stage_id: won.id, deal_count: 1 });
    expect(await snapshot(tenant.client)).toEqual(before);
    // An open stage with deals cannot become won either.
    await createDeal(tenant.client, { stage_id: open.id });
    const toWon = await tenant.client.patch(`/v1/pipelines/${pipeline.id}`, {
      stages: [
        { name: "Fresh", probability: 5 },
        { id: open.id, name: "New", kind: "won" },
        { id: won.id, name: "Won", kind: "won" },
        { id: lost.id, name: "Lost", kind: "lost" },
      ],
    });
    expect(expectProblem(toWon, 409, "conflict")).toMatchObject({ stage_id: open.id, deal_count: 1 });
  });

  it("refuses a stage id that is not a stage of this pipeline: 422 naming stages[i].id, nothing changed", async () => {
    const tenant = await t().tenant();
    const other = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    const second = await createPipeline(tenant.client);
    const foreign = await defaultPipeline(other.client);
    const before = await snapshot(tenant.client);
    const stagesWith = (id: string) => [...asInput(sales.stages).slice(0, 2), { id, name: "Borrowed", probability: 30 }];
    for (const id of [second.stages[0].id, foreign.stages[0].id, newId("stage")]) {
      const response = await tenant.client.patch(`/v1/pipelines/${sales.id}`, { stages: stagesWith(id) });
      expectUnprocessable(response, "stages[2].id");
      expect(response.body.detail).toContain(id);
    }
    expect(await snapshot(tenant.client)).toEqual(before);
    expect(await getPipeline(other.client, foreign.id)).toEqual(foreign);
  });

  it("refuses the same stage id twice (400 naming the second), nothing changed", async () => {
    const tenant = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    const before = await snapshot(tenant.client);
    const stages = asInput(sales.stages);
    const response = await tenant.client.patch(`/v1/pipelines/${sales.id}`, { stages: [...stages, { ...stages[0], name: "Copy" }] });
    expectInvalid(response, ["stages[6].id"]);
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("returns 404 for a pipeline that does not exist or belongs to another organization", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const salesA = await defaultPipeline(a.client);
    await defaultPipeline(b.client);
    for (const id of [salesA.id, newId("pipeline")]) {
      const response = await b.client.patch(`/v1/pipelines/${id}`, { name: "Hijacked" });
      expectProblem(response, 404, "not_found");
      expect(response.body.detail).toContain(id);
    }
    expectProblem(await b.client.patch(`/v1/pipelines/${salesA.id}`, { is_default: true }), 404, "not_found");
    expect(await getPipeline(a.client, salesA.id)).toEqual(salesA);
    expect(await eventTypesOf(a.client, salesA.id)).toEqual(["pipeline.created"]);
    expect((await defaultPipeline(b.client)).id).not.toBe(salesA.id);
  });
});

describe("PATCH /v1/pipelines/{id}: bad bodies are refused and change nothing", () => {
  let tenant: Tenant;
  let sales: any;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    tenant = await t().tenant();
    sales = await defaultPipeline(tenant.client);
    await createDeal(tenant.client, { stage_id: sales.stages[0].id });
    before = await snapshot(tenant.client);
  });

  afterEach(async () => {
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  const patch = (body: unknown) => tenant.client.patch(`/v1/pipelines/${sales.id}`, body);

  it("an empty body, or none", async () => {
    const empty = await patch({});
    expectProblem(empty, 400, "validation_failed");
    expect(empty.body.errors).toHaveLength(1);
    expectProblem(await tenant.client.request("PATCH", `/v1/pipelines/${sales.id}`), 400, "validation_failed");
  });

  it("each bad field is named", async () => {
    expectInvalid(await patch({ name: "" }), ["name"]);
    expectInvalid(await patch({ name: null }), ["name"]);
    expectInvalid(await patch({ is_default: false }), ["is_default"]);
    expectInvalid(await patch({ stages: [] }), ["stages"]);
    expectInvalid(await patch({ color: "blue" }), ["color"]);
    expectInvalid(await patch({ name: 5, object: "pipeline" }), ["name", "object"]);
    expectInvalid(await patch({ stages: [{ id: sales.stages[0].id, name: "Lead in", probability: 10, position: 0 }] }), ["stages[0].position"]);
    expectInvalid(await patch({ stages: [{ id: newId("contact"), name: "Lead in", probability: 10 }] }), ["stages[0].id"]);
  });

  it("stage rules: probability of open, won and lost stages, unique names, one open stage", async () => {
    const stages = asInput(sales.stages);
    const replace = (i: number, change: Record<string, unknown>) => stages.map((s, j) => (j === i ? { ...s, ...change } : s));
    expectInvalid(await patch({ stages: replace(1, { probability: undefined }) }), ["stages[1].probability"]);
    expectInvalid(await patch({ stages: replace(4, { probability: 99 }) }), ["stages[4].probability"]);
    expectInvalid(await patch({ stages: replace(5, { probability: 1 }) }), ["stages[5].probability"]);
    expectInvalid(await patch({ stages: replace(2, { name: "lead IN" }) }), ["stages[2].name"]);
    expectInvalid(await patch({ stages: stages.slice(4) }), ["stages"]);
  });
});

describe("DELETE /v1/pipelines/{id}/stages/{stage_id}", () => {
  it("deletes the stage, renumbers the others, and emits pipeline.updated with the old stages", async () => {
    const tenant = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    clock.advance(60_000);
    const response = await tenant.client.delete(`/v1/pipelines/${sales.id}/stages/${sales.stages[1].id}`);
    expect(response.status, response.text).toBe(200);
    const expectedStages = sales.stages.filter((_: any, i: number) => i !== 1).map((s: any, position: number) => ({ ...s, position }));
    expect(response.body).toEqual({ ...sales, stages: expectedStages, updated_at: clock().toISOString() });
    expect(await getPipeline(tenant.client, sales.id)).toEqual(response.body);
    const events = await eventsOf(tenant.client, sales.id);
    expect(events.map((e) => e.type)).toEqual(["pipeline.created", "pipeline.updated"]);
    expect(events[1].data).toEqual({ object: response.body, previous_attributes: { stages: sales.stages } });
    // Gone: deleting it again is a 404.
    expectProblem(await tenant.client.delete(`/v1/pipelines/${sales.id}/stages/${sales.stages[1].id}`), 404, "not_found");
  });

  it("deletes won and lost stages too", async () => {
    const tenant = await t().tenant();
    const pipeline = await createPipeline(tenant.client);
    const afterWon = await tenant.client.delete(`/v1/pipelines/${pipeline.id}/stages/${pipeline.stages[1].id}`);
    expect(afterWon.status, afterWon.text).toBe(200);
    const afterLost = await tenant.client.delete(`/v1/pipelines/${pipeline.id}/stages/${pipeline.stages[2].id}`);
    expect(afterLost.status, afterLost.text).toBe(200);
    expect(afterLost.body.stages).toEqual([{ ...pipeline.stages[0], position: 0 }]);
  });

  it("is refused (409 with stage_id and deal_count) while the stage holds deals, and works once they moved", async () => {
    const tenant = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    const proposal = sales.stages[2];
    const deal = await createDeal(tenant.client, { stage_id: proposal.id });
    const before = await snapshot(tenant.client);
    const response = await tenant.client.delete(`/v1/pipelines/${sales.id}/stages/${proposal.id}`);
    expect(expectProblem(response, 409, "conflict")).toMatchObject({ stage_id: proposal.id, deal_count: 1 });
    expect(await snapshot(tenant.client)).toEqual(before);
    const moved = await tenant.client.patch(`/v1/deals/${deal.id}`, { stage_id: sales.stages[3].id });
    expect(moved.status, moved.text).toBe(200);
    expect((await tenant.client.delete(`/v1/pipelines/${sales.id}/stages/${proposal.id}`)).status).toBe(200);
  });

  it("races cleanly with a deal being put in the stage: the deal lands and the delete is refused, or the stage goes and the deal is refused", async () => {
    const tenant = await t().tenant();
    await defaultPipeline(tenant.client);
    for (let round = 0; round < 5; round++) {
      const pipeline = await createPipeline(tenant.client, { stages: [{ name: "Keep", probability: 10 }, ...threeStages()] });
      const target = pipeline.stages[1];
      const [deal, removal] = await Promise.all([
        tenant.client.post("/v1/deals", { name: `Race ${round}`, stage_id: target.id }),
        tenant.client.delete(`/v1/pipelines/${pipeline.id}/stages/${target.id}`),
      ]);
      const outcome = `${deal.status}/${removal.status}: ${deal.text} ${removal.text}`;
      expect([`201/409`, `422/200`], outcome).toContain(`${deal.status}/${removal.status}`);
      const stages = (await getPipeline(tenant.client, pipeline.id)).stages.map((s: any) => s.id);
      const inStage = (await tenant.client.get(`/v1/deals?stage_id=${target.id}`)).body.meta.total;
      if (deal.status === 201) {
        expect(stages).toContain(target.id);
        expect(inStage).toBe(1);
      } else {
        expect(stages).not.toContain(target.id);
        expect(inStage).toBe(0);
      }
    }
  });

  it("is refused (409) for the pipeline's last open stage, nothing changed", async () => {
    const tenant = await t().tenant();
    const pipeline = await createPipeline(tenant.client);
    const before = await snapshot(tenant.client);
    const response = await tenant.client.delete(`/v1/pipelines/${pipeline.id}/stages/${pipeline.stages[0].id}`);
    expectProblem(response, 409, "conflict");
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("is refused (409) for a pipeline's only stage", async () => {
    const tenant = await t().tenant();
    const pipeline = await createPipeline(tenant.client, { stages: [{ name: "Only", probability: 50 }] });
    const before = await snapshot(tenant.client);
    expectProblem(await tenant.client.delete(`/v1/pipelines/${pipeline.id}/stages/${pipeline.stages[0].id}`), 409, "conflict");
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("is a 404 for a stage of another pipeline, a stage that does not exist, or another organization's pipeline", async () => {
    const tenant = await t().tenant();
    const other = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    const second = await createPipeline(tenant.client);
    const foreign = await defaultPipeline(other.client);
    const before = await snapshot(tenant.client);
    const foreignBefore = await snapshot(other.client);
    for (const path of [
      `/v1/pipelines/${sales.id}/stages/${second.stages[0].id}`,
      `/v1/pipelines/${second.id}/stages/${sales.stages[0].id}`,
      `/v1/pipelines/${sales.id}/stages/${newId("stage")}`,
      `/v1/pipelines/${newId("pipeline")}/stages/${sales.stages[0].id}`,
      `/v1/pipelines/${sales.id}/stages/${foreign.stages[0].id}`,
    ]) {
      expectProblem(await tenant.client.delete(path), 404, "not_found", path);
    }
    // The other organization cannot delete this one's stages, nor this one theirs.
    expectProblem(await other.client.delete(`/v1/pipelines/${sales.id}/stages/${sales.stages[0].id}`), 404, "not_found");
    expectProblem(await tenant.client.delete(`/v1/pipelines/${foreign.id}/stages/${foreign.stages[0].id}`), 404, "not_found");
    expect(await snapshot(tenant.client)).toEqual(before);
    expect(await snapshot(other.client)).toEqual(foreignBefore);
  });

  it("refuses ids of the wrong kind in the path with a 400 naming them", async () => {
    const tenant = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    expectInvalid(await tenant.client.delete(`/v1/pipelines/${sales.id}/stages/${newId("deal")}`), ["stage_id"], "path");
    expectInvalid(await tenant.client.delete(`/v1/pipelines/${sales.id}/stages/stage_1`), ["stage_id"], "path");
    expectInvalid(await tenant.client.delete(`/v1/pipelines/${sales.stages[0].id}/stages/${sales.stages[0].id}`), ["id"], "path");
    expect(await getPipeline(tenant.client, sales.id)).toEqual(sales);
  });
});

describe("DELETE /v1/pipelines/{id}", () => {
  it("deletes a pipeline without deals and emits pipeline.deleted with it", async () => {
    const tenant = await t().tenant();
    await defaultPipeline(tenant.client);
    const pipeline = await createPipeline(tenant.client);
    clock.advance(60_000);
    const response = await tenant.client.delete(`/v1/pipelines/${pipeline.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ id: pipeline.id, object: "pipeline", deleted: true });
    expectProblem(await tenant.client.get(`/v1/pipelines/${pipeline.id}`), 404, "not_found");
    expect((await listPipelines(tenant.client)).data.map((p) => p.name)).toEqual(["Sales"]);
    const events = await eventsOf(tenant.client, pipeline.id);
    expect(events.map((e) => e.type)).toEqual(["pipeline.created", "pipeline.deleted"]);
    expect(events[1]).toMatchObject({ timestamp: clock().toISOString(), data: { object: pipeline } });
    expect(events[1].data.previous_attributes).toBeUndefined();
    // Its stages went with it.
    expectUnprocessable(await tenant.client.post("/v1/deals", { name: "x", stage_id: pipeline.stages[0].id }), "stage_id");
    expectProblem(await tenant.client.delete(`/v1/pipelines/${pipeline.id}`), 404, "not_found");
  });

  it("refuses the default pipeline (409), nothing changed", async () => {
    const tenant = await t().tenant();
    const sales = await defaultPipeline(tenant.client);
    const before = await snapshot(tenant.client);
    const response = await tenant.client.delete(`/v1/pipelines/${sales.id}`);
    expectProblem(response, 409, "conflict");
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("refuses a pipeline that holds deals (409 with deal_count), and deletes it once they are gone", async () => {
    const tenant = await t().tenant();
    await defaultPipeline(tenant.client);
    const pipeline = await createPipeline(tenant.client);
    const open = await createDeal(tenant.client, { pipeline_id: pipeline.id });
    const lost = await createDeal(tenant.client, { stage_id: pipeline.stages[2].id });
    const before = await snapshot(tenant.client);
    const response = await tenant.client.delete(`/v1/pipelines/${pipeline.id}`);
    expect(expectProblem(response, 409, "conflict")).toMatchObject({ deal_count: 2 });
    expect(await snapshot(tenant.client)).toEqual(before);
    expect((await tenant.client.delete(`/v1/deals/${open.id}`)).status).toBe(200);
    expect(expectProblem(await tenant.client.delete(`/v1/pipelines/${pipeline.id}`), 409, "conflict")).toMatchObject({ deal_count: 1 });
    expect((await tenant.client.delete(`/v1/deals/${lost.id}`)).status).toBe(200);
    expect((await tenant.client.delete(`/v1/pipelines/${pipeline.id}`)).status).toBe(200);
  });

  it("is a 404 for another organization's pipeline, and leaves it alone", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    await defaultPipeline(a.client);
    const pipelineA = await createPipeline(a.client);
    await defaultPipeline(b.client);
    expectProblem(await b.client.delete(`/v1/pipelines/${pipelineA.id}`), 404, "not_found");
    expect(await getPipeline(a.client, pipelineA.id)).toEqual(pipelineA);
    expect(await eventTypesOf(a.client, pipelineA.id)).toEqual(["pipeline.created"]);
  });
});

describe("ids in the path", () => {
  let tenant: Tenant;
  let sales: any;

  beforeAll(async () => {
    tenant = await t().tenant();
    sales = await defaultPipeline(tenant.client);
  });

  const routes: [string, (id: string) => string, unknown][] = [
    ["GET", (id) => `/v1/pipelines/${id}`, undefined],
    ["PATCH", (id) => `/v1/pipelines/${id}`, { name: "x" }],
    ["DELETE", (id) => `/v1/pipelines/${id}`, undefined],
  ];

  for (const [method, path, body] of routes) {
    it(`${method} ${path("{id}")}: an id of another kind or malformed is a 400 naming id; a missing one a 404`, async () => {
      for (const id of [newId("deal"), "pipe_123", sales.id.toUpperCase(), sales.stages[0].id]) {
        expectInvalid(await tenant.client.request(method, path(id), { body }), ["id"], "path");
      }
      const missing = newId("pipeline");
      const response = await tenant.client.request(method, path(missing), { body });
      expectProblem(response, 404, "not_found");
      expect(response.body.detail).toContain(missing);
      expect(await getPipeline(tenant.client, sales.id)).toEqual(sales);
    });
  }
});

describe("GET /v1/pipelines: filters, sort and pagination", () => {
  let tenant: Tenant;
  let all: any[];

  beforeAll(async () => {
    tenant = await t().tenant();
    const other = await t().tenant();
    clock.set("2026-03-11T00:00:00.000Z");
    await defaultPipeline(tenant.client); // Sales, created first
    for (const name of ["Enterprise", "Agency", "renewals", "Enterprise EMEA"]) {
      clock.advance(3_600_000);
      await createPipeline(tenant.client, { name });
    }
    await createPipeline(other.client, { name: "Enterprise of another org" });
    all = (await listPipelines(tenant.client, "?per_page=100")).data;
  });

  const names = async (query: string) => (await listPipelines(tenant.client, query)).data.map((p) => p.name);

  it("lists by creation time, oldest first, by default", async () => {
    expect(all.map((p) => p.name)).toEqual(["Sales", "Enterprise", "Agency", "renewals", "Enterprise EMEA"]);
    expect(all.map((p) => p.created_at)).toEqual([...all.map((p) => p.created_at)].sort());
    expect(await names("?sort=-created_at")).toEqual(["Enterprise EMEA", "renewals", "Agency", "Enterprise", "Sales"]);
  });

  it("sorts by name", async () => {
    const sorted = await names("?sort=name");
    expect(sorted).toHaveLength(5);
    expect(sorted.indexOf("Agency")).toBeLessThan(sorted.indexOf("Enterprise"));
    expect(sorted.indexOf("Enterprise")).toBeLessThan(sorted.indexOf("Enterprise EMEA"));
    expect(sorted.indexOf("Enterprise EMEA")).toBeLessThan(sorted.indexOf("Sales"));
    expect(await names("?sort=-name")).toEqual([...sorted].reverse());
  });

  it("pages with per_page and page, and reports the total", async () => {
    const first = await listPipelines(tenant.client, "?per_page=2");
    const second = await listPipelines(tenant.client, "?per_page=2&page=2");
    const third = await listPipelines(tenant.client, "?per_page=2&page=3");
    const past = await listPipelines(tenant.client, "?per_page=2&page=4");
    expect(first.meta).toEqual({ total: 5, page: 1, per_page: 2 });
    expect(third.meta).toEqual({ total: 5, page: 3, per_page: 2 });
    expect([...first.data, ...second.data, ...third.data]).toEqual(all);
    expect(past).toEqual({ data: [], meta: { total: 5, page: 4, per_page: 2 } });
  });

  it("filters by name, exact, contains (any case) and not equal", async () => {
    expect(await names("?name=Enterprise")).toEqual(["Enterprise"]);
    expect(await names("?name[contains]=enterPRISE")).toEqual(["Enterprise", "Enterprise EMEA"]);
    expect(await names("?name[contains]=RENEW")).toEqual(["renewals"]);
    expect(await names("?name[ne]=Sales")).toEqual(["Enterprise", "Agency", "renewals", "Enterprise EMEA"]);
    expect(await names("?name[contains]=another")).toEqual([]);
  });

  it("filters by created_at ranges", async () => {
    const cut = all[2].created_at;
    expect(await names(`?created_at[gte]=${cut}`)).toEqual(["Agency", "renewals", "Enterprise EMEA"]);
    expect(await names(`?created_at[lt]=${cut}`)).toEqual(["Sales", "Enterprise"]);
  });

  it("refuses unknown parameters, sort fields and out-of-range pages with a 400 naming them", async () => {
    expectInvalid(await tenant.client.get("/v1/pipelines?sort=stages"), ["sort"], "query");
    expectInvalid(await tenant.client.get("/v1/pipelines?is_default=true"), ["is_default"], "query");
    expectInvalid(await tenant.client.get("/v1/pipelines?per_page=101"), ["per_page"], "query");
    expectInvalid(await tenant.client.get("/v1/pipelines?page=0"), ["page"], "query");
    expectInvalid(await tenant.client.get("/v1/pipelines?created_at[gte]=yesterday"), ["created_at[gte]"], "query");
  });
});
