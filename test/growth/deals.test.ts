import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/platform/ids.ts";
import { errorFields, expectInvalid, expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Client, type Tenant } from "../helpers/harness.ts";
import { DEAL_ID, NOW, createOk, defaultPipeline, eventTypesOf, eventsOf, expectUnprocessable, getDeal, neverBeforeNow, takeSnapshot } from "./helpers.ts";

const clock = testClock(NOW);
const t = useTestApp({ clock });

neverBeforeNow(clock);

// ---------------------------------------------------------------------------
// Helpers (local to this file; the shared ones are in helpers.ts)
// ---------------------------------------------------------------------------

/** The default pipeline's stages by name. */
async function salesStages(client: Client): Promise<{ pipeline: any; lead: any; qualified: any; proposal: any; negotiation: any; won: any; lost: any }> {
  const pipeline = await defaultPipeline(client);
  const [lead, qualified, proposal, negotiation, won, lost] = pipeline.stages;
  expect([lead.name, won.name, lost.name]).toEqual(["Lead in", "Closed won", "Closed lost"]);
  return { pipeline, lead, qualified, proposal, negotiation, won, lost };
}

/** A second pipeline: its first stage is a won one, so its first open stage is the second. */
function createPartnerPipeline(client: Client): Promise<any> {
  return createOk(client, "/v1/pipelines", {
    name: "Partners",
    stages: [
      { name: "Signed", kind: "won" },
      { name: "Discovery", probability: 20 },
      { name: "Pilot", probability: 60 },
      { name: "Dropped", kind: "lost" },
      { name: "Renewed", kind: "won" },
    ],
  });
}

/** Creates a deal named "Big deal" unless the body names it. */
function createDeal(client: Client, body: Record<string, unknown> = {}): Promise<any> {
  return createOk(client, "/v1/deals", { name: "Big deal", ...body });
}

async function patchDeal(client: Client, id: string, body: Record<string, unknown>): Promise<any> {
  const response = await client.patch(`/v1/deals/${id}`, body);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

let emails = 0;
/** Creates a contact with an email address unique in the run, unless the body gives one. */
function createContact(client: Client, body: Record<string, unknown> = {}): Promise<any> {
  return createOk(client, "/v1/contacts", { email: `person${++emails}@example.org`, ...body });
}

/** Creates an account named "Acme" unless the body names it. */
function createAccount(client: Client, body: Record<string, unknown> = {}): Promise<any> {
  return createOk(client, "/v1/accounts", { name: "Acme", ...body });
}

/** Everything a refused write could have changed: every deal, every pipeline, the event log. */
const snapshot = (client: Client) => takeSnapshot(client, ["/v1/deals", "/v1/pipelines"]);

// ---------------------------------------------------------------------------

describe("POST /v1/deals", () => {
  it("with a name only: the default pipeline's first open stage, USD, no amount", async () => {
    const tenant = await t().tenant();
    const { pipeline, lead } = await salesStages(tenant.client);
    const response = await tenant.client.post("/v1/deals", { name: "Website rebuild" });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const deal = response.body;
    expect(deal).toEqual({
      id: expect.stringMatching(DEAL_ID),
      object: "deal",
      name: "Website rebuild",
      account_id: null,
      contact_ids: [],
      pipeline_id: pipeline.id,
      stage_id: lead.id,
      amount: null,
      currency: "USD",
      expected_close_date: null,
      status: "open",
      closed_at: null,
      metadata: {},
      created_at: clock().toISOString(),
      updated_at: clock().toISOString(),
    });
    expect(await getDeal(tenant.client, deal.id)).toEqual(deal);
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created"]);
    expect(events[0]).toMatchObject({ org_id: tenant.orgId, timestamp: deal.created_at, data: { object: deal } });
    expect(events[0].data.previous_attributes).toBeUndefined();
  });

  it("on an organization that never listed pipelines, makes the default pipeline and uses it", async () => {
    const tenant = await t().tenant();
    const deal = await createDeal(tenant.client);
    const { pipeline, lead } = await salesStages(tenant.client);
    expect(deal).toMatchObject({ pipeline_id: pipeline.id, stage_id: lead.id, status: "open" });
    const created = await tenant.client.get("/v1/events?type=pipeline.created");
    expect(created.body.meta.total).toBe(1);
    expect(created.body.data[0].data.object).toEqual(pipeline);
  });

  it("with every field", async () => {
    const tenant = await t().tenant();
    const account = await createAccount(tenant.client);
    const ann = await createContact(tenant.client);
    const bob = await createContact(tenant.client);
    const { pipeline, proposal } = await salesStages(tenant.client);
    const deal = await createDeal(tenant.client, {
      name: "Platform licence",
      account_id: account.id,
      contact_ids: [bob.id, ann.id],
      stage_id: proposal.id,
      amount: 1250.5,
      currency: "EUR",
      expected_close_date: "2026-06-30",
      metadata: { source: "webinar", owner: "kim" },
    });
    expect(deal).toEqual({
      id: expect.stringMatching(DEAL_ID),
      object: "deal",
      name: "Platform licence",
      account_id: account.id,
      contact_ids: [bob.id, ann.id],
      pipeline_id: pipeline.id,
      stage_id: proposal.id,
      amount: 1250.5,
      currency: "EUR",
      expected_close_date: "2026-06-30",
      status: "open",
      closed_at: null,
      metadata: { source: "webinar", owner: "kim" },
      created_at: clock().toISOString(),
      updated_at: clock().toISOString(),
    });
    expect(await getDeal(tenant.client, deal.id)).toEqual(deal);
  });

  it("with pipeline_id alone: that pipeline's first open stage", async () => {
    const tenant = await t().tenant();
    const partners = await createPartnerPipeline(tenant.client);
    const deal = await createDeal(tenant.client, { pipeline_id: partners.id });
    expect(deal).toMatchObject({ pipeline_id: partners.id, stage_id: partners.stages[1].id, status: "open", closed_at: null });
  });

  it("with stage_id alone: that stage's pipeline; with both, when they agree", async () => {
    const tenant = await t().tenant();
    const partners = await createPartnerPipeline(tenant.client);
    const pilot = partners.stages[2];
    expect(await createDeal(tenant.client, { stage_id: pilot.id })).toMatchObject({ pipeline_id: partners.id, stage_id: pilot.id, status: "open" });
    expect(await createDeal(tenant.client, { pipeline_id: partners.id, stage_id: pilot.id })).toMatchObject({ pipeline_id: partners.id, stage_id: pilot.id });
  });

  it("directly in a won stage: status won, closed_at set, deal.created then deal.won", async () => {
    const tenant = await t().tenant();
    const { won } = await salesStages(tenant.client);
    const deal = await createDeal(tenant.client, { stage_id: won.id, amount: 500 });
    expect(deal).toMatchObject({ stage_id: won.id, status: "won", closed_at: clock().toISOString() });
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.won"]);
    for (const event of events) expect(event.data).toEqual({ object: deal });
  });

  it("directly in a lost stage: status lost, closed_at set, deal.created then deal.lost", async () => {
    const tenant = await t().tenant();
    const partners = await createPartnerPipeline(tenant.client);
    const deal = await createDeal(tenant.client, { stage_id: partners.stages[3].id });
    expect(deal).toMatchObject({ pipeline_id: partners.id, status: "lost", closed_at: clock().toISOString() });
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.lost"]);
    for (const event of events) expect(event.data).toEqual({ object: deal });
  });

  it("stores amounts exactly; JPY takes whole amounts", async () => {
    const tenant = await t().tenant();
    for (const amount of [0.01, 0.07, 19.99, 1234567.89, 999_999_999_999.99]) {
      const deal = await createDeal(tenant.client, { amount });
      expect(deal.amount).toBe(amount);
      expect((await getDeal(tenant.client, deal.id)).amount).toBe(amount);
    }
    expect(await createDeal(tenant.client, { amount: 150000, currency: "JPY" })).toMatchObject({ amount: 150000, currency: "JPY" });
    expect(await createDeal(tenant.client, { amount: null })).toMatchObject({ amount: null });
  });
});

describe("POST /v1/deals: bad input is refused and changes nothing", () => {
  let tenant: Tenant;
  let other: Tenant;
  let sales: Awaited<ReturnType<typeof salesStages>>;
  let partners: any;
  let contact: any;
  let account: any;
  let foreign: { contact: any; account: any; pipeline: any };
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    tenant = await t().tenant();
    other = await t().tenant();
    sales = await salesStages(tenant.client);
    partners = await createPartnerPipeline(tenant.client);
    contact = await createContact(tenant.client);
    account = await createAccount(tenant.client);
    await createDeal(tenant.client, { contact_ids: [contact.id], account_id: account.id });
    foreign = { contact: await createContact(other.client), account: await createAccount(other.client), pipeline: await defaultPipeline(other.client) };
    before = await snapshot(tenant.client);
  });

  afterEach(async () => {
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  const post = (body: Record<string, unknown>) => tenant.client.post("/v1/deals", body);
  const deal = (overrides: Record<string, unknown>) => ({ name: "Bad deal", ...overrides });

  it("missing or bad name", async () => {
    expectInvalid(await post({}), ["name"]);
    expectInvalid(await post({ amount: 10 }), ["name"]);
    for (const name of ["", "x".repeat(201), 7, null]) expectInvalid(await post(deal({ name })), ["name"]);
  });

  it("an amount that is not positive, has three decimals, is too large or not a number", async () => {
    for (const amount of [0, -5, 12.345, 1e13, "12", true]) expectInvalid(await post(deal({ amount })), ["amount"]);
  });

  it("decimals in a currency without minor unit, naming amount", async () => {
    const response = await post(deal({ amount: 1000.5, currency: "JPY" }));
    expectInvalid(response, ["amount"]);
    expect(response.body.errors[0].message).toContain("JPY");
  });

  it("a currency that is not an ISO 4217 code in capitals", async () => {
    for (const currency of ["usd", "ABC", "US", "", 840, null]) expectInvalid(await post(deal({ currency })), ["currency"]);
  });

  it("an expected_close_date that is not a calendar date", async () => {
    for (const expected_close_date of ["2026-02-30", "tomorrow", "2026-03-01T00:00:00Z", 20260301]) {
      expectInvalid(await post(deal({ expected_close_date })), ["expected_close_date"]);
    }
  });

  it("unknown or read-only fields", async () => {
    expectInvalid(await post(deal({ status: "won" })), ["status"]);
    expectInvalid(await post(deal({ closed_at: NOW })), ["closed_at"]);
    expectInvalid(await post(deal({ probability: 50 })), ["probability"]);
    expectInvalid(await post(deal({ id: newId("deal"), object: "deal" })), ["id", "object"]);
  });

  it("metadata that is not a map of strings", async () => {
    expectInvalid(await post(deal({ metadata: { a: 1 } })), ["metadata.a"]);
    expectInvalid(await post(deal({ metadata: "x" })), ["metadata"]);
  });

  it("ids of the wrong kind or malformed, naming the field", async () => {
    expectInvalid(await post(deal({ pipeline_id: sales.lead.id })), ["pipeline_id"]);
    expectInvalid(await post(deal({ stage_id: sales.pipeline.id })), ["stage_id"]);
    expectInvalid(await post(deal({ account_id: contact.id })), ["account_id"]);
    expectInvalid(await post(deal({ account_id: "acc_1" })), ["account_id"]);
    expectInvalid(await post(deal({ contact_ids: [account.id] })), ["contact_ids[0]"]);
    expectInvalid(await post(deal({ contact_ids: contact.id })), ["contact_ids"]);
  });

  it("the same contact twice", async () => {
    expectInvalid(await post(deal({ contact_ids: [contact.id, contact.id] })), ["contact_ids"]);
  });

  it("a stage of another pipeline than pipeline_id: 400 naming stage_id", async () => {
    const response = await post(deal({ pipeline_id: sales.pipeline.id, stage_id: partners.stages[1].id }));
    expectInvalid(response, ["stage_id"]);
    expectInvalid(await post(deal({ pipeline_id: partners.id, stage_id: sales.lead.id })), ["stage_id"]);
  });

  it("a contact that does not exist or belongs to another organization: 422 naming it", async () => {
    expectUnprocessable(await post(deal({ contact_ids: [newId("contact")] })), "contact_ids");
    expectUnprocessable(await post(deal({ contact_ids: [foreign.contact.id] })), "contact_ids");
    const second = await post(deal({ contact_ids: [contact.id, foreign.contact.id] }));
    expectProblem(second, 422, "unprocessable");
    expect(errorFields(second)).toEqual(["body:contact_ids[1]"]);
    expect(second.body.detail).toContain(foreign.contact.id);
  });

  it("an account that does not exist or belongs to another organization: 422 naming account_id", async () => {
    expectUnprocessable(await post(deal({ account_id: newId("account") })), "account_id");
    const response = await post(deal({ account_id: foreign.account.id }));
    expectUnprocessable(response, "account_id");
    expect(response.body.detail).toContain(foreign.account.id);
  });

  it("a pipeline or stage that does not exist or belongs to another organization: 422 naming it", async () => {
    expectUnprocessable(await post(deal({ pipeline_id: newId("pipeline") })), "pipeline_id");
    expectUnprocessable(await post(deal({ pipeline_id: foreign.pipeline.id })), "pipeline_id");
    expectUnprocessable(await post(deal({ stage_id: newId("stage") })), "stage_id");
    expectUnprocessable(await post(deal({ stage_id: foreign.pipeline.stages[0].id })), "stage_id");
    expectUnprocessable(await post(deal({ stage_id: foreign.pipeline.stages[4].id })), "stage_id");
  });

  it("a body that is not an object, malformed JSON, or none", async () => {
    expectProblem(await tenant.client.post("/v1/deals", [deal({})]), 400, "validation_failed");
    expectProblem(
      await tenant.client.request("POST", "/v1/deals", { raw: '{"name": "x",', headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
    expectProblem(await tenant.client.request("POST", "/v1/deals"), 400, "validation_failed");
  });
});

describe("PATCH /v1/deals/{id}: fields", () => {
  it("changes the fields sent, keeps the others, and emits deal.updated with exactly the old values", async () => {
    const tenant = await t().tenant();
    const accountA = await createAccount(tenant.client, { name: "A" });
    const accountB = await createAccount(tenant.client, { name: "B" });
    const ann = await createContact(tenant.client);
    const bob = await createContact(tenant.client);
    const deal = await createDeal(tenant.client, {
      account_id: accountA.id,
      contact_ids: [ann.id],
      amount: 100,
      expected_close_date: "2026-04-01",
      metadata: { a: "1" },
    });
    clock.advance(60_000);
    const updated = await patchDeal(tenant.client, deal.id, {
      name: "Bigger deal",
      account_id: accountB.id,
      contact_ids: [ann.id, bob.id],
      amount: 2500.75,
      currency: "GBP",
      expected_close_date: "2026-05-15",
      metadata: { b: "2" },
    });
    expect(updated).toEqual({
      ...deal,
      name: "Bigger deal",
      account_id: accountB.id,
      contact_ids: [ann.id, bob.id],
      amount: 2500.75,
      currency: "GBP",
      expected_close_date: "2026-05-15",
      metadata: { b: "2" },
      updated_at: clock().toISOString(),
    });
    expect(await getDeal(tenant.client, deal.id)).toEqual(updated);
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.updated"]);
    expect(events[1].data).toEqual({
      object: updated,
      previous_attributes: {
        name: "Big deal",
        account_id: accountA.id,
        contact_ids: [ann.id],
        amount: 100,
        currency: "USD",
        expected_close_date: "2026-04-01",
        metadata: { a: "1" },
      },
    });
  });

  it("clears account_id, amount and expected_close_date with null, and contact_ids with []", async () => {
    const tenant = await t().tenant();
    const account = await createAccount(tenant.client);
    const ann = await createContact(tenant.client);
    const deal = await createDeal(tenant.client, { account_id: account.id, contact_ids: [ann.id], amount: 10, expected_close_date: "2026-04-01" });
    const updated = await patchDeal(tenant.client, deal.id, { account_id: null, amount: null, expected_close_date: null, contact_ids: [] });
    expect(updated).toMatchObject({ account_id: null, amount: null, expected_close_date: null, contact_ids: [] });
    const events = await eventsOf(tenant.client, deal.id);
    expect(events[1].data.previous_attributes).toEqual({ account_id: account.id, amount: 10, expected_close_date: "2026-04-01", contact_ids: [ann.id] });
  });

  it("a PATCH that changes nothing emits no event", async () => {
    const tenant = await t().tenant();
    const deal = await createDeal(tenant.client, { amount: 10 });
    const same = await patchDeal(tenant.client, deal.id, { name: deal.name, amount: 10, stage_id: deal.stage_id, pipeline_id: deal.pipeline_id });
    expect(same).toEqual(deal);
    expect(await eventTypesOf(tenant.client, deal.id)).toEqual(["deal.created"]);
  });

  it("checks the amount against the currency: JPY refuses an amount with decimals, whichever of the two is changed", async () => {
    const tenant = await t().tenant();
    const deal = await createDeal(tenant.client, { amount: 10.5 });
    const before = await snapshot(tenant.client);
    expectInvalid(await tenant.client.patch(`/v1/deals/${deal.id}`, { currency: "JPY" }), ["amount"]);
    expect(await snapshot(tenant.client)).toEqual(before);
    const yen = await createDeal(tenant.client, { amount: 1000, currency: "JPY" });
    const beforeYen = await snapshot(tenant.client);
    expectInvalid(await tenant.client.patch(`/v1/deals/${yen.id}`, { amount: 1000.5 }), ["amount"]);
    expect(await snapshot(tenant.client)).toEqual(beforeYen);
    expect(await patchDeal(tenant.client, deal.id, { currency: "JPY", amount: 11 })).toMatchObject({ currency: "JPY", amount: 11 });
  });
});

describe("PATCH /v1/deals/{id}: moving between stages", () => {
  let tenant: Tenant;
  let sales: Awaited<ReturnType<typeof salesStages>>;

  beforeAll(async () => {
    tenant = await t().tenant();
    sales = await salesStages(tenant.client);
  });

  it("to another open stage: deal.updated and deal.stage_changed with the old stage_id", async () => {
    const deal = await createDeal(tenant.client);
    clock.advance(60_000);
    const moved = await patchDeal(tenant.client, deal.id, { stage_id: sales.qualified.id });
    expect(moved).toEqual({ ...deal, stage_id: sales.qualified.id, updated_at: clock().toISOString() });
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.updated", "deal.stage_changed"]);
    expect(events[1].data).toEqual({ object: moved, previous_attributes: { stage_id: sales.lead.id } });
    expect(events[2].data).toEqual({ object: moved, previous_attributes: { stage_id: sales.lead.id } });
  });

  it("into a won stage: status won, closed_at now, deal.updated, deal.stage_changed and deal.won", async () => {
    const deal = await createDeal(tenant.client, { stage_id: sales.negotiation.id });
    clock.advance(60_000);
    const won = await patchDeal(tenant.client, deal.id, { stage_id: sales.won.id, amount: 900 });
    expect(won).toEqual({ ...deal, stage_id: sales.won.id, amount: 900, status: "won", closed_at: clock().toISOString(), updated_at: clock().toISOString() });
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.updated", "deal.stage_changed", "deal.won"]);
    expect(events[1].data).toEqual({ object: won, previous_attributes: { stage_id: sales.negotiation.id, amount: null, status: "open", closed_at: null } });
    expect(events[2].data).toEqual({ object: won, previous_attributes: { stage_id: sales.negotiation.id, status: "open", closed_at: null } });
    expect(events[3].data).toEqual({ object: won });
    expect(new Set(events.slice(1).map((e) => e.timestamp))).toEqual(new Set([clock().toISOString()]));
  });

  it("into a lost stage: deal.lost", async () => {
    const deal = await createDeal(tenant.client);
    clock.advance(60_000);
    const lost = await patchDeal(tenant.client, deal.id, { stage_id: sales.lost.id });
    expect(lost).toMatchObject({ status: "lost", closed_at: clock().toISOString() });
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.updated", "deal.stage_changed", "deal.lost"]);
    expect(events[2].data.previous_attributes).toEqual({ stage_id: sales.lead.id, status: "open", closed_at: null });
    expect(events[3].data).toEqual({ object: lost });
  });

  it("back from won to an open stage: reopened, closed_at cleared, no deal.won or deal.lost", async () => {
    const deal = await createDeal(tenant.client, { stage_id: sales.won.id });
    const closedAt = deal.closed_at;
    clock.advance(60_000);
    const reopened = await patchDeal(tenant.client, deal.id, { stage_id: sales.proposal.id });
    expect(reopened).toEqual({ ...deal, stage_id: sales.proposal.id, status: "open", closed_at: null, updated_at: clock().toISOString() });
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.won", "deal.updated", "deal.stage_changed"]);
    expect(events[3].data).toEqual({ object: reopened, previous_attributes: { stage_id: sales.won.id, status: "won", closed_at: closedAt } });
  });

  it("from won to lost: closed again at the new time, deal.lost", async () => {
    const deal = await createDeal(tenant.client, { stage_id: sales.won.id });
    clock.advance(60_000);
    const lost = await patchDeal(tenant.client, deal.id, { stage_id: sales.lost.id });
    expect(lost).toMatchObject({ status: "lost", closed_at: clock().toISOString() });
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.won", "deal.updated", "deal.stage_changed", "deal.lost"]);
    expect(events[3].data.previous_attributes).toEqual({ stage_id: sales.won.id, status: "won", closed_at: deal.closed_at });
  });

  it("from one won stage to another: stays won with its closed_at, no second deal.won", async () => {
    const partners = await createPartnerPipeline(tenant.client);
    const [signed, , , , renewed] = partners.stages;
    const deal = await createDeal(tenant.client, { stage_id: signed.id });
    clock.advance(60_000);
    const moved = await patchDeal(tenant.client, deal.id, { stage_id: renewed.id });
    expect(moved).toEqual({ ...deal, stage_id: renewed.id, updated_at: clock().toISOString() });
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.won", "deal.updated", "deal.stage_changed"]);
    expect(events[3].data.previous_attributes).toEqual({ stage_id: signed.id });
  });

  it("to a stage of another pipeline: the deal follows it, and stage_changed has the old pipeline_id", async () => {
    const partners = await createPartnerPipeline(tenant.client);
    const deal = await createDeal(tenant.client, { stage_id: sales.qualified.id });
    const moved = await patchDeal(tenant.client, deal.id, { stage_id: partners.stages[2].id });
    expect(moved).toMatchObject({ pipeline_id: partners.id, stage_id: partners.stages[2].id, status: "open" });
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.updated", "deal.stage_changed"]);
    expect(events[2].data.previous_attributes).toEqual({ stage_id: sales.qualified.id, pipeline_id: sales.pipeline.id });
  });

  it("with pipeline_id alone: to that pipeline's first open stage", async () => {
    const partners = await createPartnerPipeline(tenant.client);
    const deal = await createDeal(tenant.client, { stage_id: sales.proposal.id });
    const moved = await patchDeal(tenant.client, deal.id, { pipeline_id: partners.id });
    expect(moved).toMatchObject({ pipeline_id: partners.id, stage_id: partners.stages[1].id, status: "open" });
    expect(await eventTypesOf(tenant.client, deal.id)).toEqual(["deal.created", "deal.updated", "deal.stage_changed"]);
  });

  it("with the deal's own pipeline_id alone: stays in its stage", async () => {
    const deal = await createDeal(tenant.client, { stage_id: sales.proposal.id });
    const same = await patchDeal(tenant.client, deal.id, { pipeline_id: sales.pipeline.id, name: "Renamed" });
    expect(same).toMatchObject({ stage_id: sales.proposal.id, name: "Renamed" });
    expect(await eventTypesOf(tenant.client, deal.id)).toEqual(["deal.created", "deal.updated"]);
  });

  it("refuses a stage of another pipeline than pipeline_id (400 naming stage_id), nothing changed", async () => {
    const partners = await createPartnerPipeline(tenant.client);
    const deal = await createDeal(tenant.client);
    const before = await snapshot(tenant.client);
    expectInvalid(await tenant.client.patch(`/v1/deals/${deal.id}`, { pipeline_id: partners.id, stage_id: sales.won.id }), ["stage_id"]);
    expectInvalid(await tenant.client.patch(`/v1/deals/${deal.id}`, { pipeline_id: sales.pipeline.id, stage_id: partners.stages[0].id, name: "x" }), [
      "stage_id",
    ]);
    expect(await snapshot(tenant.client)).toEqual(before);
  });
});

describe("PATCH /v1/deals/{id}: bad input is refused and changes nothing", () => {
  let tenant: Tenant;
  let other: Tenant;
  let deal: any;
  let foreign: { contact: any; account: any; pipeline: any };
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    tenant = await t().tenant();
    other = await t().tenant();
    const contact = await createContact(tenant.client);
    deal = await createDeal(tenant.client, { contact_ids: [contact.id], amount: 10 });
    foreign = { contact: await createContact(other.client), account: await createAccount(other.client), pipeline: await defaultPipeline(other.client) };
    before = await snapshot(tenant.client);
  });

  afterEach(async () => {
    expect(await snapshot(tenant.client)).toEqual(before);
    expect(await getDeal(tenant.client, deal.id)).toEqual(deal);
  });

  const patch = (body: unknown) => tenant.client.patch(`/v1/deals/${deal.id}`, body);

  it("an empty body, or none", async () => {
    const empty = await patch({});
    expectProblem(empty, 400, "validation_failed");
    expect(empty.body.errors).toHaveLength(1);
    expectProblem(await tenant.client.request("PATCH", `/v1/deals/${deal.id}`), 400, "validation_failed");
  });

  it("each bad field is named", async () => {
    expectInvalid(await patch({ name: "" }), ["name"]);
    expectInvalid(await patch({ name: null }), ["name"]);
    expectInvalid(await patch({ amount: 0 }), ["amount"]);
    expectInvalid(await patch({ amount: 1.001 }), ["amount"]);
    expectInvalid(await patch({ currency: "eur" }), ["currency"]);
    expectInvalid(await patch({ expected_close_date: "2026-04-31" }), ["expected_close_date"]);
    expectInvalid(await patch({ status: "won" }), ["status"]);
    expectInvalid(await patch({ closed_at: null }), ["closed_at"]);
    expectInvalid(await patch({ stage_id: null }), ["stage_id"]);
    expectInvalid(await patch({ pipeline_id: null }), ["pipeline_id"]);
    expectInvalid(await patch({ contact_ids: null }), ["contact_ids"]);
    expectInvalid(await patch({ stage_id: deal.pipeline_id }), ["stage_id"]);
    expectInvalid(await patch({ contact_ids: [deal.contact_ids[0], deal.contact_ids[0]] }), ["contact_ids"]);
    expectInvalid(await patch({ name: 1, amount: -1, colour: "red" }), ["name", "amount", "colour"]);
  });

  it("references that do not exist or belong to another organization: 422 naming the field", async () => {
    expectUnprocessable(await patch({ stage_id: newId("stage") }), "stage_id");
    expectUnprocessable(await patch({ stage_id: foreign.pipeline.stages[1].id }), "stage_id");
    expectUnprocessable(await patch({ pipeline_id: newId("pipeline") }), "pipeline_id");
    expectUnprocessable(await patch({ pipeline_id: foreign.pipeline.id }), "pipeline_id");
    expectUnprocessable(await patch({ account_id: foreign.account.id }), "account_id");
    expectUnprocessable(await patch({ account_id: newId("account") }), "account_id");
    expectUnprocessable(await patch({ contact_ids: [foreign.contact.id] }), "contact_ids");
    expectUnprocessable(await patch({ contact_ids: [newId("contact")], name: "x" }), "contact_ids");
  });
});

describe("DELETE /v1/deals/{id}", () => {
  it("deletes the deal and emits deal.deleted with it", async () => {
    const tenant = await t().tenant();
    const deal = await createDeal(tenant.client, { amount: 10 });
    clock.advance(60_000);
    const response = await tenant.client.delete(`/v1/deals/${deal.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ id: deal.id, object: "deal", deleted: true });
    expectProblem(await tenant.client.get(`/v1/deals/${deal.id}`), 404, "not_found");
    expect((await tenant.client.get("/v1/deals")).body.meta.total).toBe(0);
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.deleted"]);
    expect(events[1]).toMatchObject({ timestamp: clock().toISOString(), data: { object: deal } });
    expect(events[1].data.previous_attributes).toBeUndefined();
    expectProblem(await tenant.client.delete(`/v1/deals/${deal.id}`), 404, "not_found");
  });
});

describe("deals follow their contacts and accounts", () => {
  it("a deleted contact leaves the deals that named it, with deal.updated", async () => {
    const tenant = await t().tenant();
    const ann = await createContact(tenant.client);
    const bob = await createContact(tenant.client);
    const deal = await createDeal(tenant.client, { contact_ids: [ann.id, bob.id] });
    clock.advance(60_000);
    expect((await tenant.client.delete(`/v1/contacts/${ann.id}`)).status).toBe(200);
    const after = await getDeal(tenant.client, deal.id);
    expect(after).toEqual({ ...deal, contact_ids: [bob.id], updated_at: clock().toISOString() });
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.updated"]);
    expect(events[1].data).toEqual({ object: after, previous_attributes: { contact_ids: [ann.id, bob.id] } });
  });

  it("a deleted account leaves its deals without account, with deal.updated", async () => {
    const tenant = await t().tenant();
    const account = await createAccount(tenant.client);
    const deal = await createDeal(tenant.client, { account_id: account.id });
    expect((await tenant.client.delete(`/v1/accounts/${account.id}`)).status).toBe(200);
    const after = await getDeal(tenant.client, deal.id);
    expect(after.account_id).toBeNull();
    const events = await eventsOf(tenant.client, deal.id);
    expect(events.map((e) => e.type)).toEqual(["deal.created", "deal.updated"]);
    expect(events[1].data).toEqual({ object: after, previous_attributes: { account_id: account.id } });
  });
});

describe("cross-tenant isolation", () => {
  let a: Tenant;
  let b: Tenant;
  let dealA: any;

  beforeAll(async () => {
    a = await t().tenant();
    b = await t().tenant();
    dealA = await createDeal(a.client, { name: "Secret deal of A", amount: 777 });
    await createDeal(b.client, { name: "B's own deal" });
  });

  it("GET, PATCH and DELETE of another organization's deal are 404, and it is untouched", async () => {
    for (const response of [
      await b.client.get(`/v1/deals/${dealA.id}`),
      await b.client.patch(`/v1/deals/${dealA.id}`, { name: "hijacked" }),
      await b.client.patch(`/v1/deals/${dealA.id}`, { stage_id: dealA.stage_id }),
      await b.client.delete(`/v1/deals/${dealA.id}`),
    ]) {
      expectProblem(response, 404, "not_found");
    }
    expect(await getDeal(a.client, dealA.id)).toEqual(dealA);
    expect(await eventTypesOf(a.client, dealA.id)).toEqual(["deal.created"]);
  });

  it("lists, filters and events never show another organization's deals", async () => {
    for (const query of ["", "?q=Secret", `?pipeline_id=${dealA.pipeline_id}`, `?stage_id=${dealA.stage_id}`, "?amount=777", "?status=open"]) {
      const list = await b.client.get(`/v1/deals${query}`);
      expect(list.status, list.text).toBe(200);
      expect(list.body.data.map((d: any) => d.id)).not.toContain(dealA.id);
    }
    expect((await b.client.get("/v1/deals?q=Secret")).body.meta.total).toBe(0);
    expect((await b.client.get(`/v1/events?object_id=${dealA.id}`)).body.meta.total).toBe(0);
    expect((await a.client.get("/v1/deals?q=Secret")).body.data.map((d: any) => d.id)).toEqual([dealA.id]);
  });
});

describe("ids in the path", () => {
  let tenant: Tenant;
  let deal: any;

  beforeAll(async () => {
    tenant = await t().tenant();
    deal = await createDeal(tenant.client);
  });

  const routes: [string, (id: string) => string, unknown][] = [
    ["GET", (id) => `/v1/deals/${id}`, undefined],
    ["PATCH", (id) => `/v1/deals/${id}`, { name: "x" }],
    ["DELETE", (id) => `/v1/deals/${id}`, undefined],
  ];

  for (const [method, path, body] of routes) {
    it(`${method} ${path("{id}")}: an id of another kind or malformed is a 400 naming id; a missing one a 404`, async () => {
      for (const id of [newId("pipeline"), "deal_123", deal.id.toUpperCase(), deal.stage_id]) {
        expectInvalid(await tenant.client.request(method, path(id), { body }), ["id"], "path");
      }
      const missing = newId("deal");
      const response = await tenant.client.request(method, path(missing), { body });
      expectProblem(response, 404, "not_found");
      expect(response.body.detail).toContain(missing);
      expect(await getDeal(tenant.client, deal.id)).toEqual(deal);
    });
  }
});

describe("GET /v1/deals: filters, sort and pagination", () => {
  const FRUITS = [
    "Apple",
    "Banana",
    "Cherry",
    "Date",
    "Elder",
    "Fig",
    "Grape",
    "Honeydew",
    "Iris",
    "Jujube",
    "Kiwi",
    "Lime",
    "Mango",
    "Nectarine",
    "Orange",
    "Papaya",
  ];
  const AMOUNTS = [100, null, 250.5, 99.99, 1000, null, 0.5, 3000, 42, 7500, 12.34, null, 640, 5, 1999.99, 310];
  const DATES = ["2026-04-01", null, "2026-05-15", "2026-04-01", "2026-06-30", "2026-03-31"];

  let tenant: Tenant;
  let all: any[] = [];
  let sales: Awaited<ReturnType<typeof salesStages>>;
  let partners: any;
  let accounts: any[];
  let contacts: any[];

  beforeAll(async () => {
    clock.set("2026-03-12T00:00:00.000Z");
    tenant = await t().tenant();
    const other = await t().tenant();
    sales = await salesStages(tenant.client);
    partners = await createPartnerPipeline(tenant.client);
    accounts = [await createAccount(tenant.client, { name: "A" }), await createAccount(tenant.client, { name: "B" })];
    contacts = [await createContact(tenant.client), await createContact(tenant.client), await createContact(tenant.client)];
    const stages = [sales.lead, sales.qualified, sales.won, sales.lost, partners.stages[1], partners.stages[0], sales.proposal, partners.stages[3]];
    const contactSets = [[], [contacts[0].id], [contacts[1].id], [contacts[0].id, contacts[2].id], [contacts[2].id]];
    const created: any[] = [];
    for (let i = 0; i < FRUITS.length; i++) {
      clock.advance(3_600_000);
      const amount = AMOUNTS[i];
      const currency = amount !== null && Number.isInteger(amount) && i % 3 === 0 ? "JPY" : i % 4 === 1 ? "EUR" : "USD";
      created.push(
        await createDeal(tenant.client, {
          name: `${FRUITS[i]} deal`,
          stage_id: stages[i % stages.length].id,
          amount,
          currency,
          expected_close_date: DATES[i % DATES.length],
          account_id: i % 3 === 2 ? null : accounts[i % 2].id,
          contact_ids: contactSets[i % contactSets.length],
        }),
      );
    }
    // Noise in another organization, which no query here may return.
    await createDeal(other.client, { name: "Apple deal", amount: 100 });
    all = created;
    expect(all.filter((d) => d.status === "won").length).toBeGreaterThan(0);
    expect(all.filter((d) => d.status === "lost").length).toBeGreaterThan(0);
  });

  async function list(query: string): Promise<{ data: any[]; meta: any }> {
    const response = await tenant.client.get(`/v1/deals${query ? `?${query}` : ""}`);
    expect(response.status, `${query}: ${response.text}`).toBe(200);
    return response.body;
  }

  /** The query returns exactly the deals the predicate selects. */
  async function expectFilter(query: string, predicate: (deal: any) => boolean): Promise<void> {
    const expected = all
      .filter(predicate)
      .map((d) => d.id)
      .sort();
    const page = await list(`${query}&per_page=100`);
    expect(page.data.map((d) => d.id).sort(), query).toEqual(expected);
    expect(page.meta.total, query).toBe(expected.length);
    expect(expected.length, `${query} selects something`).toBeGreaterThan(0);
    expect(expected.length, `${query} leaves something out`).toBeLessThan(all.length);
  }

  it("lists the newest first by default, with the total", async () => {
    const page = await list("per_page=100");
    expect(page.data).toEqual([...all].reverse());
    expect(page.meta).toEqual({ total: all.length, page: 1, per_page: 100 });
  });

  it("pages without repeating or skipping", async () => {
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await list(`per_page=5&page=${page}`));
    expect(pages.flatMap((p) => p.data)).toEqual([...all].reverse());
    expect(pages[3]!.data).toHaveLength(1);
    expect(pages[0]!.meta).toEqual({ total: all.length, page: 1, per_page: 5 });
    expect(await list("per_page=5&page=5")).toEqual({ data: [], meta: { total: all.length, page: 5, per_page: 5 } });
  });

  it("filters by status, one or several, and status[ne]", async () => {
    await expectFilter("status=open", (d) => d.status === "open");
    await expectFilter("status=won", (d) => d.status === "won");
    await expectFilter("status=won,lost", (d) => d.status !== "open");
    await expectFilter("status[ne]=open", (d) => d.status !== "open");
  });

  it("filters by pipeline_id and stage_id (a comma list meaning any of them)", async () => {
    await expectFilter(`pipeline_id=${partners.id}`, (d) => d.pipeline_id === partners.id);
    await expectFilter(`stage_id=${sales.lead.id}`, (d) => d.stage_id === sales.lead.id);
    await expectFilter(`stage_id=${sales.lead.id},${partners.stages[0].id}`, (d) => [sales.lead.id, partners.stages[0].id].includes(d.stage_id));
    await expectFilter(`pipeline_id=${sales.pipeline.id}&status=open`, (d) => d.pipeline_id === sales.pipeline.id && d.status === "open");
  });

  it("filters by account_id", async () => {
    await expectFilter(`account_id=${accounts[0].id}`, (d) => d.account_id === accounts[0].id);
    await expectFilter(`account_id=${accounts[0].id},${accounts[1].id}`, (d) => d.account_id !== null);
  });

  it("filters by contact_id: deals involving the contact; a comma list means any of them", async () => {
    await expectFilter(`contact_id=${contacts[0].id}`, (d) => d.contact_ids.includes(contacts[0].id));
    await expectFilter(`contact_id=${contacts[2].id}`, (d) => d.contact_ids.includes(contacts[2].id));
    await expectFilter(
      `contact_id=${contacts[1].id},${contacts[2].id}`,
      (d) => d.contact_ids.includes(contacts[1].id) || d.contact_ids.includes(contacts[2].id),
    );
    expect((await list(`contact_id=${newId("contact")}`)).meta.total).toBe(0);
  });

  it("filters by amount, exact and in ranges", async () => {
    await expectFilter("amount=100", (d) => d.amount === 100);
    await expectFilter("amount[gte]=100", (d) => d.amount !== null && d.amount >= 100);
    await expectFilter("amount[gt]=99.99&amount[lt]=1000", (d) => d.amount !== null && d.amount > 99.99 && d.amount < 1000);
    await expectFilter("amount[lte]=12.34", (d) => d.amount !== null && d.amount <= 12.34);
  });

  it("filters by currency", async () => {
    await expectFilter("currency=EUR", (d) => d.currency === "EUR");
    await expectFilter("currency=JPY,EUR", (d) => d.currency === "JPY" || d.currency === "EUR");
    await expectFilter("currency[ne]=USD", (d) => d.currency !== "USD");
  });

  it("filters by expected_close_date ranges", async () => {
    await expectFilter("expected_close_date=2026-04-01", (d) => d.expected_close_date === "2026-04-01");
    await expectFilter("expected_close_date[gte]=2026-04-01", (d) => d.expected_close_date !== null && d.expected_close_date >= "2026-04-01");
    await expectFilter("expected_close_date[lt]=2026-05-01&expected_close_date[gt]=2026-03-31", (d) => d.expected_close_date === "2026-04-01");
  });

  it("filters by closed_at and created_at", async () => {
    const cut = all[8].created_at;
    await expectFilter(`created_at[gte]=${cut}`, (d) => d.created_at >= cut);
    await expectFilter(`closed_at[gte]=${cut}`, (d) => d.closed_at !== null && d.closed_at >= cut);
  });

  it("searches names with q, in any case", async () => {
    await expectFilter("q=AN", (d) => /an/i.test(d.name));
    await expectFilter("q=mango", (d) => d.name === "Mango deal");
    expect((await list("q=nothing-like-this")).meta.total).toBe(0);
  });

  it("sorts by name, amount, expected_close_date and created_at", async () => {
    expect((await list("per_page=100&sort=name")).data.map((d) => d.name)).toEqual(FRUITS.map((f) => `${f} deal`));
    expect((await list("per_page=100&sort=-name")).data.map((d) => d.name)).toEqual(FRUITS.map((f) => `${f} deal`).reverse());
    const amounts = all.map((d) => d.amount).filter((a) => a !== null);
    expect((await list("per_page=100&amount[gt]=0&sort=amount")).data.map((d) => d.amount)).toEqual([...amounts].sort((x, y) => x - y));
    expect((await list("per_page=100&amount[gt]=0&sort=-amount")).data.map((d) => d.amount)).toEqual([...amounts].sort((x, y) => y - x));
    const dates = all.map((d) => d.expected_close_date).filter((x) => x !== null);
    expect((await list("per_page=100&expected_close_date[gte]=2000-01-01&sort=expected_close_date")).data.map((d) => d.expected_close_date)).toEqual(
      [...dates].sort(),
    );
    expect((await list("per_page=100&sort=created_at")).data).toEqual(all);
    // Equal dates fall back to a stable order, the same on every page.
    const byDate = await list("per_page=100&sort=expected_close_date,-created_at");
    const paged = [];
    for (let page = 1; page <= 6; page++) paged.push(...(await list(`per_page=3&page=${page}&sort=expected_close_date,-created_at`)).data);
    expect(paged).toEqual(byDate.data);
  });

  it("refuses bad filter values, unknown parameters and sort fields with a 400 naming them", async () => {
    const bad = (query: string) => tenant.client.get(`/v1/deals?${query}`);
    expectInvalid(await bad("status=closed"), ["status"], "query");
    expectInvalid(await bad("status=open,"), ["status"], "query");
    expectInvalid(await bad(`pipeline_id=${sales.lead.id}`), ["pipeline_id"], "query");
    expectInvalid(await bad("stage_id=stage_1"), ["stage_id"], "query");
    expectInvalid(await bad(`account_id=${contacts[0].id}`), ["account_id"], "query");
    expectInvalid(await bad(`contact_id=${contacts[0].id},${accounts[0].id}`), ["contact_id"], "query");
    expectInvalid(await bad("amount[gte]=lots"), ["amount[gte]"], "query");
    expectInvalid(await bad("amount[gte]=1.234"), ["amount[gte]"], "query");
    expectInvalid(await bad("expected_close_date[lt]=2026-13-01"), ["expected_close_date[lt]"], "query");
    expectInvalid(await bad("sort=probability"), ["sort"], "query");
    expectInvalid(await bad("owner=me"), ["owner"], "query");
    expectInvalid(await bad("per_page=0"), ["per_page"], "query");
  });
});
