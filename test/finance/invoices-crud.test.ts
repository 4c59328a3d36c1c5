import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import {
  accountId,
  act,
  contactId,
  createAccount,
  createInvoice,
  eventsOf,
  eventTypesOf,
  expectProblem,
  expectRefusedTransition,
  getInvoice,
  invoiceIn,
  invoiceInput,
  missingInvoiceId,
  NOW,
  snapshot,
  STATES,
  uniq,
} from "./helpers.ts";
import { expectInvalid } from "../helpers/expect-problem.ts";

const clock = testClock(NOW);
const t = useTestApp({ clock });

// The clock only moves forward in this file, so rate-limit state never sees time run backwards.
beforeEach(() => {
  if (clock().getTime() < Date.parse(NOW)) clock.set(NOW);
});

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("POST /v1/invoices", () => {
  it("creates a draft by default, with every field of the invoice", async () => {
    const tenant = await t().tenant();
    const account = (await createAccount(tenant.client)).id;
    const response = await tenant.client.post(
      "/v1/invoices",
      invoiceInput({
        client: "Initech",
        amount: 1250.5,
        currency: "EUR",
        due_date: "2026-04-30",
        description: "March retainer",
        account_id: account,
        metadata: { po: "4711", region: "emea" },
      }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const invoice = response.body;
    expect(invoice).toEqual({
      id: expect.stringMatching(/^inv_[0-7][0-9a-hjkmnp-tv-z]{25}$/),
      object: "invoice",
      number: "INV-000001",
      client: "Initech",
      description: "March retainer",
      account_id: account,
      amount: 1250.5,
      amount_paid: 0,
      amount_due: 1250.5,
      currency: "EUR",
      status: "draft",
      due_date: "2026-04-30",
      days_overdue: 0,
      issued_at: null,
      paid_at: null,
      metadata: { po: "4711", region: "emea" },
      created_at: clock().toISOString(),
      updated_at: clock().toISOString(),
    });
    expect(invoice.created_at).toMatch(ISO_TIMESTAMP);
    // GET returns the same representation.
    expect(await getInvoice(tenant.client, invoice.id)).toEqual(invoice);
  });

  it("defaults the optional fields: no description, no account, empty metadata", async () => {
    const tenant = await t().tenant();
    const invoice = await createInvoice(tenant.client);
    expect(invoice).toMatchObject({ description: null, account_id: null, metadata: {}, status: "draft", issued_at: null });
  });

  it("creates an open invoice when status is open, and sets issued_at", async () => {
    const tenant = await t().tenant();
    const invoice = await createInvoice(tenant.client, { status: "open" });
    expect(invoice.status).toBe("open");
    expect(invoice.issued_at).toBe(clock().toISOString());
    expect(invoice.paid_at).toBeNull();
    const explicitDraft = await createInvoice(tenant.client, { status: "draft" });
    expect(explicitDraft.status).toBe("draft");
    expect(explicitDraft.issued_at).toBeNull();
  });

  it("stores amounts exactly, to the cent", async () => {
    const tenant = await t().tenant();
    for (const amount of [0.01, 0.07, 0.29, 19.99, 1234567.89, 1000001.19, 999_999_999_999.99]) {
      const invoice = await createInvoice(tenant.client, { amount });
      expect(invoice.amount).toBe(amount);
      expect(invoice.amount_due).toBe(amount);
      expect((await getInvoice(tenant.client, invoice.id)).amount).toBe(amount);
    }
  });

  it("numbers invoices INV-000001, INV-000002, ... per organization", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const a1 = await createInvoice(a.client);
    const a2 = await createInvoice(a.client, { status: "open" });
    const b1 = await createInvoice(b.client);
    const a3 = await createInvoice(a.client);
    expect([a1.number, a2.number, a3.number]).toEqual(["INV-000001", "INV-000002", "INV-000003"]);
    expect(b1.number).toBe("INV-000001");
  });

  it("gives distinct numbers to invoices created at the same time", async () => {
    const tenant = await t().tenant();
    const responses = await Promise.all(Array.from({ length: 8 }, () => tenant.client.post("/v1/invoices", invoiceInput())));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
    const numbers = responses.map((r) => r.body.number).sort();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `INV-${String(i + 1).padStart(6, "0")}`));
  });

  it("keeps an explicit number, and refuses a duplicate with 409 naming number", async () => {
    const tenant = await t().tenant();
    const invoice = await createInvoice(tenant.client, { number: "2026/03-A.1" });
    expect(invoice.number).toBe("2026/03-A.1");
    const before = await snapshot(tenant.client);
    const duplicate = await tenant.client.post("/v1/invoices", invoiceInput({ number: "2026/03-A.1", client: "Other" }));
    expectProblem(duplicate, 409, "conflict");
    expect(duplicate.body.errors).toEqual([{ in: "body", field: "number", message: expect.any(String) }]);
    expect(duplicate.body.detail).toContain("2026/03-A.1");
    expect(await snapshot(tenant.client)).toEqual(before);
    // The same number is free in another organization.
    const other = await t().tenant();
    expect((await createInvoice(other.client, { number: "2026/03-A.1" })).number).toBe("2026/03-A.1");
  });

  it("does not hand out a generated number that was already taken explicitly", async () => {
    const tenant = await t().tenant();
    const first = await createInvoice(tenant.client);
    expect(first.number).toBe("INV-000001");
    await createInvoice(tenant.client, { number: "INV-000002" });
    // The next generated number must skip the one taken by hand, not fail.
    const next = await tenant.client.post("/v1/invoices", invoiceInput());
    expect(next.status, next.text).toBe(201);
    expect(next.body.number).not.toBe("INV-000002");
    expect(next.body.number).toMatch(/^INV-\d{6}$/);
    const after = await tenant.client.post("/v1/invoices", invoiceInput());
    expect(after.status, after.text).toBe(201);
    expect(new Set([first.number, "INV-000002", next.body.number, after.body.number]).size).toBe(4);
  });
});

describe("GET /v1/invoices/{id}", () => {
  it("returns the invoice, and 404 for a well-formed id that names nothing", async () => {
    const tenant = await t().tenant();
    const invoice = await createInvoice(tenant.client, { client: "Hooli" });
    expect(await getInvoice(tenant.client, invoice.id)).toEqual(invoice);
    const id = missingInvoiceId();
    const missing = await tenant.client.get(`/v1/invoices/${id}`);
    expectProblem(missing, 404, "not_found");
    expect(missing.body.detail).toContain(id);
  });
});

describe("PATCH /v1/invoices/{id}", () => {
  it("changes the fields sent, keeps the others, and bumps updated_at", async () => {
    const tenant = await t().tenant();
    const invoice = await createInvoice(tenant.client, { description: "old", metadata: { a: "1" } });
    clock.advance(60_000);
    const response = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { client: "Renamed Ltd", amount: 42.42, metadata: { b: "2" } });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      ...invoice,
      client: "Renamed Ltd",
      amount: 42.42,
      amount_due: 42.42,
      metadata: { b: "2" },
      updated_at: clock().toISOString(),
    });
    expect(response.body.created_at).toBe(invoice.created_at);
    expect(await getInvoice(tenant.client, invoice.id)).toEqual(response.body);
  });

  it("clears description and account_id with null", async () => {
    const tenant = await t().tenant();
    const invoice = await createInvoice(tenant.client, { description: "something", account_id: (await createAccount(tenant.client)).id });
    const response = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { description: null, account_id: null });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ description: null, account_id: null });
  });

  it("refuses a number another invoice has with 409 naming number, and changes nothing", async () => {
    const tenant = await t().tenant();
    const first = await createInvoice(tenant.client);
    const second = await createInvoice(tenant.client);
    const before = await snapshot(tenant.client);
    const response = await tenant.client.patch(`/v1/invoices/${second.id}`, { number: first.number, client: "Changed" });
    expectProblem(response, 409, "conflict");
    expect(response.body.errors).toEqual([{ in: "body", field: "number", message: expect.any(String) }]);
    expect(await getInvoice(tenant.client, second.id)).toEqual(second);
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("returns 404 for an invoice that does not exist", async () => {
    const tenant = await t().tenant();
    expectProblem(await tenant.client.patch(`/v1/invoices/${missingInvoiceId()}`, { client: "x" }), 404, "not_found");
  });
});

describe("DELETE /v1/invoices/{id}", () => {
  it("deletes a draft: the invoice is gone from GET and from the list", async () => {
    const tenant = await t().tenant();
    const invoice = await createInvoice(tenant.client);
    const kept = await createInvoice(tenant.client);
    const response = await tenant.client.delete(`/v1/invoices/${invoice.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ id: invoice.id, object: "invoice", deleted: true });
    expectProblem(await tenant.client.get(`/v1/invoices/${invoice.id}`), 404, "not_found");
    const list = await tenant.client.get("/v1/invoices");
    expect(list.body.data.map((i: any) => i.id)).toEqual([kept.id]);
    // Deleting again: it is not there any more.
    expectProblem(await tenant.client.delete(`/v1/invoices/${invoice.id}`), 404, "not_found");
  });

  for (const state of STATES.filter((s) => s !== "draft")) {
    it(`refuses to delete a ${state} invoice: 409 naming ${state}, nothing changed`, async () => {
      const tenant = await t().tenant();
      const invoice = await invoiceIn(tenant.client, state);
      const before = await snapshot(tenant.client);
      const response = await tenant.client.delete(`/v1/invoices/${invoice.id}`);
      expectRefusedTransition(response, state);
      expect(await getInvoice(tenant.client, invoice.id)).toEqual(invoice);
      expect(await snapshot(tenant.client)).toEqual(before);
    });
  }
});

describe("cross-tenant isolation", () => {
  let a: Tenant;
  let b: Tenant;
  let invoiceA: any;

  async function untouched() {
    expect(await getInvoice(a.client, invoiceA.id)).toEqual(invoiceA);
    expect(await eventTypesOf(a.client, invoiceA.id)).toEqual(["invoice.created"]);
  }

  beforeEach(async () => {
    a = await t().tenant();
    b = await t().tenant();
    invoiceA = await createInvoice(a.client, { client: "Secret Client of A", number: uniq("A"), description: "confidential" });
    await createInvoice(b.client, { client: "B's own client" });
  });

  it("GET, PATCH and DELETE of another organization's invoice are 404", async () => {
    for (const response of [
      await b.client.get(`/v1/invoices/${invoiceA.id}`),
      await b.client.patch(`/v1/invoices/${invoiceA.id}`, { client: "hijacked" }),
      await b.client.delete(`/v1/invoices/${invoiceA.id}`),
    ]) {
      expectProblem(response, 404, "not_found");
    }
    await untouched();
  });

  it("every action on another organization's invoice is 404", async () => {
    // A draft can be finalized or deleted; an open one voided, paid or marked uncollectible: try each in a state where A could.
    expectProblem(await b.client.post(`/v1/invoices/${invoiceA.id}/finalize`), 404, "not_found");
    await untouched();
    const openA = await createInvoice(a.client, { status: "open" });
    const attempts: [string, unknown][] = [
      ["void", undefined],
      ["mark_uncollectible", undefined],
      ["pay", { amount: 1 }],
      ["finalize", undefined],
    ];
    for (const [action, body] of attempts) {
      expectProblem(await b.client.post(`/v1/invoices/${openA.id}/${action}`, body), 404, "not_found");
    }
    expect(await getInvoice(a.client, openA.id)).toEqual(openA);
    expect(await eventTypesOf(a.client, openA.id)).toEqual(["invoice.created"]);
    await untouched();
  });

  it("lists, filters, searches and events never show another organization's invoices", async () => {
    const queries = ["", "?q=Secret", `?number=${invoiceA.number}`, "?client[contains]=Secret", "?status=draft", "?per_page=100"];
    for (const query of queries) {
      const list = await b.client.get(`/v1/invoices${query}`);
      expect(list.status, list.text).toBe(200);
      expect(list.body.data.map((i: any) => i.id)).not.toContain(invoiceA.id);
      expect(list.body.data.every((i: any) => i.client !== "Secret Client of A")).toBe(true);
    }
    expect((await b.client.get("/v1/invoices?q=Secret")).body.meta.total).toBe(0);
    const events = await b.client.get(`/v1/events?object_id=${invoiceA.id}`);
    expect(events.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 25 } });
    // A's own list does show it.
    expect((await a.client.get("/v1/invoices?q=Secret")).body.data.map((i: any) => i.id)).toEqual([invoiceA.id]);
  });
});

describe("account_id: an account of the organization", () => {
  it("accepts an account of the tenant on create and on PATCH, and moves the invoice between accounts", async () => {
    const tenant = await t().tenant();
    const first = await createAccount(tenant.client);
    const second = await createAccount(tenant.client);
    const invoice = await createInvoice(tenant.client, { account_id: first.id });
    expect(invoice.account_id).toBe(first.id);
    clock.advance(1000);
    const moved = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { account_id: second.id });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.account_id).toBe(second.id);
    const events = await eventsOf(tenant.client, invoice.id);
    expect(events.map((e) => e.type)).toEqual(["invoice.created", "invoice.updated"]);
    expect(events[1].data.previous_attributes).toEqual({ account_id: first.id });
    expect(events[1].data.object).toEqual(moved.body);
  });

  it("refuses on create an account of another organization, or one that does not exist: 422 naming account_id, nothing created", async () => {
    const tenant = await t().tenant();
    const other = await t().tenant();
    const foreign = await createAccount(other.client);
    const before = await snapshot(tenant.client);
    for (const account_id of [foreign.id, accountId()]) {
      const response = await tenant.client.post("/v1/invoices", invoiceInput({ account_id }));
      expectProblem(response, 422, "unprocessable");
      expect(response.body.errors).toEqual([{ in: "body", field: "account_id", message: expect.any(String) }]);
      expect(response.body.detail).toContain(account_id);
    }
    expect(await snapshot(tenant.client)).toEqual(before);
    // The other organization's account is not affected either.
    expect((await other.client.get(`/v1/invoices?account_id=${foreign.id}`)).body.meta.total).toBe(0);
  });

  it("refuses on PATCH an account of another organization: 422 naming account_id, invoice unchanged", async () => {
    const tenant = await t().tenant();
    const other = await t().tenant();
    const own = await createAccount(tenant.client);
    const foreign = await createAccount(other.client);
    const invoice = await createInvoice(tenant.client, { account_id: own.id });
    const before = await snapshot(tenant.client);
    clock.advance(1000);
    for (const account_id of [foreign.id, accountId()]) {
      const response = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { account_id, description: "with a bad account" });
      expectProblem(response, 422, "unprocessable");
      expect(response.body.errors).toEqual([{ in: "body", field: "account_id", message: expect.any(String) }]);
    }
    expect(await getInvoice(tenant.client, invoice.id)).toEqual(invoice);
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("GET /v1/invoices?account_id= lists the invoices of that account only", async () => {
    const tenant = await t().tenant();
    const other = await t().tenant();
    const first = await createAccount(tenant.client);
    const second = await createAccount(tenant.client);
    const foreign = await createAccount(other.client);
    const ofFirst = [
      await createInvoice(tenant.client, { account_id: first.id }),
      await createInvoice(tenant.client, { account_id: first.id, status: "open" }),
    ];
    const ofSecond = await createInvoice(tenant.client, { account_id: second.id });
    await createInvoice(tenant.client);
    await createInvoice(other.client, { account_id: foreign.id });
    const ids = async (client: typeof tenant.client, query: string) => {
      const response = await client.get(`/v1/invoices?${query}&sort=created_at`);
      expect(response.status, response.text).toBe(200);
      return response.body.data.map((i: any) => i.id);
    };
    expect(await ids(tenant.client, `account_id=${first.id}`)).toEqual(ofFirst.map((i) => i.id));
    expect(await ids(tenant.client, `account_id=${second.id}`)).toEqual([ofSecond.id]);
    expect(await ids(tenant.client, `account_id=${first.id},${second.id}`)).toEqual([...ofFirst, ofSecond].map((i) => i.id));
    expect(await ids(tenant.client, `account_id=${first.id}&status=open`)).toEqual([ofFirst[1].id]);
    // Another organization's account matches none of this tenant's invoices.
    expect(await ids(tenant.client, `account_id=${foreign.id}`)).toEqual([]);
    expectInvalid(await tenant.client.get(`/v1/invoices?account_id=${contactId()}`), ["account_id"], "query");
  });
});

describe("amount_paid and amount_due", () => {
  it("track partial payments to the cent", async () => {
    const tenant = await t().tenant();
    const invoice = await createInvoice(tenant.client, { status: "open", amount: 0.3 });
    const afterFirst = await act(tenant.client, invoice.id, "pay", { amount: 0.1 });
    expect(afterFirst).toMatchObject({ amount: 0.3, amount_paid: 0.1, amount_due: 0.2, status: "open", paid_at: null });
    const afterSecond = await act(tenant.client, invoice.id, "pay", { amount: 0.2 });
    expect(afterSecond).toMatchObject({ amount: 0.3, amount_paid: 0.3, amount_due: 0, status: "paid", paid_at: clock().toISOString() });
  });
});

describe("bad input: every bad field named, nothing changed", () => {
  let tenant: Tenant;
  let existing: any;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    tenant = await t().tenant();
    existing = await createInvoice(tenant.client, { status: "open", amount: 100 });
    before = await snapshot(tenant.client);
  });

  // Every request here is refused: after each test, nothing has changed.
  afterEach(async () => {
    expect(await snapshot(tenant.client)).toEqual(before);
    expect(await getInvoice(tenant.client, existing.id)).toEqual(existing);
  });

  const post = (body: unknown) => tenant.client.post("/v1/invoices", body);
  const without = (field: string) => {
    const body = invoiceInput();
    delete body[field];
    return body;
  };

  describe("POST /v1/invoices: each bad field is named in errors[]", () => {
    for (const field of ["client", "amount", "currency", "due_date"]) {
      it(`missing ${field}`, async () => {
        const response = await post(without(field));
        expectInvalid(response, [field]);
        expect(response.body.errors[0].message).toBe("is required");
        expect(response.body.detail).toContain(field);
      });
    }

    it("an empty object names all four required fields", async () => {
      expectInvalid(await post({}), ["client", "amount", "currency", "due_date"]);
    });

    it("several bad fields at once are all named", async () => {
      const response = await post({ amount: -1, currency: "usd", due_date: "tomorrow", color: "red" });
      expectInvalid(response, ["client", "amount", "currency", "due_date", "color"]);
    });

    for (const [label, amount] of [
      ["negative", -5],
      ["zero", 0],
      ["with three decimals", 12.345],
      ["a numeric string", "12"],
      ["null", null],
      ["above the maximum", 1e13],
      ["a boolean", true],
    ] as const) {
      it(`amount ${label} (${JSON.stringify(amount)})`, async () => {
        expectInvalid(await post(invoiceInput({ amount })), ["amount"]);
      });
    }

    for (const currency of ["usd", "ABC", "US", "USDX", "", 840, "XXX"]) {
      it(`currency ${JSON.stringify(currency)}`, async () => {
        expectInvalid(await post(invoiceInput({ currency })), ["currency"]);
      });
    }

    it("JPY (no minor unit) refuses decimals naming amount", async () => {
      const response = await post(invoiceInput({ currency: "JPY", amount: 1000.5 }));
      expectInvalid(response, ["amount"]);
      expect(response.body.errors[0].message).toContain("JPY");
    });

    for (const due_date of ["2026-02-30", "tomorrow", "2026-3-1", "2026-03-01T00:00:00Z", "01/03/2026", 20260301, ""]) {
      it(`due_date ${JSON.stringify(due_date)}`, async () => {
        expectInvalid(await post(invoiceInput({ due_date })), ["due_date"]);
      });
    }

    for (const [label, client] of [
      ["empty", ""],
      ["too long", "x".repeat(201)],
      ["a number", 42],
    ] as const) {
      it(`client ${label}`, async () => {
        expectInvalid(await post(invoiceInput({ client })), ["client"]);
      });
    }

    it("an unknown field", async () => {
      const response = await post(invoiceInput({ colour: "blue" }));
      expectInvalid(response, ["colour"]);
      expect(response.body.errors[0].message).toContain("not a known field");
    });

    it("a status other than draft or open", async () => {
      for (const status of ["paid", "overdue", "void", "OPEN"]) expectInvalid(await post(invoiceInput({ status })), ["status"]);
    });

    it("a number that is not a plain identifier", async () => {
      for (const number of ["", "has space", "-leading-dash", "x".repeat(65)]) expectInvalid(await post(invoiceInput({ number })), ["number"]);
    });

    it("metadata with a non-string value, or not an object", async () => {
      const response = await post(invoiceInput({ metadata: { plan: 5 } }));
      expectProblem(response, 400, "validation_failed");
      expect(response.body.errors).toHaveLength(1);
      expect(response.body.errors[0]).toMatchObject({ in: "body", field: expect.stringMatching(/^metadata/) });
      expectInvalid(await post(invoiceInput({ metadata: "plan=gold" })), ["metadata"]);
      expectInvalid(await post(invoiceInput({ metadata: { nested: { a: "b" } } })), ["metadata.nested"]);
      const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
      expectInvalid(await post(invoiceInput({ metadata: tooMany })), ["metadata"]);
    });

    it("an account_id of the wrong kind, or malformed", async () => {
      for (const account_id of [contactId(), "acc_123", existing.id, 7]) {
        const response = await post(invoiceInput({ account_id }));
        expectInvalid(response, ["account_id"]);
      }
    });

    it("a description that is not a string", async () => {
      expectInvalid(await post(invoiceInput({ description: 12 })), ["description"]);
    });

    it("a body that is not an object, malformed JSON, or the wrong content type", async () => {
      expectProblem(await post([invoiceInput()]), 400, "validation_failed");
      expectProblem(await post("just a string"), 400, "validation_failed");
      expectProblem(
        await tenant.client.request("POST", "/v1/invoices", { raw: '{"client": "Acme",', headers: { "content-type": "application/json" } }),
        400,
        "invalid_json",
      );
      expectProblem(
        await tenant.client.request("POST", "/v1/invoices", { raw: "client=Acme", headers: { "content-type": "application/x-www-form-urlencoded" } }),
        415,
        "unsupported_media_type",
      );
      expectProblem(await tenant.client.request("POST", "/v1/invoices"), 400, "validation_failed");
    });
  });

  describe("POST /v1/invoices: values that must be accepted", () => {
    // These create invoices, so they use an organization of their own.
    let accepting: Tenant;
    beforeAll(async () => {
      accepting = await t().tenant();
    });

    it("JPY with a whole amount, and other real ISO 4217 codes", async () => {
      expect(await createInvoice(accepting.client, { currency: "JPY", amount: 1000 })).toMatchObject({ currency: "JPY", amount: 1000 });
      expect(await createInvoice(accepting.client, { currency: "KRW", amount: 50000 })).toMatchObject({ currency: "KRW", amount: 50000 });
      for (const currency of ["EUR", "GBP", "CHF", "BHD", "CLF", "INR"]) {
        expect((await createInvoice(accepting.client, { currency, amount: 10.5 })).currency).toBe(currency);
      }
    });

    it("large amounts with cents, which binary floating point cannot divide by 0.01 exactly", async () => {
      for (const amount of [1234567.89, 1000001.19, 2.68, 999_999_999_999.99]) {
        const response = await accepting.client.post("/v1/invoices", invoiceInput({ amount }));
        expect(response.status, `${amount}: ${response.text}`).toBe(201);
        expect(response.body.amount).toBe(amount);
      }
    });

    it("leap day and the year's edges as due dates", async () => {
      for (const due_date of ["2028-02-29", "2026-12-31", "2026-01-01"]) {
        expect((await createInvoice(accepting.client, { due_date })).due_date).toBe(due_date);
      }
    });
  });

  describe("PATCH /v1/invoices/{id}: bad bodies", () => {
    const patch = (body: unknown) => tenant.client.patch(`/v1/invoices/${existing.id}`, body);

    it("an empty body, or none", async () => {
      expectProblem(await patch({}), 400, "validation_failed");
      expectProblem(await tenant.client.request("PATCH", `/v1/invoices/${existing.id}`), 400, "validation_failed");
    });

    it("each bad field is named", async () => {
      expectInvalid(await patch({ amount: 0 }), ["amount"]);
      expectInvalid(await patch({ amount: 1.234 }), ["amount"]);
      expectInvalid(await patch({ amount: "50" }), ["amount"]);
      expectInvalid(await patch({ currency: "eur" }), ["currency"]);
      expectInvalid(await patch({ due_date: "2026-04-31" }), ["due_date"]);
      expectInvalid(await patch({ client: "" }), ["client"]);
      expectInvalid(await patch({ account_id: contactId() }), ["account_id"]);
      expectInvalid(await patch({ metadata: { a: 1 } }), ["metadata.a"]);
      expectInvalid(await patch({ status: "paid" }), ["status"]);
      expectInvalid(await patch({ id: missingInvoiceId() }), ["id"]);
      expectInvalid(await patch({ amount_paid: 100 }), ["amount_paid"]);
      expectInvalid(await patch({ client: null, amount: -1 }), ["client", "amount"]);
    });
  });

  describe("POST /v1/invoices/{id}/pay: bad bodies", () => {
    const pay = (body: unknown) => tenant.client.post(`/v1/invoices/${existing.id}/pay`, body);

    it("names amount when it is missing, not positive, not a number or has three decimals", async () => {
      for (const body of [{}, { amount: 0 }, { amount: -10 }, { amount: "10" }, { amount: 1.001 }, { amount: null }]) {
        expectInvalid(await pay(body), ["amount"]);
      }
    });

    it("refuses unknown fields and no body", async () => {
      expectInvalid(await pay({ amount: 10, method: "card" }), ["method"]);
      expectProblem(await tenant.client.post(`/v1/invoices/${existing.id}/pay`), 400, "validation_failed");
    });
  });

  describe("ids in the path", () => {
    const routes: [string, (id: string) => string, unknown][] = [
      ["GET", (id) => `/v1/invoices/${id}`, undefined],
      ["PATCH", (id) => `/v1/invoices/${id}`, { client: "x" }],
      ["DELETE", (id) => `/v1/invoices/${id}`, undefined],
      ["POST", (id) => `/v1/invoices/${id}/finalize`, undefined],
      ["POST", (id) => `/v1/invoices/${id}/void`, undefined],
      ["POST", (id) => `/v1/invoices/${id}/mark_uncollectible`, undefined],
      ["POST", (id) => `/v1/invoices/${id}/pay`, { amount: 1 }],
    ];

    for (const [method, path, body] of routes) {
      const route = `${method} ${path("{id}")}`;
      it(`${route}: an id of another kind or malformed is a 400 naming id in the path`, async () => {
        for (const id of [contactId(), "inv_123", "inv_" + "u".repeat(26), existing.id.toUpperCase(), "1"]) {
          const response = await tenant.client.request(method, path(id), { body });
          expectInvalid(response, ["id"], "path");
        }
      });

      it(`${route}: a well-formed id that names nothing is a 404`, async () => {
        const id = missingInvoiceId();
        const response = await tenant.client.request(method, path(id), { body });
        expectProblem(response, 404, "not_found");
        expect(response.body.detail).toContain(id);
      });
    }
  });
});
