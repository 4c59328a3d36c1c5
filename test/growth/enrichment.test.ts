import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { httpProvider, type EnrichmentInput, type EnrichmentProvider, type EnrichmentResult } from "../../src/engines/growth/enrichment-providers.ts";
import { newId } from "../../src/platform/ids.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type ApiResponse, type Client, type TestClock } from "../helpers/harness.ts";
import { ISO, MINUTE, NOW, createAccount, createContact, createDeal, createOk, eventTypesOf, eventsOf, getAccount } from "./helpers.ts";

// ---------------------------------------------------------------------------
// Helpers (this file's own; the shared ones are in helpers.ts).

let counter = 0;
/** A name no other test of this file uses (providers below recognize accounts by name). */
const uniqueName = (base: string) => `${base} ${process.pid}-${++counter}`;

/** Creates an invoice for client "Acme", due 2026-04-01, unless the body says otherwise. */
function createInvoice(client: Client, body: Record<string, unknown>): Promise<any> {
  return createOk(client, "/v1/invoices", { client: "Acme", due_date: "2026-04-01", ...body });
}

/** A pipeline with one open stage (40%), a won and a lost stage. */
async function createPipeline(client: Client): Promise<{ id: string; open: string; won: string; lost: string }> {
  const pipeline = await createOk(client, "/v1/pipelines", {
    name: uniqueName("Pipeline"),
    stages: [
      { name: "Talking", probability: 40 },
      { name: "Won", kind: "won" },
      { name: "Lost", kind: "lost" },
    ],
  });
  const [open, won, lost] = pipeline.stages.map((s: any) => s.id);
  return { id: pipeline.id, open, won, lost };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls GET /v1/accounts/{id} until the enrichment is no longer pending. */
async function settled(client: Client, id: string, timeoutMs = 10_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const account = await getAccount(client, id);
    if (account.enrichment.status !== "pending") return account;
    if (Date.now() > deadline) throw new Error(`enrichment of ${id} still pending after ${timeoutMs} ms`);
    await sleep(25);
  }
}

const enrich = (client: Client, id: string, body?: unknown) => client.post(`/v1/accounts/${id}/enrich`, body);

/** A promise and its resolve, for a provider the test lets go of when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// ---------------------------------------------------------------------------

describe("built-in provider (the default)", () => {
  const clock: TestClock = testClock(NOW);
  const t = useTestApp({ clock });

  it("fills empty firmographic fields from the name and the domain, and answers 200 with the enriched account", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Nordwind Logistics", domain: "nordwind.de", metadata: { tier: "gold" } });
    clock.advance(MINUTE);
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    const now = clock().toISOString();
    expect(response.body).toEqual({
      ...account,
      industry: "Logistics",
      country: "DE",
      website: "https://nordwind.de",
      updated_at: now,
      enrichment: {
        status: "enriched",
        source: "builtin",
        enriched_at: now,
        requested_at: now,
        error: null,
        data: {
          method: expect.any(String),
          industry_guess: "Logistics",
          contacts: { count: 0, with_email: 0, email_pattern: null, seniority: {}, departments: {}, decision_makers: [] },
          deals: {},
          billing: [],
          customer: false,
        },
      },
    });
    expect(await getAccount(client, account.id)).toEqual(response.body);
  });

  it("emits account.updated with the fields it filled, then account.enriched", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Nordwind Logistics", domain: "nordwind.de" });
    clock.advance(MINUTE);
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    const events = await eventsOf(client, account.id);
    expect(events.map((e) => e.type)).toEqual(["account.created", "account.updated", "account.enriched"]);
    const [, updated, enriched] = events;
    expect(updated.data.previous_attributes).toEqual({ industry: null, country: null, website: null });
    expect(updated.data.object).toEqual(response.body);
    expect(enriched.data.object).toEqual(response.body);
    expect(enriched.data.previous_attributes).toBeUndefined();
    expect(enriched.timestamp).toBe(clock().toISOString());
    expect(enriched.request.id).toBe(response.headers.get("x-request-id"));
  });

  it("takes the country from a country-code TLD (.de, .co.uk), not from generic ones (.io) or codes of no country (.eu)", async () => {
    const { client } = await t().tenant();
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { name: "Quantum Data", domain: "quantumdata.io" },
        { industry: "Software", country: null, website: "https://quantumdata.io" },
      ],
      [
        { name: "Brightwater Consulting", domain: "brightwater.co.uk" },
        { industry: "Professional Services", country: "GB", website: "https://brightwater.co.uk" },
      ],
      [
        { name: "Helios Energy", domain: "helios.eu" },
        { industry: null, country: null, website: "https://helios.eu" },
      ],
      [
        { name: "Maison Fromage", domain: "maison-fromage.fr" },
        { industry: null, country: "FR", website: "https://maison-fromage.fr" },
      ],
      [
        { name: "Kiwi Pay", domain: "kiwipay.co.nz" },
        { industry: "Financial Services", country: "NZ", website: "https://kiwipay.co.nz" },
      ],
      [
        { name: "Orbit Robotics", domain: "orbit.ai" },
        { industry: "Manufacturing", country: null, website: "https://orbit.ai" },
      ],
    ];
    for (const [input, expected] of cases) {
      const account = await createAccount(client, input);
      const response = await enrich(client, account.id);
      expect(response.status, response.text).toBe(200);
      expect(response.body, input.domain as string).toMatchObject({ ...expected, enrichment: { status: "enriched", source: "builtin" } });
      expect(response.body.enrichment.data.industry_guess).toBe(expected.industry);
    }
  });

  it("never overwrites fields the user set; with nothing left to fill it emits account.enriched only", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, {
      name: "Nordwind Logistics",
      domain: "nordwind.de",
      industry: "Retail",
      country: "FR",
      website: "https://shop.nordwind.example/home",
      employee_count: 40,
      annual_revenue: 1500000.25,
    });
    clock.advance(MINUTE);
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      industry: "Retail",
      country: "FR",
      website: "https://shop.nordwind.example/home",
      employee_count: 40,
      annual_revenue: 1500000.25,
      // The enrichment itself is a change to the account.
      updated_at: clock().toISOString(),
    });
    // What it would have filled is still reported in data.
    expect(response.body.enrichment).toMatchObject({ status: "enriched", source: "builtin", enriched_at: clock().toISOString() });
    expect(response.body.enrichment.data.industry_guess).toBe("Logistics");
    expect(await eventTypesOf(client, account.id)).toEqual(["account.created", "account.enriched"]);
  });

  it("fills only the fields that are empty, next to ones the user set", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Nordwind Logistics", domain: "nordwind.de", industry: "Shipping" });
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ industry: "Shipping", country: "DE", website: "https://nordwind.de" });
    const updated = (await eventsOf(client, account.id)).find((e) => e.type === "account.updated");
    expect(updated.data.previous_attributes).toEqual({ country: null, website: null });
  });

  it("with neither a domain nor a telling name, fills nothing and still records the enrichment", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Zephyr" });
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ industry: null, country: null, website: null, employee_count: null, annual_revenue: null });
    expect(response.body.enrichment).toMatchObject({ status: "enriched", source: "builtin", error: null });
    expect(response.body.enrichment.data).toMatchObject({ industry_guess: null, customer: false });
    expect(await eventTypesOf(client, account.id)).toEqual(["account.created", "account.enriched"]);
  });

  it("a website the user later clears is filled again on the next enrichment", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Nordwind Logistics", domain: "nordwind.de" });
    expect((await enrich(client, account.id)).body.website).toBe("https://nordwind.de");
    const cleared = await client.patch(`/v1/accounts/${account.id}`, { website: null, country: "AT" });
    expect(cleared.status, cleared.text).toBe(200);
    const again = await enrich(client, account.id);
    expect(again.body).toMatchObject({ website: "https://nordwind.de", country: "AT", industry: "Logistics" });
  });

  describe("data: what the organization's own records say", () => {
    let client: Client;
    let account: any;
    let contacts: Record<string, any>;
    let first: ApiResponse;

    beforeEach(async () => {
      if (account) return; // one fixture for the block
      ({ client } = await t().tenant());
      account = await createAccount(client, { name: "Acme Robotics", domain: "acme-robotics.com" });
      const other = await createAccount(client, { name: "Someone Else", domain: "someone-else.com" });
      contacts = {
        ann: await createContact(client, { first_name: "Ann", last_name: "Lee", email: "ann.lee@acme-robotics.com", title: "Chief Financial Officer" }),
        bob: await createContact(client, { first_name: "Bob", last_name: "Stone", email: "bob.stone@acme-robotics.com", title: "VP Engineering" }),
        carl: await createContact(client, { first_name: "Carl", last_name: "Diaz", email: "cdiaz@acme-robotics.com", title: "Sales Manager" }),
        dana: await createContact(client, { first_name: "Dana", email: "dana@acme-robotics.com", account_id: account.id }),
        eve: await createContact(client, { first_name: "Eve", last_name: "Park", account_id: account.id, title: "Analyst" }),
      };
      // Noise: another account's contact, deal and invoice count for nothing here.
      await createContact(client, { first_name: "Zed", last_name: "Zulu", email: "zed.zulu@someone-else.com", title: "CEO" });
      const stages = await createPipeline(client);
      await createDeal(client, { name: "Arms", account_id: account.id, stage_id: stages.open, amount: 1000, currency: "USD" });
      await createDeal(client, { name: "Legs", account_id: account.id, stage_id: stages.open, amount: 500.5, currency: "USD" });
      await createDeal(client, { name: "Torso", account_id: account.id, stage_id: stages.won, amount: 2000, currency: "USD" });
      await createDeal(client, { name: "Head", account_id: account.id, stage_id: stages.lost, amount: 300, currency: "EUR" });
      await createDeal(client, { name: "Eyes", account_id: account.id, stage_id: stages.open, amount: null, currency: "EUR" });
      await createDeal(client, { name: "Elsewhere", account_id: other.id, stage_id: stages.won, amount: 99999, currency: "USD" });
      await createInvoice(client, { account_id: account.id, amount: 100, currency: "USD", status: "open" });
      const toPay = await createInvoice(client, { account_id: account.id, amount: 50, currency: "USD", status: "open" });
      expect((await client.post(`/v1/invoices/${toPay.id}/pay`, { amount: 50 })).status).toBe(200);
      await createInvoice(client, { account_id: account.id, amount: 70, currency: "USD" }); // draft: counts for nothing
      await createInvoice(client, { account_id: account.id, amount: 80, currency: "EUR", status: "open", due_date: "2026-03-01" }); // overdue
      await createInvoice(client, { account_id: other.id, amount: 12345, currency: "USD", status: "open" });
      clock.advance(MINUTE);
      first = await enrich(client, account.id);
      expect(first.status, first.text).toBe(200);
    });

    it("summarizes contacts: count, email pattern, seniority, departments and decision makers", async () => {
      expect(first.body.enrichment.data.contacts).toEqual({
        count: 5,
        with_email: 4,
        email_pattern: "first.last",
        seniority: { executive: 1, director: 1, manager: 1, individual: 2 },
        departments: { finance: 1, engineering: 1, sales: 1, other: 2 },
        decision_makers: [
          { contact_id: contacts.ann.id, name: "Ann Lee", title: "Chief Financial Officer" },
          { contact_id: contacts.bob.id, name: "Bob Stone", title: "VP Engineering" },
        ],
      });
    });

    it("sums deals per currency, and billing per currency (drafts count for nothing)", async () => {
      const data = first.body.enrichment.data;
      expect(data.deals).toEqual({
        USD: { open: 2, won: 1, lost: 0, open_value: 1500.5, won_value: 2000 },
        EUR: { open: 1, won: 0, lost: 1, open_value: 0, won_value: 0 },
      });
      expect(data.billing).toEqual([
        { currency: "EUR", invoice_count: 1, paid: 0, outstanding: 80, overdue: 80 },
        { currency: "USD", invoice_count: 2, paid: 50, outstanding: 100, overdue: 0 },
      ]);
      expect(data.customer).toBe(true);
      expect(first.body).toMatchObject({ industry: "Manufacturing", website: "https://acme-robotics.com", country: null });
    });

    it("is deterministic: enriching again gives the same data, fills nothing more, and emits account.enriched again", async () => {
      clock.advance(MINUTE);
      const again = await enrich(client, account.id);
      expect(again.status, again.text).toBe(200);
      expect(again.body.enrichment.data).toEqual(first.body.enrichment.data);
      expect(again.body.enrichment.enriched_at).toBe(clock().toISOString());
      expect({ ...again.body, enrichment: null }).toEqual({ ...first.body, updated_at: clock().toISOString(), enrichment: null });
      expect(await eventTypesOf(client, account.id)).toEqual(["account.created", "account.updated", "account.enriched", "account.enriched"]);
    });

    it("is deterministic when a contact was edited without changing what enrichment reads", async () => {
      // Ann's phone number and lifecycle stage play no part in enrichment; the result must not change.
      const edited = await client.patch(`/v1/contacts/${contacts.ann.id}`, { phone: "+49 30 1234567", lifecycle_stage: "customer" });
      expect(edited.status, edited.text).toBe(200);
      const again = await enrich(client, account.id);
      expect(again.status, again.text).toBe(200);
      expect(again.body.enrichment.data).toEqual(first.body.enrichment.data);
    });
  });

  it("classifies departments by whole words: a Director of Marketing is in marketing, an Account Executive in sales", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Words Inc" });
    const marketing = await createContact(client, { first_name: "Mia", last_name: "Ode", title: "Director of Marketing", account_id: account.id });
    await createContact(client, { first_name: "Sam", last_name: "Roe", title: "Account Executive", account_id: account.id });
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body.enrichment.data.contacts).toMatchObject({
      seniority: { director: 1, individual: 1 },
      departments: { marketing: 1, sales: 1 },
      decision_makers: [{ contact_id: marketing.id, name: "Mia Ode", title: "Director of Marketing" }],
    });
  });

  it("accepts an empty JSON object as body, and refuses any field in it naming the field", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Nordwind Logistics", domain: "nordwind.de" });
    const refused = await enrich(client, account.id, { force: true });
    const problem = expectProblem(refused, 400, "validation_failed");
    expect(problem.errors).toEqual([{ in: "body", field: "force", message: expect.any(String) }]);
    expect(await getAccount(client, account.id)).toEqual(account);
    expect(await eventTypesOf(client, account.id)).toEqual(["account.created"]);
    const accepted = await enrich(client, account.id, {});
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.enrichment.status).toBe("enriched");
  });

  it("404 for an account that does not exist or is another organization's, which stays untouched", async () => {
    const mine = await t().tenant();
    const theirs = await t().tenant();
    const missing = newId("account");
    const response = await enrich(mine.client, missing);
    expectProblem(response, 404, "not_found");
    expect(response.body.detail).toContain(missing);
    const foreign = await createAccount(theirs.client, { name: "Nordwind Logistics", domain: "nordwind.de" });
    expectProblem(await enrich(mine.client, foreign.id), 404, "not_found");
    expect(await getAccount(theirs.client, foreign.id)).toEqual(foreign);
    expect(await eventTypesOf(theirs.client, foreign.id)).toEqual(["account.created"]);
  });

  it("400 naming id for an id of another kind or malformed", async () => {
    const { client } = await t().tenant();
    for (const id of [newId("contact"), "acc_123", "1"]) {
      const problem = expectProblem(await enrich(client, id), 400, "validation_failed");
      expect(problem.errors).toEqual([{ in: "path", field: "id", message: expect.any(String) }]);
    }
  });

  it("a read_only key, or an engine key without growth, gets 403 and changes nothing; a growth engine key may enrich", async () => {
    const tenant = await t().tenant();
    const account = await createAccount(tenant.client, { name: "Nordwind Logistics", domain: "nordwind.de" });
    const readOnly = await tenant.newKey("read_only");
    const finance = await tenant.newKey("engine", { engines: ["finance"] });
    expectProblem(await enrich(readOnly.client, account.id), 403, "insufficient_permission");
    expectProblem(await enrich(finance.client, account.id), 403, "insufficient_permission");
    expect(await getAccount(tenant.client, account.id)).toEqual(account);
    expect(await eventTypesOf(tenant.client, account.id)).toEqual(["account.created"]);
    const growth = await tenant.newKey("engine", { engines: ["growth"] });
    const response = await enrich(growth.client, account.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body.enrichment.status).toBe("enriched");
  });

  it("the account list filters by enrichment_status", async () => {
    const { client } = await t().tenant();
    const enriched = await createAccount(client, { name: "Nordwind Logistics", domain: "nordwind.de" });
    const untouched = await createAccount(client, { name: "Zephyr" });
    await enrich(client, enriched.id);
    const ids = async (status: string) => (await client.get(`/v1/accounts?enrichment_status=${status}`)).body.data.map((a: any) => a.id);
    expect(await ids("enriched")).toEqual([enriched.id]);
    expect(await ids("none")).toEqual([untouched.id]);
    expect(await ids("pending")).toEqual([]);
  });
});

// ---------------------------------------------------------------------------
// A provider of the test's own: what it does is chosen per account (by name),
// so a scheduler tick that picks up another test's account does not disturb it.

type Behaviour = (input: EnrichmentInput, signal: AbortSignal) => Promise<EnrichmentResult>;

const FOUND: EnrichmentResult = {
  firmographics: { industry: "Aerospace", employee_count: 1200, annual_revenue: 98765432.1, country: "US", website: "https://orbit.example" },
  data: { score: 87, tags: ["space", "b2b"], nested: { founded: 1999 } },
};

describe("a provider of the integration's own, slower than the wait", () => {
  const clock: TestClock = testClock(NOW);
  const behaviours = new Map<string, Behaviour>();
  const calls: { account: string; input: EnrichmentInput }[] = [];
  const provider: EnrichmentProvider = {
    name: "acme-intel",
    async enrich(input, signal) {
      calls.push({ account: input.account.name, input });
      const behaviour = behaviours.get(input.account.name) ?? (async () => FOUND);
      return behaviour(input, signal);
    },
  };
  const callsFor = (name: string) => calls.filter((c) => c.account === name);
  const t = useTestApp({ clock, integrations: { enrichment: provider, enrichmentWaitMs: 50 } });

  /** An account whose enrichments behave as given. */
  async function accountWith(client: Client, behaviour: Behaviour | undefined, body: Record<string, unknown> = {}) {
    const name = uniqueName("Orbit");
    if (behaviour) behaviours.set(name, behaviour);
    return createAccount(client, { name, ...body });
  }
  const slow =
    (ms: number, result: EnrichmentResult = FOUND): Behaviour =>
    async () => {
      await sleep(ms);
      return result;
    };

  it("answers 202 with the account pending, then finishes in the background and emits account.enriched once", async () => {
    const { client } = await t().tenant();
    const account = await accountWith(client, slow(400));
    clock.advance(MINUTE);
    const requested = clock().toISOString();
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(202);
    expect(response.body).toEqual({
      ...account,
      enrichment: { status: "pending", source: null, enriched_at: null, requested_at: requested, data: null, error: null },
    });
    expect(await getAccount(client, account.id)).toEqual(response.body);
    expect(await eventTypesOf(client, account.id)).toEqual(["account.created"]);

    const done = await settled(client, account.id);
    expect(done).toEqual({
      ...account,
      industry: "Aerospace",
      employee_count: 1200,
      annual_revenue: 98765432.1,
      country: "US",
      website: "https://orbit.example",
      updated_at: requested,
      enrichment: { status: "enriched", source: "acme-intel", enriched_at: requested, requested_at: requested, data: FOUND.data, error: null },
    });
    const events = await eventsOf(client, account.id);
    expect(events.map((e) => e.type)).toEqual(["account.created", "account.updated", "account.enriched"]);
    expect(events[1].data.previous_attributes).toEqual({ industry: null, employee_count: null, annual_revenue: null, country: null, website: null });
    expect(events[2].data.object).toEqual(done);
    // The background run is credited to the request that asked for it.
    expect(events[2].request.id).toBe(response.headers.get("x-request-id"));
    expect(callsFor(account.name)).toHaveLength(1);
  });

  it("hands the provider the account with its contacts, deals and billing", async () => {
    const { client } = await t().tenant();
    const account = await accountWith(client, undefined, { domain: "orbit-input.example" });
    const ann = await createContact(client, { first_name: "Ann", last_name: "Lee", email: "ann@orbit-input.example", title: "CTO" });
    const stages = await createPipeline(client);
    await createDeal(client, { name: "Big one", account_id: account.id, stage_id: stages.won, amount: 1234.5, currency: "EUR" });
    await createInvoice(client, { account_id: account.id, amount: 10, currency: "GBP", status: "open" });
    await enrich(client, account.id);
    await settled(client, account.id);
    const [call] = callsFor(account.name);
    expect(call!.input).toEqual({
      account: { id: account.id, name: account.name, domain: "orbit-input.example", website: null },
      contacts: [{ id: ann.id, first_name: "Ann", last_name: "Lee", email: "ann@orbit-input.example", title: "CTO" }],
      deals: [{ status: "won", amount: 1234.5, currency: "EUR" }],
      billing: [{ currency: "GBP", invoice_count: 1, paid: 0, outstanding: 10, overdue: 0 }],
    });
  });

  it("keeps what the user set while filling the rest", async () => {
    const { client } = await t().tenant();
    const account = await accountWith(client, slow(200), { industry: "Defense", employee_count: 5, website: "https://own.example" });
    expect((await enrich(client, account.id)).status).toBe(202);
    const done = await settled(client, account.id);
    expect(done).toMatchObject({ industry: "Defense", employee_count: 5, website: "https://own.example", annual_revenue: 98765432.1, country: "US" });
    const updated = (await eventsOf(client, account.id)).find((e) => e.type === "account.updated");
    expect(updated.data.previous_attributes).toEqual({ annual_revenue: null, country: null });
  });

  it("a second request while one is running waits for it instead of calling the provider again", async () => {
    const { client } = await t().tenant();
    const release = deferred<void>();
    const account = await accountWith(client, async () => {
      await release.promise;
      return FOUND;
    });
    const [a, b] = await Promise.all([enrich(client, account.id), sleep(10).then(() => enrich(client, account.id))]);
    expect([a.status, b.status]).toEqual([202, 202]);
    const again = await enrich(client, account.id);
    expect(again.status).toBe(202);
    release.resolve();
    await settled(client, account.id);
    expect(callsFor(account.name)).toHaveLength(1);
    expect(await eventTypesOf(client, account.id)).toEqual(["account.created", "account.updated", "account.enriched"]);
  });

  it("a failing provider leaves the fields as they were: status failed with the error, and no account.enriched", async () => {
    const { client } = await t().tenant();
    const account = await accountWith(client, async () => {
      await sleep(200);
      throw new Error("quota exceeded for acme-intel");
    });
    clock.advance(MINUTE);
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(202);
    const failed = await settled(client, account.id);
    const now = clock().toISOString();
    expect(failed).toEqual({
      ...account,
      enrichment: {
        status: "failed",
        source: null,
        enriched_at: null,
        requested_at: now,
        data: null,
        error: { message: "quota exceeded for acme-intel", failed_at: now },
      },
    });
    expect(await eventTypesOf(client, account.id)).toEqual(["account.created"]);
    const list = await client.get("/v1/accounts?enrichment_status=failed");
    expect(list.body.data.map((a: any) => a.id)).toEqual([account.id]);
  });

  it("a provider that fails at once gives 200 with status failed (or 202 and then failed)", async () => {
    const { client } = await t().tenant();
    const account = await accountWith(client, async () => {
      throw new Error("no such company");
    });
    const response = await enrich(client, account.id);
    expect([200, 202]).toContain(response.status);
    const failed = await settled(client, account.id);
    expect(failed.enrichment).toMatchObject({ status: "failed", error: { message: "no such company", failed_at: expect.stringMatching(ISO) } });
    expect(failed).toMatchObject({ industry: null, employee_count: null, annual_revenue: null, country: null, website: null, updated_at: account.updated_at });
  });

  it("after a failure, asking again retries; success clears the error", async () => {
    const { client } = await t().tenant();
    let attempt = 0;
    const account = await accountWith(client, async () => {
      attempt += 1;
      await sleep(100);
      if (attempt === 1) throw new Error("temporarily unavailable");
      return FOUND;
    });
    await enrich(client, account.id);
    expect((await settled(client, account.id)).enrichment.status).toBe("failed");
    clock.advance(MINUTE);
    const retry = await enrich(client, account.id);
    expect(retry.status, retry.text).toBe(202);
    expect(retry.body.enrichment).toMatchObject({ status: "pending", error: null, requested_at: clock().toISOString() });
    const done = await settled(client, account.id);
    expect(done.enrichment).toEqual({
      status: "enriched",
      source: "acme-intel",
      enriched_at: clock().toISOString(),
      requested_at: clock().toISOString(),
      data: FOUND.data,
      error: null,
    });
    expect(done.industry).toBe("Aerospace");
    expect(await eventTypesOf(client, account.id)).toEqual(["account.created", "account.updated", "account.enriched"]);
  });

  it("a failure after a success keeps the last successful source, time and data next to the error", async () => {
    const { client } = await t().tenant();
    let attempt = 0;
    const account = await accountWith(client, async () => {
      attempt += 1;
      await sleep(100);
      if (attempt === 2) throw new Error("provider down");
      return FOUND;
    });
    await enrich(client, account.id);
    const enriched = await settled(client, account.id);
    clock.advance(MINUTE);
    await enrich(client, account.id);
    const failed = await settled(client, account.id);
    expect(failed).toEqual({
      ...enriched,
      enrichment: {
        ...enriched.enrichment,
        status: "failed",
        requested_at: clock().toISOString(),
        error: { message: "provider down", failed_at: clock().toISOString() },
      },
    });
    expect(await eventTypesOf(client, account.id)).toEqual(["account.created", "account.updated", "account.enriched"]);
  });

  it("an account deleted while its enrichment runs gets no account.enriched", async () => {
    const { client } = await t().tenant();
    const release = deferred<void>();
    const account = await accountWith(client, async () => {
      await release.promise;
      return FOUND;
    });
    expect((await enrich(client, account.id)).status).toBe(202);
    expect((await client.delete(`/v1/accounts/${account.id}`)).status).toBe(200);
    release.resolve();
    await sleep(300);
    expectProblem(await client.get(`/v1/accounts/${account.id}`), 404, "not_found");
    expect(await eventTypesOf(client, account.id)).toEqual(["account.created", "account.deleted"]);
  });

  it("the scheduler finishes an enrichment whose runner went away, once its lease has run out", async () => {
    const tenant = await t().tenant();
    const { client } = tenant;
    // The first call hangs (the process "died" while the provider was working); later calls work.
    const hung = deferred<EnrichmentResult>();
    let mode: "hang" | "work" = "hang";
    const account = await accountWith(client, async () => (mode === "hang" ? hung.promise : FOUND));
    clock.advance(MINUTE);
    const requested = clock().toISOString();
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(202);
    expect(callsFor(account.name)).toHaveLength(1);
    mode = "work";

    // Within the lease (2 minutes) the job leaves it to the runner holding it.
    clock.advance(MINUTE);
    await t().scheduler.tick();
    expect((await getAccount(client, account.id)).enrichment.status).toBe("pending");
    expect(callsFor(account.name)).toHaveLength(1);

    // Past the lease, the job takes it over and finishes it.
    clock.advance(MINUTE + 1_000);
    await t().scheduler.tick();
    expect(callsFor(account.name)).toHaveLength(2);
    const done = await getAccount(client, account.id);
    const finished = clock().toISOString();
    expect(done).toMatchObject({
      industry: "Aerospace",
      country: "US",
      updated_at: finished,
      enrichment: { status: "enriched", source: "acme-intel", enriched_at: finished, requested_at: requested, data: FOUND.data, error: null },
    });
    const enrichedEvents = (await eventsOf(client, account.id)).filter((e) => e.type === "account.enriched");
    expect(enrichedEvents).toHaveLength(1);
    expect(enrichedEvents[0].request.id).toBeNull(); // the job's doing, not a request's

    // The first runner answering late changes nothing.
    hung.resolve({ firmographics: { industry: "Late", employee_count: 1 }, data: { late: true } });
    await sleep(300);
    expect(await getAccount(client, account.id)).toEqual(done);
    expect((await eventsOf(client, account.id)).filter((e) => e.type === "account.enriched")).toHaveLength(1);

    // Nothing is pending any more: another tick calls nobody.
    clock.advance(5 * MINUTE);
    await t().scheduler.tick();
    expect(callsFor(account.name)).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------
// The external HTTP provider against a real local server. Its answer depends
// on the domain it is asked about.

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: any;
}

const received: Received[] = [];
const ANSWERS: Record<string, { status?: number; type?: string; body: string; delayMs?: number }> = {
  "nordwind.de": {
    body: JSON.stringify({
      industry: "Logistics",
      employee_count: 250,
      annual_revenue: 12500000.5,
      country: "DE",
      website: "https://www.nordwind.de",
      data: { registry_id: "HRB 4711", tags: ["freight"], founded: 1987 },
    }),
  },
  "partial.example": { body: JSON.stringify({ employee_count: 12 }) },
  "unknown-country.example": { body: JSON.stringify({ country: "XX", industry: "Retail" }) },
  "broken.example": { status: 500, body: JSON.stringify({ error: "boom" }) },
  "notfound.example": { status: 404, body: "" },
  "html.example": { type: "text/html", body: "<html><body>Service Unavailable</body></html>" },
  "wrong-type.example": { body: JSON.stringify({ employee_count: "lots", industry: "Retail" }) },
  "wrong-country.example": { body: JSON.stringify({ country: "Germany" }) },
  "array.example": { body: JSON.stringify([{ industry: "Retail" }]) },
  "slow.example": { delayMs: 3_000, body: JSON.stringify({ industry: "Too Late" }) },
};

const server: Server = createServer((req, res) => {
  let raw = "";
  req.on("data", (chunk) => (raw += chunk));
  req.on("end", () => {
    let body: any = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      // kept as text
    }
    received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
    const answer = ANSWERS[body?.domain] ?? { status: 404, body: "" };
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(answer.status ?? 200, { "content-type": answer.type ?? "application/json" });
      res.end(answer.body);
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs);
    else send();
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const HOST = `127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const receivedFor = (domain: string) => received.filter((r) => r.body?.domain === domain);

describe("the external HTTP provider", () => {
  const clock: TestClock = testClock(NOW);
  const t = useTestApp({
    clock,
    integrations: { enrichment: httpProvider({ url: `http://${HOST}/v2/enrich?plan=pro`, apiKey: "sk_enrich_123", timeoutMs: 300 }), enrichmentWaitMs: 5_000 },
  });

  it("POSTs {domain, name, website} as JSON with the Bearer key, and fills the fields from the answer", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Nordwind GmbH", domain: "nordwind.de" });
    clock.advance(MINUTE);
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    const now = clock().toISOString();
    expect(response.body).toEqual({
      ...account,
      industry: "Logistics",
      employee_count: 250,
      annual_revenue: 12500000.5,
      country: "DE",
      website: "https://www.nordwind.de",
      updated_at: now,
      enrichment: {
        status: "enriched",
        source: `http:${HOST}`,
        enriched_at: now,
        requested_at: now,
        data: { registry_id: "HRB 4711", tags: ["freight"], founded: 1987 },
        error: null,
      },
    });
    const requests = receivedFor("nordwind.de");
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe("POST");
    expect(request!.url).toBe("/v2/enrich?plan=pro");
    expect(request!.headers.authorization).toBe("Bearer sk_enrich_123");
    expect(request!.headers["content-type"]).toMatch(/^application\/json/);
    expect(request!.headers.accept).toBe("application/json");
    expect(request!.body).toEqual({ domain: "nordwind.de", name: "Nordwind GmbH", website: null });
    const events = await eventsOf(client, account.id);
    expect(events.map((e) => e.type)).toEqual(["account.created", "account.updated", "account.enriched"]);
    expect(events[1].data.previous_attributes).toEqual({ industry: null, employee_count: null, annual_revenue: null, country: null, website: null });
    expect(events[2].data.object).toEqual(response.body);
  });

  it("sends the website the account has, and keeps fields the user set", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Nordwind", domain: "nordwind.de", website: "https://nordwind.example/de", employee_count: 300 });
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      website: "https://nordwind.example/de",
      employee_count: 300,
      industry: "Logistics",
      country: "DE",
      annual_revenue: 12500000.5,
    });
    expect(receivedFor("nordwind.de").at(-1)!.body).toEqual({ domain: "nordwind.de", name: "Nordwind", website: "https://nordwind.example/de" });
  });

  it("an answer with only some fields fills those, with empty data", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Partial", domain: "partial.example" });
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ employee_count: 12, industry: null, country: null, website: null, annual_revenue: null });
    expect(response.body.enrichment).toMatchObject({ status: "enriched", data: {} });
  });

  it("a country code that names no country is dropped; the rest of the answer is used", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Nowhere", domain: "unknown-country.example" });
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ country: null, industry: "Retail", enrichment: { status: "enriched" } });
  });

  /** Enriches an account of this domain and expects the attempt to fail with this message; nothing else changes. */
  async function expectFailure(domain: string, message: string) {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: `Company of ${domain}`, domain });
    clock.advance(MINUTE);
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    const now = clock().toISOString();
    expect(response.body).toEqual({
      ...account,
      enrichment: { status: "failed", source: null, enriched_at: null, requested_at: now, data: null, error: { message, failed_at: now } },
    });
    expect(await getAccount(client, account.id)).toEqual(response.body);
    expect(await eventTypesOf(client, account.id)).toEqual(["account.created"]);
    expect(receivedFor(domain).length).toBeGreaterThan(0);
  }

  it("a 500 answer fails the enrichment, saying what the service answered", async () => {
    await expectFailure("broken.example", `The enrichment service at ${HOST} answered 500 Internal Server Error.`);
  });

  it("a 404 answer fails it too", async () => {
    await expectFailure("notfound.example", `The enrichment service at ${HOST} answered 404 Not Found.`);
  });

  it("an answer that is not JSON fails it", async () => {
    await expectFailure("html.example", `The enrichment service at ${HOST} answered with something that is not JSON.`);
  });

  it("an answer of the wrong shape fails it, and fills nothing of it", async () => {
    const wrongShape = `The enrichment service at ${HOST} answered with an object of the wrong shape.`;
    await expectFailure("wrong-type.example", wrongShape);
    await expectFailure("wrong-country.example", wrongShape);
    await expectFailure("array.example", wrongShape);
  });

  it("a server slower than timeoutMs fails it, naming the timeout", async () => {
    const started = Date.now();
    await expectFailure("slow.example", `The enrichment service at ${HOST} did not answer within 300 ms.`);
    expect(Date.now() - started).toBeLessThan(2_500);
  });
});

describe("the external HTTP provider without an API key", () => {
  const t = useTestApp({
    clock: testClock(NOW),
    integrations: { enrichment: httpProvider({ url: `http://${HOST}/enrich`, apiKey: null, timeoutMs: 2_000 }), enrichmentWaitMs: 5_000 },
  });

  it("sends no authorization header", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Keyless", domain: "partial.example" });
    const before = receivedFor("partial.example").length;
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body.enrichment).toMatchObject({ status: "enriched", source: `http:${HOST}` });
    const requests = receivedFor("partial.example");
    expect(requests).toHaveLength(before + 1);
    expect(requests.at(-1)!.url).toBe("/enrich");
    expect(requests.at(-1)!.headers.authorization).toBeUndefined();
  });
});

// A port nothing listens on: bound, then closed, before the app starts.
const deadPort = await new Promise<number>((resolve) => {
  const probe = createServer();
  probe.listen(0, "127.0.0.1", () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});

describe("an HTTP provider that cannot be reached", () => {
  const t = useTestApp({
    clock: testClock(NOW),
    integrations: { enrichment: httpProvider({ url: `http://127.0.0.1:${deadPort}/enrich`, apiKey: null, timeoutMs: 2_000 }), enrichmentWaitMs: 5_000 },
  });

  it("fails the enrichment saying it could not be reached, and changes no field", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Nobody Home", domain: "nobody.example" });
    const response = await enrich(client, account.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body.enrichment.status).toBe("failed");
    expect(response.body.enrichment.error.message).toMatch(new RegExp(`^The enrichment service at 127\\.0\\.0\\.1:${deadPort} could not be reached: .+`));
    expect({ ...response.body, enrichment: null }).toEqual({ ...account, enrichment: null });
    expect(await eventTypesOf(client, account.id)).toEqual(["account.created"]);
  });
});
