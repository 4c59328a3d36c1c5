import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EnrichmentProvider } from "../../src/engines/growth/enrichment-providers.ts";
import { newId } from "../../src/platform/ids.ts";
import { expectInvalid, expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Client, type Tenant } from "../helpers/harness.ts";
import { ACCOUNT_ID, HOUR, NOW, createAccount, createOk, eventTypesOf, eventsOf, getAccount, getOk, neverBeforeNow, takeSnapshot } from "./helpers.ts";

const clock = testClock(NOW);

/**
 * A stand-in for the outside enrichment service: it fails for accounts whose
 * name starts with "Fail", and otherwise reports data without firmographics,
 * so enrichment changes no field the filters here look at.
 */
const provider: EnrichmentProvider = {
  name: "test-provider",
  async enrich(input) {
    if (input.account.name.startsWith("Fail")) throw new Error("The test provider knows nothing about this company.");
    return { firmographics: {}, data: { seen: input.account.name } };
  },
};

const t = useTestApp({ clock, integrations: { enrichment: provider } });

neverBeforeNow(clock);

// ---------------------------------------------------------------------------
// Helpers (local to this file; the shared ones are in helpers.ts)

const NO_ENRICHMENT = { status: "none", source: null, enriched_at: null, requested_at: null, data: null, error: null };

/** What any change would move: the tenant's accounts, contacts and the event log. */
const snapshot = (client: Client) => takeSnapshot(client, ["/v1/accounts", "/v1/contacts"]);

// ---------------------------------------------------------------------------

describe("POST /v1/accounts", () => {
  it("creates an account with every field, the domain normalized; GET returns the same", async () => {
    const tenant = await t().tenant();
    const response = await tenant.client.post("/v1/accounts", {
      name: "Acme Corp",
      domain: "https://www.Acme.com/about",
      industry: "Software",
      employee_count: 250,
      annual_revenue: 1234567.89,
      country: "DE",
      website: "https://www.acme.com/",
      metadata: { owner: "jane", tier: "gold" },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body).toEqual({
      id: expect.stringMatching(ACCOUNT_ID),
      object: "account",
      name: "Acme Corp",
      domain: "acme.com",
      industry: "Software",
      employee_count: 250,
      annual_revenue: 1234567.89,
      country: "DE",
      website: "https://www.acme.com/",
      enrichment: NO_ENRICHMENT,
      metadata: { owner: "jane", tier: "gold" },
      created_at: NOW,
      updated_at: NOW,
    });
    expect(await getAccount(tenant.client, response.body.id)).toEqual(response.body);
  });

  it("needs only a name: everything else null, enrichment none, empty metadata", async () => {
    const tenant = await t().tenant();
    expect(await createAccount(tenant.client, { name: "Bare" })).toEqual({
      id: expect.stringMatching(ACCOUNT_ID),
      object: "account",
      name: "Bare",
      domain: null,
      industry: null,
      employee_count: null,
      annual_revenue: null,
      country: null,
      website: null,
      enrichment: NO_ENRICHMENT,
      metadata: {},
      created_at: NOW,
      updated_at: NOW,
    });
  });

  it("emits account.created with the account as data.object", async () => {
    const tenant = await t().tenant();
    const account = await createAccount(tenant.client, { name: "Evented", domain: "evented.example" });
    const events = await eventsOf(tenant.client, account.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "account.created", org_id: tenant.orgId, timestamp: NOW, data: { object: account } });
    expect(events[0].data.previous_attributes).toBeUndefined();
  });

  for (const [raw, normalized] of [
    ["https://www.Acme.com/about", "acme.com"],
    ["ACME.COM", "acme.com"],
    ["www.acme.com", "acme.com"],
    ["acme.com/", "acme.com"],
    ["acme.com/pricing?x=1", "acme.com"],
    ["acme.com:8443", "acme.com"],
    ["http://acme.com:8080/x?y=1#z", "acme.com"],
    ["HTTPS://WWW.ACME.COM", "acme.com"],
    ["acme.com.", "acme.com"],
    ["  acme.com  ", "acme.com"],
    ["Shop.Acme.co.uk", "shop.acme.co.uk"],
    ["xn--bcher-kva.example", "xn--bcher-kva.example"],
  ] as const) {
    it(`normalizes the domain ${JSON.stringify(raw)} to ${normalized}`, async () => {
      const tenant = await t().tenant();
      expect((await createAccount(tenant.client, { name: "N", domain: raw })).domain).toBe(normalized);
    });
  }

  it("refuses a domain used by another account in any form: 409 with existing_id naming domain", async () => {
    const tenant = await t().tenant();
    const existing = await createAccount(tenant.client, { name: "Acme", domain: "acme.com" });
    const before = await snapshot(tenant.client);
    for (const domain of ["acme.com", "WWW.ACME.COM", "https://acme.com/contact"]) {
      const response = await tenant.client.post("/v1/accounts", { name: "Acme Again", domain });
      expectProblem(response, 409, "conflict");
      expect(response.body.existing_id).toBe(existing.id);
      expect(response.body.errors).toEqual([{ in: "body", field: "domain", message: expect.any(String) }]);
      expect(response.body.detail).toContain("acme.com");
    }
    expect(await snapshot(tenant.client)).toEqual(before);
    // Another organization may use it; subdomains are other domains.
    const other = await t().tenant();
    expect((await createAccount(other.client, { name: "Acme", domain: "acme.com" })).domain).toBe("acme.com");
    expect((await createAccount(tenant.client, { name: "Acme EU", domain: "eu.acme.com" })).domain).toBe("eu.acme.com");
  });

  it("allows any number of accounts without a domain", async () => {
    const tenant = await t().tenant();
    await createAccount(tenant.client, { name: "One" });
    await createAccount(tenant.client, { name: "Two" });
    await createAccount(tenant.client, { name: "One" }); // names need not be unique
    expect((await tenant.client.get("/v1/accounts")).body.meta.total).toBe(3);
  });

  it("without a domain, the website's host becomes the domain; an explicit domain wins", async () => {
    const tenant = await t().tenant();
    const fromWebsite = await createAccount(tenant.client, { name: "Globex", website: "https://www.Globex.com/en/home" });
    expect(fromWebsite).toMatchObject({ domain: "globex.com", website: "https://www.Globex.com/en/home" });
    const explicit = await createAccount(tenant.client, { name: "Initech", domain: "initech.io", website: "https://initech-corp.com" });
    expect(explicit).toMatchObject({ domain: "initech.io", website: "https://initech-corp.com" });
    // A website whose host is not a domain name leaves the domain empty.
    const local = await createAccount(tenant.client, { name: "Local", website: "http://localhost:3000/" });
    expect(local).toMatchObject({ domain: null, website: "http://localhost:3000/" });
    // The website's host is unique like a domain.
    const duplicate = await tenant.client.post("/v1/accounts", { name: "Globex 2", website: "http://globex.com" });
    expectProblem(duplicate, 409, "conflict");
    expect(duplicate.body.existing_id).toBe(fromWebsite.id);
  });

  it("accepts the limits: 0 employees, revenue 0 and large with cents, real country codes", async () => {
    const tenant = await t().tenant();
    expect(await createAccount(tenant.client, { name: "Z", employee_count: 0, annual_revenue: 0 })).toMatchObject({ employee_count: 0, annual_revenue: 0 });
    for (const annual_revenue of [0.01, 0.07, 1000001.19, 999_999_999_999.99]) {
      const account = await createAccount(tenant.client, { name: "R", annual_revenue });
      expect(account.annual_revenue).toBe(annual_revenue);
      expect((await getAccount(tenant.client, account.id)).annual_revenue).toBe(annual_revenue);
    }
    for (const country of ["US", "GB", "JP", "BR", null]) {
      expect((await createAccount(tenant.client, { name: "C", country })).country).toBe(country);
    }
    expect((await createAccount(tenant.client, { name: "Big", employee_count: 10_000_000 })).employee_count).toBe(10_000_000);
    expect((await createAccount(tenant.client, { name: "W", website: "http://example.org/path?q=1" })).website).toBe("http://example.org/path?q=1");
  });
});

describe("bad input: every bad field named, nothing changed", () => {
  let tenant: Tenant;
  let existing: any;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    tenant = await t().tenant();
    existing = await createAccount(tenant.client, { name: "Keep", domain: "keep.example", country: "US", employee_count: 10, annual_revenue: 100 });
    before = await snapshot(tenant.client);
  });

  afterEach(async () => {
    expect(await snapshot(tenant.client)).toEqual(before);
    expect(await getAccount(tenant.client, existing.id)).toEqual(existing);
  });

  const post = (body: unknown) => tenant.client.post("/v1/accounts", body);
  const patch = (body: unknown) => tenant.client.patch(`/v1/accounts/${existing.id}`, body);

  it("name missing, empty, too long, not a string or null", async () => {
    const missing = await post({ domain: "x.example" });
    expectInvalid(missing, ["name"]);
    expect(missing.body.errors[0].message).toBe("is required");
    for (const name of ["", "x".repeat(201), 42, null]) {
      expectInvalid(await post({ name }), ["name"]);
      expectInvalid(await patch({ name }), ["name"]);
    }
  });

  for (const domain of [
    "not a domain",
    "acme",
    "localhost",
    "http://",
    "-acme.com",
    "acme..com",
    "1.2.3.4",
    "acme_corp.com",
    "ann@acme.com",
    "   ",
    "www.",
    "https://",
  ]) {
    it(`domain ${JSON.stringify(domain)} is a 400 naming domain`, async () => {
      const created = await post({ name: "Bad", domain });
      expectInvalid(created, ["domain"]);
      expectInvalid(await patch({ domain }), ["domain"]);
    });
  }

  it("domain empty, too long, or not a string", async () => {
    for (const domain of ["", `${"a".repeat(250)}.com`, 42, ["acme.com"]]) {
      expectInvalid(await post({ name: "Bad", domain }), ["domain"]);
      expectInvalid(await patch({ domain }), ["domain"]);
    }
  });

  for (const country of ["XX", "us", "USA", "", "U S", 840, "uS"]) {
    it(`country ${JSON.stringify(country)} is a 400 naming country`, async () => {
      const response = await post({ name: "Bad", country });
      expectInvalid(response, ["country"]);
      expectInvalid(await patch({ country }), ["country"]);
    });
  }

  for (const website of ["acme.com", "www.acme.com", "ftp://acme.com", "javascript:alert(1)", "mailto:ann@acme.com", "", 7]) {
    it(`website ${JSON.stringify(website)} is a 400 naming website`, async () => {
      expectInvalid(await post({ name: "Bad", website }), ["website"]);
      expectInvalid(await patch({ website }), ["website"]);
    });
  }

  for (const employee_count of [-1, 1.5, "10", 10_000_001, true]) {
    it(`employee_count ${JSON.stringify(employee_count)} is a 400 naming employee_count`, async () => {
      expectInvalid(await post({ name: "Bad", employee_count }), ["employee_count"]);
      expectInvalid(await patch({ employee_count }), ["employee_count"]);
    });
  }

  for (const annual_revenue of [-0.01, -100, 1.234, 0.001, "100", 1e13, false]) {
    it(`annual_revenue ${JSON.stringify(annual_revenue)} is a 400 naming annual_revenue`, async () => {
      const response = await post({ name: "Bad", annual_revenue });
      expectInvalid(response, ["annual_revenue"]);
      expectInvalid(await patch({ annual_revenue }), ["annual_revenue"]);
    });
  }

  it("annual_revenue with three decimals says so", async () => {
    const response = await post({ name: "Bad", annual_revenue: 10.555 });
    expect(response.body.errors[0].message).toBe("must have at most two decimals");
  });

  it("industry empty, too long or not a string", async () => {
    for (const industry of ["", "x".repeat(101), 5]) {
      expectInvalid(await post({ name: "Bad", industry }), ["industry"]);
      expectInvalid(await patch({ industry }), ["industry"]);
    }
  });

  it("metadata with a non-string value, nested, or too many keys", async () => {
    expectInvalid(await post({ name: "Bad", metadata: { a: 1 } }), ["metadata.a"]);
    expectInvalid(await patch({ metadata: { nested: { a: "b" } } }), ["metadata.nested"]);
    expectInvalid(await post({ name: "Bad", metadata: "x" }), ["metadata"]);
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
    expectInvalid(await patch({ metadata: tooMany }), ["metadata"]);
  });

  it("unknown and read-only fields are refused by name", async () => {
    for (const [field, value] of [
      ["colour", "red"],
      ["id", newId("account")],
      ["object", "account"],
      ["enrichment", { status: "enriched" }],
      ["created_at", NOW],
      ["contacts", []],
    ] as const) {
      const response = await post({ name: "Bad", [field]: value });
      expectInvalid(response, [field]);
      expect(response.body.errors[0].message).toContain("not a known field");
      expectInvalid(await patch({ [field]: value }), [field]);
    }
  });

  it("several bad fields at once are all named", async () => {
    expectInvalid(await post({ domain: "nope", country: "usa", employee_count: -5, annual_revenue: 1.001, website: "acme.com", extra: 1 }), [
      "name",
      "country",
      "employee_count",
      "annual_revenue",
      "website",
      "extra",
    ]);
  });

  it("PATCH with an empty body, or none, is a 400", async () => {
    expectInvalid(await patch({}), ["body"]);
    expectProblem(await tenant.client.request("PATCH", `/v1/accounts/${existing.id}`), 400, "validation_failed");
  });

  it("a body that is not an object, or malformed JSON", async () => {
    expectProblem(await post([{ name: "A" }]), 400, "validation_failed");
    expectProblem(await post("A"), 400, "validation_failed");
    expectProblem(
      await tenant.client.request("POST", "/v1/accounts", { raw: '{"name": "A",', headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
  });

  describe("ids in the path", () => {
    const routes: [string, (id: string) => string, unknown][] = [
      ["GET", (id) => `/v1/accounts/${id}`, undefined],
      ["PATCH", (id) => `/v1/accounts/${id}`, { name: "x" }],
      ["DELETE", (id) => `/v1/accounts/${id}`, undefined],
      ["GET", (id) => `/v1/accounts/${id}/dossier`, undefined],
      ["POST", (id) => `/v1/accounts/${id}/enrich`, undefined],
    ];
    for (const [method, path, body] of routes) {
      it(`${method} ${path("{id}")}: an id of another kind or malformed is a 400 naming id in the path`, async () => {
        for (const id of [newId("contact"), "acc_123", "acc_" + "u".repeat(26), existing.id.toUpperCase(), "1"]) {
          expectInvalid(await tenant.client.request(method, path(id), { body }), ["id"], "path");
        }
      });
      it(`${method} ${path("{id}")}: a well-formed id that names nothing is a 404`, async () => {
        const id = newId("account");
        const response = await tenant.client.request(method, path(id), { body });
        expectProblem(response, 404, "not_found");
        expect(response.body.detail).toContain(id);
      });
    }
  });
});

describe("PATCH /v1/accounts/{id}", () => {
  it("changes the fields sent, keeps the others, bumps updated_at, and emits account.updated with previous_attributes", async () => {
    const tenant = await t().tenant();
    const account = await createAccount(tenant.client, {
      name: "Acme",
      domain: "acme.com",
      industry: "Software",
      employee_count: 10,
      country: "US",
      metadata: { a: "1" },
    });
    clock.advance(60_000);
    const response = await tenant.client.patch(`/v1/accounts/${account.id}`, {
      name: "Acme Inc.",
      employee_count: 12,
      annual_revenue: 2500.5,
      country: "CA",
      metadata: { b: "2" },
    });
    expect(response.status, response.text).toBe(200);
    const updated = {
      ...account,
      name: "Acme Inc.",
      employee_count: 12,
      annual_revenue: 2500.5,
      country: "CA",
      metadata: { b: "2" },
      updated_at: clock().toISOString(),
    };
    expect(response.body).toEqual(updated);
    expect(await getAccount(tenant.client, account.id)).toEqual(updated);
    const events = await eventsOf(tenant.client, account.id);
    expect(events.map((e) => e.type)).toEqual(["account.created", "account.updated"]);
    expect(events[1].timestamp).toBe(clock().toISOString());
    expect(events[1].data).toEqual({
      object: updated,
      previous_attributes: { name: "Acme", employee_count: 10, annual_revenue: null, country: "US", metadata: { a: "1" } },
    });
  });

  it("normalizes a new domain, clears fields with null, and emits the old values", async () => {
    const tenant = await t().tenant();
    const account = await createAccount(tenant.client, { name: "Acme", domain: "acme.com", industry: "Software", website: "https://acme.com" });
    const response = await tenant.client.patch(`/v1/accounts/${account.id}`, { domain: "https://www.ACME.io/x", industry: null, website: null });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ domain: "acme.io", industry: null, website: null });
    const [, updated] = await eventsOf(tenant.client, account.id);
    expect(updated.data.previous_attributes).toEqual({ domain: "acme.com", industry: "Software", website: "https://acme.com" });
    const cleared = await tenant.client.patch(`/v1/accounts/${account.id}`, { domain: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.domain).toBeNull();
  });

  it("refuses a domain another account has: 409 with existing_id naming domain, nothing changed", async () => {
    const tenant = await t().tenant();
    const acme = await createAccount(tenant.client, { name: "Acme", domain: "acme.com" });
    const globex = await createAccount(tenant.client, { name: "Globex", domain: "globex.com" });
    const before = await snapshot(tenant.client);
    for (const domain of ["acme.com", "https://www.Acme.com"]) {
      const response = await tenant.client.patch(`/v1/accounts/${globex.id}`, { domain, name: "Changed" });
      expectProblem(response, 409, "conflict");
      expect(response.body.existing_id).toBe(acme.id);
      expect(response.body.errors).toEqual([{ in: "body", field: "domain", message: expect.any(String) }]);
    }
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("an account may restate its own domain in another form: no conflict, no change, no event", async () => {
    const tenant = await t().tenant();
    const acme = await createAccount(tenant.client, { name: "Acme", domain: "acme.com" });
    const response = await tenant.client.patch(`/v1/accounts/${acme.id}`, { domain: "WWW.Acme.com" });
    expect(response.status, response.text).toBe(200);
    expect(response.body.domain).toBe("acme.com");
    expect(await eventTypesOf(tenant.client, acme.id)).toEqual(["account.created"]);
  });

  it("another organization's account is a 404, and stays unchanged", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const account = await createAccount(a.client, { name: "Secret", domain: "secret.example" });
    expectProblem(await b.client.patch(`/v1/accounts/${account.id}`, { name: "Hijacked" }), 404, "not_found");
    expect(await getAccount(a.client, account.id)).toEqual(account);
    expect(await eventTypesOf(a.client, account.id)).toEqual(["account.created"]);
  });
});

describe("cross-tenant isolation", () => {
  let a: Tenant;
  let b: Tenant;
  let accountA: any;

  beforeEach(async () => {
    a = await t().tenant();
    b = await t().tenant();
    accountA = await createAccount(a.client, { name: "Secret Corp", domain: "secret-corp.example", industry: "Spying" });
    await createAccount(b.client, { name: "B's own" });
  });

  async function untouched() {
    expect(await getAccount(a.client, accountA.id)).toEqual(accountA);
    expect(await eventTypesOf(a.client, accountA.id)).toEqual(["account.created"]);
  }

  it("GET, PATCH, DELETE, dossier and enrich of another organization's account are 404", async () => {
    for (const response of [
      await b.client.get(`/v1/accounts/${accountA.id}`),
      await b.client.patch(`/v1/accounts/${accountA.id}`, { name: "hijacked" }),
      await b.client.delete(`/v1/accounts/${accountA.id}`),
      await b.client.get(`/v1/accounts/${accountA.id}/dossier`),
      await b.client.post(`/v1/accounts/${accountA.id}/enrich`),
    ]) {
      expectProblem(response, 404, "not_found");
      expect(response.text).not.toContain("Secret Corp");
    }
    await untouched();
  });

  it("another organization's account named in a contact, deal or invoice body is a 422 naming account_id", async () => {
    const before = await snapshot(b.client);
    const attempts: [string, Record<string, unknown>][] = [
      ["/v1/contacts", { first_name: "X", account_id: accountA.id }],
      ["/v1/deals", { name: "X", account_id: accountA.id }],
      ["/v1/invoices", { client: "X", amount: 10, currency: "USD", due_date: "2026-04-01", account_id: accountA.id }],
    ];
    for (const [path, body] of attempts) {
      const response = await b.client.post(path, body);
      expectProblem(response, 422, "unprocessable");
      expect(response.body.errors, path).toEqual([{ in: "body", field: "account_id", message: expect.any(String) }]);
    }
    expect(await snapshot(b.client)).toEqual(before);
    expect((await b.client.get("/v1/deals")).body.meta.total).toBe(0);
    expect((await b.client.get("/v1/invoices")).body.meta.total).toBe(0);
    await untouched();
  });

  it("a contact of B with an email at A's domain is not linked to A's account", async () => {
    const contact = await createOk(b.client, "/v1/contacts", { email: "spy@secret-corp.example" });
    expect(contact.account_id).toBeNull();
    await untouched();
  });

  it("lists, filters and searches never show another organization's accounts", async () => {
    for (const query of ["", "?q=Secret", "?domain=secret-corp.example", "?name[contains]=Secret", "?industry=Spying", "?enrichment_status=none"]) {
      const list = await b.client.get(`/v1/accounts${query}`);
      expect(list.status, list.text).toBe(200);
      expect(list.body.data.map((x: any) => x.id)).not.toContain(accountA.id);
    }
    expect((await b.client.get("/v1/accounts?q=Secret")).body.meta.total).toBe(0);
    expect((await b.client.get(`/v1/events?object_id=${accountA.id}`)).body.meta.total).toBe(0);
    expect((await a.client.get("/v1/accounts?q=Secret")).body.data.map((x: any) => x.id)).toEqual([accountA.id]);
  });
});

describe("DELETE /v1/accounts/{id}", () => {
  it("deletes the account: gone from GET and the list, account.deleted emitted with its last state", async () => {
    const tenant = await t().tenant();
    const account = await createAccount(tenant.client, { name: "Gone", domain: "gone.example" });
    const kept = await createAccount(tenant.client, { name: "Kept" });
    clock.advance(1000);
    const response = await tenant.client.delete(`/v1/accounts/${account.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ id: account.id, object: "account", deleted: true });
    expectProblem(await tenant.client.get(`/v1/accounts/${account.id}`), 404, "not_found");
    expect((await tenant.client.get("/v1/accounts")).body.data.map((x: any) => x.id)).toEqual([kept.id]);
    const events = await eventsOf(tenant.client, account.id);
    expect(events.map((e) => e.type)).toEqual(["account.created", "account.deleted"]);
    expect(events[1].data).toEqual({ object: account });
    expect(events[1].timestamp).toBe(clock().toISOString());
    expectProblem(await tenant.client.delete(`/v1/accounts/${account.id}`), 404, "not_found");
    // Its domain is free again.
    expect((await createAccount(tenant.client, { name: "Gone again", domain: "gone.example" })).domain).toBe("gone.example");
  });

  it("keeps its contacts and deals, unlinked, each with an updated event; invoices keep their account_id", async () => {
    const tenant = await t().tenant();
    const acme = await createAccount(tenant.client, { name: "Acme", domain: "acme.com" });
    const globex = await createAccount(tenant.client, { name: "Globex", domain: "globex.com" });
    const ann = await createOk(tenant.client, "/v1/contacts", { email: "ann@acme.com", first_name: "Ann" });
    const bob = await createOk(tenant.client, "/v1/contacts", { email: "bob@elsewhere.example", account_id: acme.id });
    const gus = await createOk(tenant.client, "/v1/contacts", { email: "gus@globex.com" });
    expect([ann.account_id, bob.account_id, gus.account_id]).toEqual([acme.id, acme.id, globex.id]);
    const deal = await createOk(tenant.client, "/v1/deals", { name: "Acme deal", account_id: acme.id, contact_ids: [ann.id], amount: 5000 });
    const otherDeal = await createOk(tenant.client, "/v1/deals", { name: "Globex deal", account_id: globex.id });
    const invoice = await createOk(tenant.client, "/v1/invoices", {
      client: "Acme",
      amount: 100,
      currency: "USD",
      due_date: "2026-04-01",
      account_id: acme.id,
    });

    clock.advance(HOUR);
    expect((await tenant.client.delete(`/v1/accounts/${acme.id}`)).status).toBe(200);
    const now = clock().toISOString();

    for (const contact of [ann, bob]) {
      const after = await getOk(tenant.client, `/v1/contacts/${contact.id}`);
      expect(after).toEqual({ ...contact, account_id: null, updated_at: now });
      const events = await eventsOf(tenant.client, contact.id);
      expect(events.map((e) => e.type)).toEqual(["contact.created", "contact.updated"]);
      expect(events[1].data).toEqual({ object: after, previous_attributes: { account_id: acme.id } });
    }
    const dealAfter = await getOk(tenant.client, `/v1/deals/${deal.id}`);
    expect(dealAfter).toEqual({ ...deal, account_id: null, updated_at: now });
    const dealEvents = await eventsOf(tenant.client, deal.id);
    expect(dealEvents.map((e) => e.type)).toEqual(["deal.created", "deal.updated"]);
    expect(dealEvents[1].data).toEqual({ object: dealAfter, previous_attributes: { account_id: acme.id } });

    // The invoice still names the deleted account, unchanged and without an event.
    expect(await getOk(tenant.client, `/v1/invoices/${invoice.id}`)).toEqual(invoice);
    expect(await eventTypesOf(tenant.client, invoice.id)).toEqual(["invoice.created"]);
    expect((await tenant.client.get(`/v1/invoices?account_id=${acme.id}`)).body.data.map((i: any) => i.id)).toEqual([invoice.id]);

    // Another account's contacts and deals are untouched.
    expect(await getOk(tenant.client, `/v1/contacts/${gus.id}`)).toEqual(gus);
    expect(await getOk(tenant.client, `/v1/deals/${otherDeal.id}`)).toEqual(otherDeal);
    expect(await eventTypesOf(tenant.client, gus.id)).toEqual(["contact.created"]);
    expect(await eventTypesOf(tenant.client, otherDeal.id)).toEqual(["deal.created"]);

    // A new contact at the old domain joins no account now.
    expect((await createOk(tenant.client, "/v1/contacts", { email: "cy@acme.com" })).account_id).toBeNull();
  });

  it("another organization's account is a 404, and stays", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const account = await createAccount(a.client, { name: "Stay" });
    expectProblem(await b.client.delete(`/v1/accounts/${account.id}`), 404, "not_found");
    expect(await getAccount(a.client, account.id)).toEqual(account);
  });
});

describe("concurrent writes", () => {
  it("creating the same domain (in any form) at once: one 201, the others 409 naming the one created", async () => {
    const tenant = await t().tenant();
    const forms = ["race.example", "RACE.example", "https://www.race.example/", "www.race.example", "race.example/x", "Race.Example"];
    const responses = await Promise.all(forms.map((domain, i) => tenant.client.post("/v1/accounts", { name: `Race ${i}`, domain })));
    const created = responses.filter((r) => r.status === 201);
    expect(created, responses.map((r) => r.text).join("\n")).toHaveLength(1);
    for (const r of responses.filter((r) => r.status !== 201)) {
      expectProblem(r, 409, "conflict");
      expect(r.body.existing_id).toBe(created[0]!.body.id);
    }
    expect((await tenant.client.get("/v1/accounts")).body.meta.total).toBe(1);
  });

  it("deleting an account while one of its contacts is updated to name it: never a 500, and no contact keeps the deleted account", async () => {
    const tenant = await t().tenant();
    for (let round = 0; round < 10; round++) {
      const account = await createAccount(tenant.client, { name: `Race ${round}`, domain: `race${round}.example` });
      const contact = await createOk(tenant.client, "/v1/contacts", { email: `ann@race${round}.example` });
      expect(contact.account_id).toBe(account.id);
      const [deleted, patched] = await Promise.all([
        tenant.client.delete(`/v1/accounts/${account.id}`),
        tenant.client.patch(`/v1/contacts/${contact.id}`, { account_id: account.id, title: `Round ${round}` }),
      ]);
      expect([200], `account delete in round ${round}: ${deleted.text}`).toContain(deleted.status);
      expect([200, 422], `contact update in round ${round}: ${patched.text}`).toContain(patched.status);
      expect((await getOk(tenant.client, `/v1/contacts/${contact.id}`)).account_id).toBeNull();
    }
  });

  it("deleting an account while one of its deals is updated to name it: never a 500, and no deal keeps the deleted account", async () => {
    const tenant = await t().tenant();
    for (let round = 0; round < 10; round++) {
      const account = await createAccount(tenant.client, { name: `Deal race ${round}` });
      const deal = await createOk(tenant.client, "/v1/deals", { name: `Deal race ${round}`, account_id: account.id });
      const [deleted, patched] = await Promise.all([
        tenant.client.delete(`/v1/accounts/${account.id}`),
        tenant.client.patch(`/v1/deals/${deal.id}`, { account_id: account.id, name: `Round ${round}` }),
      ]);
      expect([200], `account delete in round ${round}: ${deleted.text}`).toContain(deleted.status);
      expect([200, 422], `deal update in round ${round}: ${patched.text}`).toContain(patched.status);
      expect((await getOk(tenant.client, `/v1/deals/${deal.id}`)).account_id).toBeNull();
    }
  });
});

describe("GET /v1/accounts (list)", () => {
  let tenant: Tenant;
  let other: Tenant;
  /** The accounts as the API shows them, in creation order; created one hour apart from LIST_START. */
  let all: any[] = [];
  const LIST_START = "2026-05-01T00:00:00.000Z";
  const at = (i: number) => new Date(Date.parse(LIST_START) + i * HOUR).toISOString();

  const COMPANIES: Record<string, unknown>[] = [
    { name: "Acme Corp", domain: "acme.com", industry: "Software", employee_count: 120, annual_revenue: 5_000_000.5, country: "US" },
    { name: "Acme Europe", domain: "eu.acme.com", industry: "Software", employee_count: 40, annual_revenue: 1_200_000, country: "DE" },
    { name: "Globex", domain: "globex.com", industry: "Manufacturing", employee_count: 5000, annual_revenue: 250_000_000, country: "US" },
    { name: "Initech", domain: "initech.io", industry: "Software Services", employee_count: 15, annual_revenue: 900_000.99, country: "GB" },
    { name: "Hooli", domain: "hooli.xyz", industry: "Internet", employee_count: 0, annual_revenue: 0, country: "US" },
    { name: "Umbrella Health", domain: "umbrella.health", industry: "Healthcare", employee_count: 800, annual_revenue: 75_000_000, country: "FR" },
    { name: "Stark Industries", domain: "stark.com", industry: "Manufacturing", employee_count: 12000, annual_revenue: 999_999_999.99, country: "US" },
    { name: "No Domain Ltd" },
    { name: "Wayne Enterprises", domain: "wayne.com", industry: "Conglomerate", employee_count: 3000, annual_revenue: 1_000_000_000, country: "US" },
    { name: "Failing Co", domain: "failing.example", industry: "Retail", employee_count: 5, annual_revenue: 10_000, country: "CA" },
  ];

  beforeAll(async () => {
    tenant = await t().tenant();
    other = await t().tenant();
    for (let i = 0; i < COMPANIES.length; i++) {
      clock.set(at(i));
      all.push(await createAccount(tenant.client, COMPANIES[i]!));
    }
    await createAccount(other.client, { name: "Acme Corp", domain: "acme.com", industry: "Software", country: "US", employee_count: 120 });
    clock.set(at(COMPANIES.length + 1));
    // Enrichment: two succeed, one fails.
    for (const i of [0, 2, 9]) {
      const response = await tenant.client.post(`/v1/accounts/${all[i].id}/enrich`);
      expect(response.status, response.text).toBe(200);
      expect(response.body.enrichment.status).toBe(i === 9 ? "failed" : "enriched");
    }
    const byId = new Map<string, any>();
    for (const account of (await tenant.client.get("/v1/accounts?per_page=100")).body.data) byId.set(account.id, account);
    all = all.map((a) => byId.get(a.id));
    expect(all.every(Boolean)).toBe(true);
    expect(all.map((a) => a.enrichment.status)).toEqual(["enriched", "none", "enriched", "none", "none", "none", "none", "none", "none", "failed"]);
  });

  async function list(query: string): Promise<{ data: any[]; meta: any }> {
    const response = await tenant.client.get(`/v1/accounts${query ? `?${query}` : ""}`);
    expect(response.status, `${query}: ${response.text}`).toBe(200);
    return response.body;
  }

  async function expectFilter(query: string, predicate: (a: any) => boolean): Promise<void> {
    const expected = all
      .filter(predicate)
      .map((a) => a.id)
      .sort();
    expect(expected.length, `${query} should select something`).toBeGreaterThan(0);
    expect(expected.length, `${query} should not select everything`).toBeLessThan(all.length);
    const page = await list(`${query}&per_page=100`);
    expect(page.data.map((a) => a.id).sort(), query).toEqual(expected);
    expect(page.meta.total).toBe(expected.length);
  }

  it("lists newest first by default, with the envelope", async () => {
    const page = await list("");
    expect(page.meta).toEqual({ total: all.length, page: 1, per_page: 25 });
    expect(page.data).toEqual([...all].reverse());
  });

  it("pages through every account once, in order", async () => {
    const seen: any[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = await list(`per_page=4&page=${page}`);
      expect(body.meta).toEqual({ total: all.length, page, per_page: 4 });
      seen.push(...body.data);
    }
    expect(seen.map((a) => a.id)).toEqual([...all].reverse().map((a) => a.id));
    expect(await list("per_page=4&page=4")).toEqual({ data: [], meta: { total: all.length, page: 4, per_page: 4 } });
  });

  it("name: exact and contains (case-insensitive)", async () => {
    await expectFilter("name=Globex", (a) => a.name === "Globex");
    await expectFilter("name[contains]=acme", (a) => a.name.toLowerCase().includes("acme"));
    await expectFilter("name[contains]=INDUSTRIES", (a) => a.name.toLowerCase().includes("industries"));
    await expectFilter("name[ne]=Globex", (a) => a.name !== "Globex");
  });

  it("domain: exact, comma = any of", async () => {
    await expectFilter("domain=acme.com", (a) => a.domain === "acme.com");
    await expectFilter("domain=acme.com,wayne.com", (a) => ["acme.com", "wayne.com"].includes(a.domain));
    expect((await list("domain=cme.com")).meta.total).toBe(0);
  });

  it("[exists]: with a value or without one, on every nullable field; a value that is not a boolean is a 400", async () => {
    await expectFilter("domain[exists]=false", (a) => a.domain === null);
    await expectFilter("domain[exists]=true", (a) => a.domain !== null);
    await expectFilter("employee_count[exists]=false&name[contains]=o", (a) => a.employee_count === null && a.name.toLowerCase().includes("o"));
    await expectFilter("industry[exists]=true&country=US", (a) => a.industry !== null && a.country === "US");
    await expectInvalid(await tenant.client.get("/v1/accounts?domain[exists]=maybe"), ["domain[exists]"], "query");
    // A required column has no [exists]: every record has it.
    await expectInvalid(await tenant.client.get("/v1/accounts?name[exists]=false"), ["name[exists]"], "query");
  });

  it("industry: exact and contains", async () => {
    await expectFilter("industry=Software", (a) => a.industry === "Software");
    await expectFilter("industry[contains]=soft", (a) => (a.industry ?? "").toLowerCase().includes("soft"));
    await expectFilter("industry=Manufacturing,Healthcare", (a) => ["Manufacturing", "Healthcare"].includes(a.industry));
  });

  it("country: one or any of a comma list", async () => {
    await expectFilter("country=US", (a) => a.country === "US");
    await expectFilter("country=GB,DE", (a) => ["GB", "DE"].includes(a.country));
  });

  it("employee_count: exact and ranges", async () => {
    await expectFilter("employee_count=0", (a) => a.employee_count === 0);
    await expectFilter(
      "employee_count[gte]=100&employee_count[lt]=5000",
      (a) => a.employee_count !== null && a.employee_count >= 100 && a.employee_count < 5000,
    );
    await expectFilter("employee_count[gt]=5000", (a) => a.employee_count !== null && a.employee_count > 5000);
    await expectFilter("employee_count[lte]=15", (a) => a.employee_count !== null && a.employee_count <= 15);
  });

  it("annual_revenue: exact and ranges, to the cent", async () => {
    await expectFilter("annual_revenue=900000.99", (a) => a.annual_revenue === 900_000.99);
    await expectFilter("annual_revenue[gte]=1000000", (a) => a.annual_revenue !== null && a.annual_revenue >= 1_000_000);
    await expectFilter("annual_revenue[lte]=900000.99", (a) => a.annual_revenue !== null && a.annual_revenue <= 900_000.99);
    await expectFilter("annual_revenue[lt]=900000.99", (a) => a.annual_revenue !== null && a.annual_revenue < 900_000.99);
    await expectFilter("annual_revenue[gt]=75000000&annual_revenue[lt]=1000000000", (a) => a.annual_revenue > 75_000_000 && a.annual_revenue < 1_000_000_000);
  });

  it("enrichment_status: one or any of a comma list", async () => {
    await expectFilter("enrichment_status=enriched", (a) => a.enrichment.status === "enriched");
    await expectFilter("enrichment_status=failed", (a) => a.enrichment.status === "failed");
    await expectFilter("enrichment_status=none", (a) => a.enrichment.status === "none");
    await expectFilter("enrichment_status=enriched,failed", (a) => a.enrichment.status !== "none");
    expect((await list("enrichment_status=pending")).meta.total).toBe(0);
  });

  it("q searches name and domain, case-insensitively", async () => {
    for (const q of ["acme", "ACME", ".io", "health", "industries", "wayne.com", "ltd"]) {
      const needle = q.toLowerCase();
      await expectFilter(`q=${encodeURIComponent(q)}`, (a) => a.name.toLowerCase().includes(needle) || (a.domain ?? "").includes(needle));
    }
    expect((await list("q=software")).meta.total).toBe(0); // industry is not searched
    expect((await list(`q=${encodeURIComponent("%")}`)).meta.total).toBe(0);
  });

  it("filters combine", async () => {
    await expectFilter(
      "country=US&industry=Manufacturing&employee_count[gte]=6000",
      (a) => a.country === "US" && a.industry === "Manufacturing" && a.employee_count >= 6000,
    );
    await expectFilter("q=acme&country=DE", (a) => a.name.includes("Acme") && a.country === "DE");
  });

  it("created_at ranges", async () => {
    await expectFilter(`created_at[gte]=${at(2)}&created_at[lt]=${at(5)}`, (a) => a.created_at >= at(2) && a.created_at < at(5));
    await expectFilter(`created_at[gt]=${at(7)}`, (a) => a.created_at > at(7));
  });

  it("sorts by name, employee_count, annual_revenue and created_at, ties broken by id", async () => {
    const ids = async (sort: string) => (await list(`sort=${sort}&per_page=100`)).data.map((a) => a.id);
    expect(await ids("created_at")).toEqual(all.map((a) => a.id));
    expect(await ids("-created_at")).toEqual([...all].reverse().map((a) => a.id));
    const byName = [...all].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : x.id < y.id ? -1 : 1)).map((a) => a.id);
    expect(await ids("name")).toEqual(byName);
    expect(await ids("-name")).toEqual([...byName].reverse());
    for (const field of ["employee_count", "annual_revenue"]) {
      const withValue = all.filter((a) => a[field] !== null);
      const ascending = [...withValue].sort((x, y) => x[field] - y[field]).map((a) => a.id);
      const only = (sorted: string[]) => sorted.filter((id) => withValue.some((a) => a.id === id));
      expect(only(await ids(field)), field).toEqual(ascending);
      expect(only(await ids(`-${field}`)), `-${field}`).toEqual([...ascending].reverse());
      expect((await ids(field)).length).toBe(all.length);
    }
    // Sorting applies within a filtered list too.
    const software = (await list("industry=Software&sort=-employee_count")).data.map((a) => a.name);
    expect(software).toEqual(["Acme Corp", "Acme Europe"]);
  });

  it("refuses unknown sort fields, unknown parameters and bad filter values, naming the parameter", async () => {
    const cases: [string, string][] = [
      ["sort=domain", "sort"],
      ["sort=-country", "sort"],
      ["website=acme.com", "website"],
      ["employee_count=abc", "employee_count"],
      ["employee_count[gte]=1.5", "employee_count[gte]"],
      ["annual_revenue[gte]=1.234", "annual_revenue[gte]"],
      ["annual_revenue[lt]=-1", "annual_revenue[lt]"],
      ["annual_revenue=lots", "annual_revenue"],
      ["enrichment_status=bogus", "enrichment_status"],
      ["enrichment_status=none,", "enrichment_status"],
      ["created_at[gte]=May", "created_at[gte]"],
      ["domain[contains]=acme", "domain[contains]"],
      ["per_page=101", "per_page"],
    ];
    for (const [query, field] of cases) {
      expectInvalid(await tenant.client.get(`/v1/accounts?${query}`), [field], "query");
    }
  });
});

describe("API key permissions on growth routes", () => {
  let tenant: Tenant;
  let account: any;
  let contact: any;

  beforeAll(async () => {
    tenant = await t().tenant();
    account = await createAccount(tenant.client, { name: "Perm", domain: "perm.example" });
    contact = await createOk(tenant.client, "/v1/contacts", { email: "p@perm.example" });
  });

  it("an engine key for finance only gets 403 on every growth route, and changes nothing", async () => {
    const finance = await tenant.newKey("engine", { engines: ["finance"] });
    const before = await snapshot(tenant.client);
    const attempts: [string, string, unknown][] = [
      ["GET", "/v1/accounts", undefined],
      ["GET", `/v1/accounts/${account.id}`, undefined],
      ["POST", "/v1/accounts", { name: "Nope" }],
      ["PATCH", `/v1/accounts/${account.id}`, { name: "Nope" }],
      ["DELETE", `/v1/accounts/${account.id}`, undefined],
      ["GET", `/v1/accounts/${account.id}/dossier`, undefined],
      ["POST", `/v1/accounts/${account.id}/enrich`, undefined],
      ["GET", "/v1/contacts", undefined],
      ["GET", `/v1/contacts/${contact.id}`, undefined],
      ["POST", "/v1/contacts", { first_name: "Nope" }],
      ["PATCH", `/v1/contacts/${contact.id}`, { first_name: "Nope" }],
      ["DELETE", `/v1/contacts/${contact.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await finance.client.request(method, path, { body });
      expectProblem(response, 403, "insufficient_permission", `${method} ${path}`);
      expect(response.text).not.toContain("perm.example");
    }
    expect(await snapshot(tenant.client)).toEqual(before);
    // The same key does reach finance.
    expect((await finance.client.get("/v1/invoices")).status).toBe(200);
  });

  it("an engine key for growth reads and writes accounts and contacts", async () => {
    const growth = await tenant.newKey("engine", { engines: ["growth"] });
    expect((await growth.client.get(`/v1/accounts/${account.id}`)).body).toEqual(await getAccount(tenant.client, account.id));
    const created = await createAccount(growth.client, { name: "By growth key" });
    expect((await growth.client.delete(`/v1/accounts/${created.id}`)).status).toBe(200);
    expect((await growth.client.get("/v1/contacts")).status).toBe(200);
    expectProblem(await growth.client.get("/v1/invoices"), 403, "insufficient_permission");
  });

  it("a read_only key can GET but not write (403), and changes nothing", async () => {
    const readOnly = await tenant.newKey("read_only");
    expect(await getOk(readOnly.client, `/v1/accounts/${account.id}`)).toEqual(await getAccount(tenant.client, account.id));
    expect((await getOk(readOnly.client, "/v1/accounts")).meta.total).toBeGreaterThan(0);
    expect(await getOk(readOnly.client, `/v1/contacts/${contact.id}`)).toEqual(contact);
    expect((await getOk(readOnly.client, "/v1/contacts")).meta.total).toBeGreaterThan(0);
    expect((await readOnly.client.get(`/v1/accounts/${account.id}/dossier`)).status).toBe(200);
    const before = await snapshot(tenant.client);
    const attempts: [string, string, unknown][] = [
      ["POST", "/v1/accounts", { name: "Nope" }],
      ["PATCH", `/v1/accounts/${account.id}`, { name: "Nope" }],
      ["DELETE", `/v1/accounts/${account.id}`, undefined],
      ["POST", `/v1/accounts/${account.id}/enrich`, undefined],
      ["POST", "/v1/contacts", { first_name: "Nope" }],
      ["PATCH", `/v1/contacts/${contact.id}`, { first_name: "Nope" }],
      ["DELETE", `/v1/contacts/${contact.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await readOnly.client.request(method, path, { body });
      expectProblem(response, 403, "insufficient_permission", `${method} ${path}`);
      expect(response.body.required_permission).toBe("growth:write");
    }
    expect(await snapshot(tenant.client)).toEqual(before);
  });
});

describe("domains: given, derived, normalized", () => {
  it("an explicit null domain stays null even with a website; a missing one comes from the website", async () => {
    const { client } = await t().tenant();
    expect((await createAccount(client, { name: "No domain", domain: null, website: "https://nodomain.example" })).domain).toBeNull();
    expect((await createAccount(client, { name: "Derived", website: "https://www.derived.example/about" })).domain).toBe("derived.example");
  });

  it("a website given to an account without a domain supplies one; an account with a domain keeps it", async () => {
    const { client } = await t().tenant();
    const bare = await createAccount(client, { name: "Bare" });
    const patched = await client.patch(`/v1/accounts/${bare.id}`, { website: "https://later.example" });
    expect(patched.body.domain).toBe("later.example");
    const kept = await createAccount(client, { name: "Kept", domain: "kept.example" });
    expect((await client.patch(`/v1/accounts/${kept.id}`, { website: "https://other.example" })).body.domain).toBe("kept.example");
  });

  it("a domain derived from the website that is taken is a 409 naming website", async () => {
    const { client } = await t().tenant();
    const first = await createAccount(client, { name: "First", domain: "taken.example" });
    const problem = expectProblem(await client.post("/v1/accounts", { name: "Second", website: "https://taken.example" }), 409, "conflict");
    expect(problem.existing_id).toBe(first.id);
    expect(problem.errors.map((e: { field: string }) => e.field)).toEqual(["website"]);
  });

  it("internationalized domain names are stored in their ASCII form, with or without a scheme", async () => {
    const { client } = await t().tenant();
    expect((await createAccount(client, { name: "Bücher", domain: "bücher.example" })).domain).toBe("xn--bcher-kva.example");
    expectProblem(await client.post("/v1/accounts", { name: "Again", domain: "https://BÜCHER.example/shop" }), 409, "conflict");
  });

  it("a website without a host is refused", async () => {
    const { client } = await t().tenant();
    for (const website of ["https://", "http:///path"]) {
      const problem = expectProblem(await client.post("/v1/accounts", { name: "W", website }), 400, "validation_failed", website);
      expect(problem.errors.map((e: { field: string }) => e.field)).toEqual(["website"]);
    }
  });

  it("the domain and country filters compare in the stored form", async () => {
    const { client } = await t().tenant();
    const account = await createAccount(client, { name: "Filtered", domain: "filtered.example", country: "US" });
    for (const query of ["domain=FILTERED.example", "domain=https://www.filtered.example/x", "country=us", "country=US"]) {
      const res = await client.get(`/v1/accounts?${query}`);
      expect(
        res.body.data.map((a: { id: string }) => a.id),
        query,
      ).toEqual([account.id]);
    }
  });
});
