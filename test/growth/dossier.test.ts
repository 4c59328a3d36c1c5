import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/platform/ids.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Client, type Tenant } from "../helpers/harness.ts";
import { DAY, HOUR, MINUTE, NOW, createOk, getOk } from "./helpers.ts";

const clock = testClock(NOW);
const t = useTestApp({ clock });

// ---------------------------------------------------------------------------
// Helpers (this file's own; the shared ones are in helpers.ts).

/** POSTs an action and insists on 200. */
async function act(client: Client, path: string, body?: unknown): Promise<any> {
  const response = await client.post(path, body);
  expect(response.status, `${path}: ${response.text}`).toBe(200);
  return response.body;
}

const dossierOf = (client: Client, accountId: string) => getOk(client, `/v1/accounts/${accountId}/dossier`);

/** Every event of the tenant this client may see, newest first. */
async function allEvents(client: Client): Promise<any[]> {
  const events: any[] = [];
  for (let page = 1; ; page++) {
    const body = await getOk(client, `/v1/events?sort=-timestamp&per_page=100&page=${page}`);
    events.push(...body.data);
    if (body.data.length < 100) return events;
  }
}

/** Moves the test clock a little, so that everything created gets its own instant. */
const tick = () => clock.advance(MINUTE);

/** A pipeline with two open stages (20% and 60%), a won and a lost stage. */
async function createPipeline(client: Client) {
  const pipeline = await createOk(client, "/v1/pipelines", {
    name: "Enterprise",
    stages: [
      { name: "Discovery", probability: 20 },
      { name: "Proposal", probability: 60 },
      { name: "Won", kind: "won" },
      { name: "Lost", kind: "lost" },
    ],
  });
  const [discovery, proposal, won, lost] = pipeline.stages;
  return { pipeline, discovery, proposal, won, lost };
}

// ---------------------------------------------------------------------------

describe("GET /v1/accounts/{id}/dossier of an account with everything", () => {
  let tenant: Tenant;
  let client: Client;
  let account: any;
  let stages: Awaited<ReturnType<typeof createPipeline>>;
  const contacts: Record<string, any> = {};
  const deals: Record<string, any> = {};
  const invoices: Record<string, any> = {};
  let sequence: any;
  let activeEnrollment: any;
  let completedEnrollment: any;
  let unrelated: { account: any; contact: any; deal: any; invoice: any; enrollment: any };
  let dossier: any;

  beforeAll(async () => {
    tenant = await t().tenant();
    client = tenant.client;
    stages = await createPipeline(client);
    account = await createOk(client, "/v1/accounts", { name: "Globex Corporation", domain: "globex.com", industry: "Energy", metadata: { owner: "kim" } });
    tick();

    contacts.hank = await createOk(client, "/v1/contacts", {
      first_name: "Hank",
      last_name: "Scorpio",
      email: "hank@globex.com",
      title: "CEO",
      account_id: account.id,
    });
    tick();
    contacts.frank = await createOk(client, "/v1/contacts", {
      first_name: "Frank",
      last_name: "Grimes",
      email: "frank@globex.com",
      title: "Engineer",
      account_id: account.id,
    });
    tick();
    contacts.mindy = await createOk(client, "/v1/contacts", {
      first_name: "Mindy",
      last_name: "Simmons",
      email: "mindy@globex.com",
      title: "VP Sales",
      account_id: account.id,
    });
    tick();

    // Another account with its own contact, deal, invoice and enrollment: none of it may show.
    const other = await createOk(client, "/v1/accounts", { name: "Initech", domain: "initech.com" });
    const otherContact = await createOk(client, "/v1/contacts", { first_name: "Bill", last_name: "Lumbergh", email: "bill@initech.com", account_id: other.id });
    const otherDeal = await createOk(client, "/v1/deals", {
      name: "TPS reports",
      account_id: other.id,
      stage_id: stages.proposal.id,
      amount: 777,
      currency: "USD",
    });
    const otherInvoice = await createOk(client, "/v1/invoices", {
      client: "Initech",
      account_id: other.id,
      amount: 999,
      currency: "USD",
      due_date: "2026-03-02",
      status: "open",
    });
    // And an invoice billed to nobody.
    await createOk(client, "/v1/invoices", { client: "Walk-in", amount: 5, currency: "USD", due_date: "2026-03-02", status: "open" });
    tick();

    const deal = async (key: string, body: Record<string, unknown>) => {
      deals[key] = await createOk(client, "/v1/deals", { account_id: account.id, ...body });
      tick();
    };
    await deal("expansion", { name: "Expansion", stage_id: stages.discovery.id, amount: 10000, currency: "USD", expected_close_date: "2026-06-30" });
    await deal("renewal", {
      name: "Renewal",
      stage_id: stages.proposal.id,
      amount: 5000.5,
      currency: "USD",
      expected_close_date: "2026-04-15",
      contact_ids: [contacts.hank.id],
    });
    await deal("pilot", { name: "Pilot EU", stage_id: stages.proposal.id, amount: 3000, currency: "EUR", expected_close_date: "2026-05-01" });
    await deal("unsized", { name: "Someday", stage_id: stages.discovery.id, amount: null, currency: "USD" });
    await deal("won", { name: "Old win", stage_id: stages.won.id, amount: 8000, currency: "USD", expected_close_date: "2026-02-01" });
    await deal("lost", { name: "Lost one", stage_id: stages.lost.id, amount: 1200, currency: "EUR" });

    const invoice = async (key: string, body: Record<string, unknown>) => {
      invoices[key] = await createOk(client, "/v1/invoices", { client: "Globex", account_id: account.id, due_date: "2026-04-01", ...body });
      tick();
    };
    await invoice("draft", { amount: 100, currency: "USD" });
    await invoice("open", { amount: 250, currency: "USD", status: "open" });
    await invoice("overdue", { amount: 400, currency: "USD", status: "open", due_date: "2026-03-01" });
    await act(client, `/v1/invoices/${invoices.overdue.id}/pay`, { amount: 150 });
    await invoice("paid", { amount: 300, currency: "EUR", status: "open" });
    await act(client, `/v1/invoices/${invoices.paid.id}/pay`, { amount: 300 });
    await invoice("uncollectible", { amount: 75, currency: "USD", status: "open" });
    await act(client, `/v1/invoices/${invoices.uncollectible.id}/mark_uncollectible`);
    await invoice("void", { amount: 90, currency: "EUR", status: "open" });
    await act(client, `/v1/invoices/${invoices.void.id}/void`);

    // Outreach: Hank is in a two-step sequence (first step run by the scheduler);
    // Frank went through a one-step one; Bill (another account's) is in the first one too.
    sequence = await createOk(client, "/v1/sequences", {
      name: "Q2 outreach",
      status: "active",
      steps: [
        { type: "email", delay_days: 0, subject: "Hello {{first_name}}", body: "About {{company}}." },
        { type: "email", delay_days: 3, subject: "Following up", body: "Any thoughts?" },
      ],
    });
    const short = await createOk(client, "/v1/sequences", {
      name: "One touch",
      status: "active",
      steps: [{ type: "task", delay_days: 0, subject: "Call {{first_name}}" }],
    });
    activeEnrollment = await createOk(client, `/v1/sequences/${sequence.id}/enrollments`, { contact_id: contacts.hank.id });
    completedEnrollment = await createOk(client, `/v1/sequences/${short.id}/enrollments`, { contact_id: contacts.frank.id });
    const otherEnrollment = await createOk(client, `/v1/sequences/${sequence.id}/enrollments`, { contact_id: otherContact.id });
    tick();
    await t().scheduler.tick();
    activeEnrollment = await getOk(client, `/v1/sequences/${sequence.id}/enrollments/${activeEnrollment.id}`);
    completedEnrollment = await getOk(client, `/v1/sequences/${short.id}/enrollments/${completedEnrollment.id}`);
    expect(activeEnrollment).toMatchObject({ status: "active", current_step: 1, last_step_index: 0 });
    expect(completedEnrollment.status).toBe("completed");
    unrelated = { account: other, contact: otherContact, deal: otherDeal, invoice: otherInvoice, enrollment: otherEnrollment };
    tick();

    dossier = await dossierOf(client, account.id);
  });

  it("is an account_dossier of the account as GET shows it, generated now", async () => {
    expect(Object.keys(dossier).sort()).toEqual(["account", "billing", "contacts", "deals", "generated_at", "object", "recent_events", "sequences", "signals"]);
    expect(dossier.object).toBe("account_dossier");
    expect(dossier.generated_at).toBe(clock().toISOString());
    expect(dossier.account).toEqual(await getOk(client, `/v1/accounts/${account.id}`));
    expect(dossier.account).toEqual(account);
  });

  it("contacts: the account's three, most recently updated first", async () => {
    const current = await Promise.all(["mindy", "frank", "hank"].map((k) => getOk(client, `/v1/contacts/${contacts[k].id}`)));
    expect(dossier.contacts).toEqual({ total: 3, data: current });
  });

  it("deals: total, counts, pipeline value per currency (weighted by stage probability), by stage", async () => {
    expect(dossier.deals.total).toBe(6);
    expect(dossier.deals.counts).toEqual({ open: 4, won: 1, lost: 1 });
    // USD: 10000 x 20% + 5000.50 x 60% (+ an unsized deal); EUR: 3000 x 60%.
    expect(dossier.deals.pipeline).toEqual([
      { currency: "EUR", open_value: 3000, weighted_value: 1800 },
      { currency: "USD", open_value: 15000.5, weighted_value: 5000.3 },
    ]);
    const byCurrency = (values: any[]) => [...values].sort((a, b) => a.currency.localeCompare(b.currency));
    const pipelineId = stages.pipeline.id;
    expect(dossier.deals.by_stage.map((s: any) => ({ ...s, values: byCurrency(s.values) }))).toEqual([
      {
        pipeline_id: pipelineId,
        stage_id: stages.discovery.id,
        stage_name: "Discovery",
        kind: "open",
        probability: 20,
        deal_count: 2,
        values: [{ currency: "USD", amount: 10000, weighted_amount: 2000 }],
      },
      {
        pipeline_id: pipelineId,
        stage_id: stages.proposal.id,
        stage_name: "Proposal",
        kind: "open",
        probability: 60,
        deal_count: 2,
        values: [
          { currency: "EUR", amount: 3000, weighted_amount: 1800 },
          { currency: "USD", amount: 5000.5, weighted_amount: 3000.3 },
        ],
      },
      {
        pipeline_id: pipelineId,
        stage_id: stages.won.id,
        stage_name: "Won",
        kind: "won",
        probability: 100,
        deal_count: 1,
        values: [{ currency: "USD", amount: 8000, weighted_amount: 8000 }],
      },
      {
        pipeline_id: pipelineId,
        stage_id: stages.lost.id,
        stage_name: "Lost",
        kind: "lost",
        probability: 0,
        deal_count: 1,
        values: [{ currency: "EUR", amount: 1200, weighted_amount: 0 }],
      },
    ]);
  });

  it("deals.data: open deals first, soonest expected close first (undated last), then the latest closed", async () => {
    const order = ["renewal", "pilot", "expansion", "unsized", "lost", "won"];
    const current = await Promise.all(order.map((k) => getOk(client, `/v1/deals/${deals[k].id}`)));
    expect(dossier.deals.data).toEqual(current);
  });

  it("billing: totals per currency over invoices past draft, and the invoices newest first", async () => {
    expect(dossier.billing.totals).toEqual([
      { currency: "EUR", invoice_count: 2, outstanding: 0, overdue: 0, paid: 300, uncollectible: 0 },
      { currency: "USD", invoice_count: 3, outstanding: 500, overdue: 250, paid: 150, uncollectible: 75 },
    ]);
    const order = ["void", "uncollectible", "paid", "overdue", "open", "draft"];
    const current = await Promise.all(order.map((k) => getOk(client, `/v1/invoices/${invoices[k].id}`)));
    expect(current.map((i) => i.status)).toEqual(["void", "uncollectible", "paid", "overdue", "open", "draft"]);
    expect(dossier.billing.invoices).toEqual({ total: 6, data: current });
  });

  it("sequences: the active enrollments of the account's contacts, with the sequence's name", async () => {
    expect(dossier.sequences).toEqual({ active_enrollments: [{ ...activeEnrollment, sequence_name: "Q2 outreach" }] });
    expect(activeEnrollment).toMatchObject({ contact_id: contacts.hank.id, current_step: 1, last_step_index: 0, status: "active" });
  });

  it("recent_events: newest first, about the account and what is linked to it, and nothing else", async () => {
    const related = new Set([
      account.id,
      ...Object.values(contacts).map((c) => c.id),
      ...Object.values(deals).map((d) => d.id),
      ...Object.values(invoices).map((i) => i.id),
      activeEnrollment.id,
      completedEnrollment.id,
    ]);
    const expected = (await allEvents(client)).filter((e) => related.has(e.data.object.id));
    expect(expected.length).toBeGreaterThan(30);
    expect(expected.length).toBeLessThan(50);
    expect(dossier.recent_events).toEqual(expected);
    const types = dossier.recent_events.map((e: any) => e.type);
    for (const type of [
      "account.created",
      "contact.created",
      "deal.created",
      "deal.won",
      "deal.lost",
      "invoice.created",
      "invoice.payment_recorded",
      "invoice.paid",
      "invoice.voided",
      "invoice.marked_uncollectible",
      "invoice.overdue",
      "sequence.contact_enrolled",
      "sequence.step_sent",
      "sequence.completed",
    ]) {
      expect(types, type).toContain(type);
    }
    // Newest first.
    const seqs = dossier.recent_events.map((e: any) => e.timestamp);
    expect([...seqs].sort().reverse()).toEqual(seqs);
    // Nothing about the other account, its contact, deal, invoice or enrollment, nor about sequences or pipelines themselves.
    const ids = new Set(dossier.recent_events.map((e: any) => e.data.object.id));
    for (const object of Object.values(unrelated)) expect(ids.has(object.id), object.id).toBe(false);
    expect(ids.has(sequence.id)).toBe(false);
    expect(ids.has(stages.pipeline.id)).toBe(false);
    expect(types.some((type: string) => type.startsWith("pipeline.") || type === "sequence.created")).toBe(false);
  });

  it("signals: last activity, open deals, win rate, outstanding and overdue, active enrollments", async () => {
    expect(dossier.signals).toEqual({
      last_activity_at: dossier.recent_events[0].timestamp,
      days_since_last_activity: 0,
      open_deal_count: 4,
      win_rate: 0.5,
      outstanding: [{ currency: "USD", amount: 500 }],
      overdue: [{ currency: "USD", amount: 250 }],
      active_enrollment_count: 1,
    });
    // The scheduler's steps were the last things that happened to the account.
    expect(dossier.recent_events[0].type).toMatch(/^sequence\.(step_sent|completed)$/);
  });

  it("a growth-only engine key sees no billing: billing null, no outstanding/overdue, no invoice events", async () => {
    const growth = await tenant.newKey("engine", { engines: ["growth"] });
    const seen = await dossierOf(growth.client, account.id);
    expect(seen.billing).toBeNull();
    expect(seen.signals).toEqual({ ...dossier.signals, outstanding: null, overdue: null });
    expect(seen.recent_events).toEqual(dossier.recent_events.filter((e: any) => !e.type.startsWith("invoice.")));
    expect(seen.recent_events.length).toBeGreaterThan(0);
    expect({ ...seen, billing: undefined, signals: undefined, recent_events: undefined }).toEqual({
      ...dossier,
      billing: undefined,
      signals: undefined,
      recent_events: undefined,
    });
  });

  it("a read_only key sees the whole dossier, billing included; a finance-only engine key may not read it", async () => {
    const readOnly = await tenant.newKey("read_only");
    expect(await dossierOf(readOnly.client, account.id)).toEqual(dossier);
    const finance = await tenant.newKey("engine", { engines: ["finance"] });
    expectProblem(await finance.client.get(`/v1/accounts/${account.id}/dossier`), 403, "insufficient_permission");
  });

  it("days_since_last_activity counts whole days as the clock moves on", async () => {
    const last = Date.parse(dossier.signals.last_activity_at);
    clock.set(new Date(last + 5 * DAY + 3 * HOUR));
    let later = await dossierOf(client, account.id);
    expect(later.generated_at).toBe(clock().toISOString());
    expect(later.signals).toEqual({ ...dossier.signals, days_since_last_activity: 5 });
    clock.set(new Date(last + 6 * DAY - 1));
    later = await dossierOf(client, account.id);
    expect(later.signals.days_since_last_activity).toBe(5);
    clock.set(new Date(last + 6 * DAY));
    later = await dossierOf(client, account.id);
    expect(later.signals.days_since_last_activity).toBe(6);
    // New activity resets it.
    const touched = await client.patch(`/v1/accounts/${account.id}`, { metadata: { owner: "lee" } });
    expect(touched.status, touched.text).toBe(200);
    later = await dossierOf(client, account.id);
    expect(later.signals.last_activity_at).toBe(clock().toISOString());
    expect(later.signals.days_since_last_activity).toBe(0);
    expect(later.recent_events[0]).toMatchObject({
      type: "account.updated",
      data: { object: touched.body, previous_attributes: { metadata: { owner: "kim" } } },
    });
  });
});

describe("GET /v1/accounts/{id}/dossier: other cases", () => {
  it("an account with nothing yet: empty lists, zero counts, its creation as the only activity", async () => {
    const { client } = await t().tenant();
    tick();
    const account = await createOk(client, "/v1/accounts", { name: "Fresh Start" });
    const [created] = await allEvents(client);
    tick();
    const dossier = await dossierOf(client, account.id);
    expect(dossier).toEqual({
      object: "account_dossier",
      generated_at: clock().toISOString(),
      account,
      signals: {
        last_activity_at: account.created_at,
        days_since_last_activity: 0,
        open_deal_count: 0,
        win_rate: null,
        outstanding: [],
        overdue: [],
        active_enrollment_count: 0,
      },
      contacts: { total: 0, data: [] },
      deals: { total: 0, counts: { open: 0, won: 0, lost: 0 }, pipeline: [], by_stage: [], data: [] },
      billing: { totals: [], invoices: { total: 0, data: [] } },
      sequences: { active_enrollments: [] },
      recent_events: [created],
    });
    expect(created).toMatchObject({ type: "account.created", data: { object: account } });
  });

  it("win_rate is won / closed deals, rounded", async () => {
    const { client } = await t().tenant();
    const stages = await createPipeline(client);
    const account = await createOk(client, "/v1/accounts", { name: "Rates" });
    for (const stage of [stages.won, stages.lost, stages.lost, stages.discovery]) {
      await createOk(client, "/v1/deals", { name: "d", account_id: account.id, stage_id: stage.id, amount: 10 });
    }
    const dossier = await dossierOf(client, account.id);
    expect(dossier.signals.win_rate).toBe(0.333);
    expect(dossier.signals.open_deal_count).toBe(1);
    expect(dossier.deals.counts).toEqual({ open: 1, won: 1, lost: 2 });
  });

  it("recent_events holds at most the 50 newest", async () => {
    const { client } = await t().tenant();
    const account = await createOk(client, "/v1/accounts", { name: "Busy" });
    for (let i = 0; i < 55; i++) {
      const response = await client.patch(`/v1/accounts/${account.id}`, { metadata: { n: String(i) } });
      expect(response.status, response.text).toBe(200);
    }
    const dossier = await dossierOf(client, account.id);
    expect(dossier.recent_events).toHaveLength(50);
    const newest = (await getOk(client, `/v1/events?object_id=${account.id}&sort=-timestamp&per_page=50`)).data;
    expect(dossier.recent_events).toEqual(newest);
    expect(dossier.recent_events[0].data.object.metadata).toEqual({ n: "54" });
    expect(dossier.recent_events[49].data.object.metadata).toEqual({ n: "5" });
  });

  it("a contact moved to another account takes its activity with it", async () => {
    const { client } = await t().tenant();
    const first = await createOk(client, "/v1/accounts", { name: "First" });
    const second = await createOk(client, "/v1/accounts", { name: "Second" });
    const contact = await createOk(client, "/v1/contacts", { first_name: "Moe", account_id: first.id });
    expect((await dossierOf(client, first.id)).contacts.total).toBe(1);
    const moved = await client.patch(`/v1/contacts/${contact.id}`, { account_id: second.id });
    expect(moved.status, moved.text).toBe(200);
    const before = await dossierOf(client, first.id);
    expect(before.contacts).toEqual({ total: 0, data: [] });
    expect(before.recent_events.map((e: any) => e.data.object.id)).toEqual([first.id]);
    const after = await dossierOf(client, second.id);
    expect(after.contacts).toEqual({ total: 1, data: [moved.body] });
    expect(after.recent_events.map((e: any) => e.type)).toEqual(["contact.updated", "contact.created", "account.created"]);
  });

  it("404 for another organization's account or one that does not exist; 400 naming id for a malformed id", async () => {
    const mine = await t().tenant();
    const theirs = await t().tenant();
    const foreign = await createOk(theirs.client, "/v1/accounts", { name: "Not yours" });
    const missing = newId("account");
    for (const id of [foreign.id, missing]) {
      const response = await mine.client.get(`/v1/accounts/${id}/dossier`);
      expectProblem(response, 404, "not_found");
      expect(response.body.detail).toContain(id);
    }
    for (const id of [newId("contact"), "acc_123"]) {
      const problem = expectProblem(await mine.client.get(`/v1/accounts/${id}/dossier`), 400, "validation_failed");
      expect(problem.errors).toEqual([{ in: "path", field: "id", message: expect.any(String) }]);
    }
    expectProblem(await mine.client.get(`/v1/accounts/${foreign.id}/dossier`, { key: null }), 401, "missing_api_key");
  });
});
