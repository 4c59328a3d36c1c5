import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/platform/ids.ts";
import { expectInvalid, expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type ApiResponse, type Client, type Tenant } from "../helpers/harness.ts";
import {
  CONTACT_ID,
  HOUR,
  NOW,
  createAccount,
  createContact,
  createDeal,
  enroll,
  eventTypesOf,
  eventsOf,
  getDeal,
  getOk,
  neverBeforeNow,
  takeSnapshot,
} from "./helpers.ts";

const clock = testClock(NOW);
const t = useTestApp({ clock });

neverBeforeNow(clock);

// ---------------------------------------------------------------------------
// Helpers (local to this file; the shared ones are in helpers.ts)

function getContact(client: Client, id: string): Promise<any> {
  return getOk(client, `/v1/contacts/${id}`);
}

/** What any change would move: the tenant's contacts and the event log. */
const snapshot = (client: Client) => takeSnapshot(client, ["/v1/contacts"]);

/** A 422 naming account_id (or another field) as a reference to nothing in this organization. */
function expectUnknownReference(response: ApiResponse, field: string): void {
  expectProblem(response, 422, "unprocessable");
  expect(response.body.errors).toEqual([{ in: "body", field, message: expect.any(String) }]);
}

// ---------------------------------------------------------------------------

describe("POST /v1/contacts", () => {
  it("creates a contact with every field; email is stored in lower case; GET returns the same", async () => {
    const tenant = await t().tenant();
    const account = await createAccount(tenant.client, { name: "Initech" });
    const response = await tenant.client.post("/v1/contacts", {
      first_name: "Ann",
      last_name: "Lee",
      email: "Ann.Lee@Example.COM",
      phone: "+1 (415) 555-0100",
      title: "VP Finance",
      account_id: account.id,
      lifecycle_stage: "qualified",
      tags: ["vip", "conference 2026"],
      metadata: { source: "webinar", region: "us-west" },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body).toEqual({
      id: expect.stringMatching(CONTACT_ID),
      object: "contact",
      first_name: "Ann",
      last_name: "Lee",
      email: "ann.lee@example.com",
      phone: "+1 (415) 555-0100",
      title: "VP Finance",
      account_id: account.id,
      lifecycle_stage: "qualified",
      tags: ["vip", "conference 2026"],
      metadata: { source: "webinar", region: "us-west" },
      created_at: NOW,
      updated_at: NOW,
    });
    expect(await getContact(tenant.client, response.body.id)).toEqual(response.body);
  });

  it("defaults: lifecycle_stage lead, no tags, empty metadata, nulls for the rest", async () => {
    const tenant = await t().tenant();
    const contact = await createContact(tenant.client, { first_name: "Solo" });
    expect(contact).toEqual({
      id: expect.stringMatching(CONTACT_ID),
      object: "contact",
      first_name: "Solo",
      last_name: null,
      email: null,
      phone: null,
      title: null,
      account_id: null,
      lifecycle_stage: "lead",
      tags: [],
      metadata: {},
      created_at: NOW,
      updated_at: NOW,
    });
  });

  it("accepts a contact with only an email, or only a last name", async () => {
    const tenant = await t().tenant();
    expect(await createContact(tenant.client, { email: "only@mail.example" })).toMatchObject({ email: "only@mail.example", first_name: null, last_name: null });
    expect(await createContact(tenant.client, { last_name: "Onlylast" })).toMatchObject({ email: null, first_name: null, last_name: "Onlylast" });
  });

  it("emits contact.created with the contact as data.object", async () => {
    const tenant = await t().tenant();
    const contact = await createContact(tenant.client, { email: "ev@example.com", first_name: "Ev" });
    const events = await eventsOf(tenant.client, contact.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "contact.created", org_id: tenant.orgId, timestamp: NOW, data: { object: contact } });
    expect(events[0].data.previous_attributes).toBeUndefined();
  });

  it("requires at least one of email, first_name and last_name (400 naming email); nothing is created", async () => {
    const tenant = await t().tenant();
    const before = await snapshot(tenant.client);
    for (const body of [{}, { phone: "+1 415 555 0100", title: "CEO" }, { email: null, first_name: null, last_name: null }, { tags: ["x"] }]) {
      const response = await tenant.client.post("/v1/contacts", body);
      expectInvalid(response, ["email"]);
    }
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("refuses an email already used in the organization, whatever its case: 409 with existing_id naming email", async () => {
    const tenant = await t().tenant();
    const existing = await createContact(tenant.client, { email: "ann@acme.com", first_name: "Ann" });
    const before = await snapshot(tenant.client);
    for (const email of ["ann@acme.com", "ANN@ACME.COM", "Ann@Acme.Com"]) {
      const response = await tenant.client.post("/v1/contacts", { email, first_name: "Imposter" });
      expectProblem(response, 409, "conflict");
      expect(response.body.existing_id).toBe(existing.id);
      expect(response.body.errors).toEqual([{ in: "body", field: "email", message: expect.any(String) }]);
    }
    expect(await snapshot(tenant.client)).toEqual(before);
    // Another organization may use the same email.
    const other = await t().tenant();
    expect((await createContact(other.client, { email: "ANN@acme.com" })).email).toBe("ann@acme.com");
  });

  it("allows any number of contacts without an email", async () => {
    const tenant = await t().tenant();
    const a = await createContact(tenant.client, { first_name: "No", last_name: "Mail" });
    const b = await createContact(tenant.client, { first_name: "Also", last_name: "None" });
    expect(a.email).toBeNull();
    expect(b.email).toBeNull();
    expect((await tenant.client.get("/v1/contacts")).body.meta.total).toBe(2);
  });

  describe("linking to the account of the email's domain", () => {
    let tenant: Tenant;
    let acme: any;
    let euAcme: any;
    let globex: any;

    beforeAll(async () => {
      tenant = await t().tenant();
      acme = await createAccount(tenant.client, { name: "Acme", domain: "acme.com" });
      euAcme = await createAccount(tenant.client, { name: "Acme Europe", domain: "eu.acme.com" });
      globex = await createAccount(tenant.client, { name: "Globex", domain: "globex.io" });
    });

    const cases: [string, string, () => string | null][] = [
      ["ann@acme.com", "acme.com", () => acme.id],
      ["BOB@ACME.COM", "acme.com", () => acme.id],
      ["carl@sales.acme.com", "acme.com (parent domain)", () => acme.id],
      ["dora@eu.acme.com", "eu.acme.com (most specific)", () => euAcme.id],
      ["emil@paris.eu.acme.com", "eu.acme.com (most specific parent)", () => euAcme.id],
      ["fay@globex.io", "globex.io", () => globex.id],
      ["gus@notacme.com", "no account", () => null],
      ["hal@acme.com.evil.io", "no account", () => null],
      ["ida@acme.org", "no account", () => null],
      ["jo@example.com", "no account", () => null],
    ];
    for (const [email, label, expected] of cases) {
      it(`${email} -> ${label}`, async () => {
        const contact = await createContact(tenant.client, { email });
        expect(contact.account_id).toBe(expected());
        expect(contact.email).toBe(email.toLowerCase());
      });
    }

    it("an explicit account_id wins over the domain", async () => {
      const contact = await createContact(tenant.client, { email: "kim@acme.com", account_id: globex.id });
      expect(contact.account_id).toBe(globex.id);
    });

    it("an explicit null account_id means no account", async () => {
      const contact = await createContact(tenant.client, { email: "lou@acme.com", account_id: null });
      expect(contact.account_id).toBeNull();
    });

    it("another organization's account of the same domain is never used", async () => {
      const other = await t().tenant();
      const contact = await createContact(other.client, { email: "max@acme.com" });
      expect(contact.account_id).toBeNull();
    });
  });

  it("an account_id of another organization or of no account is a 422 naming account_id; nothing is created", async () => {
    const tenant = await t().tenant();
    const other = await t().tenant();
    const foreign = await createAccount(other.client, { name: "Foreign", domain: "foreign.example" });
    const before = await snapshot(tenant.client);
    for (const account_id of [foreign.id, newId("account")]) {
      const response = await tenant.client.post("/v1/contacts", { email: "nobody@foreign.example", account_id });
      expectUnknownReference(response, "account_id");
      expect(response.body.detail).toContain(account_id);
    }
    expect(await snapshot(tenant.client)).toEqual(before);
    // The other organization's account is untouched and has no contact.
    expect((await other.client.get(`/v1/contacts?account_id=${foreign.id}`)).body.meta.total).toBe(0);
  });

  it("accepts the phone forms the pattern allows, and 50 tags", async () => {
    const tenant = await t().tenant();
    for (const phone of ["+1 415 555 0100", "(030) 123-4567", "030.123.4567", "123", "+44 20 7946 0958"]) {
      expect((await createContact(tenant.client, { first_name: "P", phone })).phone).toBe(phone);
    }
    const tags = Array.from({ length: 50 }, (_, i) => `tag-${i}`);
    expect((await createContact(tenant.client, { first_name: "T", tags })).tags).toEqual(tags);
    expect((await createContact(tenant.client, { first_name: "L", tags: ["x".repeat(50)] })).tags).toEqual(["x".repeat(50)]);
  });

  it("accepts every lifecycle stage", async () => {
    const tenant = await t().tenant();
    for (const lifecycle_stage of ["lead", "qualified", "customer", "churned"]) {
      expect((await createContact(tenant.client, { first_name: "S", lifecycle_stage })).lifecycle_stage).toBe(lifecycle_stage);
    }
  });
});

describe("bad input: every bad field named, nothing changed", () => {
  let tenant: Tenant;
  let existing: any;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    tenant = await t().tenant();
    existing = await createContact(tenant.client, { first_name: "Keep", last_name: "Me", email: "keep@me.example", tags: ["a"] });
    before = await snapshot(tenant.client);
  });

  afterEach(async () => {
    expect(await snapshot(tenant.client)).toEqual(before);
    expect(await getContact(tenant.client, existing.id)).toEqual(existing);
  });

  const post = (body: unknown) => tenant.client.post("/v1/contacts", body);
  const patch = (body: unknown) => tenant.client.patch(`/v1/contacts/${existing.id}`, body);

  const badFields: [string, unknown][] = [
    ["email", "not-an-email"],
    ["email", "ann@"],
    ["email", 42],
    ["email", ""],
    ["email", `${"a".repeat(250)}@x.io`],
    ["first_name", ""],
    ["first_name", 42],
    ["first_name", "x".repeat(101)],
    ["last_name", ""],
    ["last_name", ["Lee"]],
    ["phone", "call me"],
    ["phone", "12"],
    ["phone", "++1 555"],
    ["phone", "555-0100 ext. 4"],
    ["phone", 4155550100],
    ["title", ""],
    ["title", "x".repeat(201)],
    ["lifecycle_stage", "prospect"],
    ["lifecycle_stage", "Lead"],
    ["lifecycle_stage", null],
    ["account_id", "acc_123"],
    ["account_id", 7],
    ["tags", "vip"],
    ["tags", null],
    ["metadata", "plan=gold"],
  ];

  for (const [field, value] of badFields) {
    it(`POST: ${field} ${JSON.stringify(value).slice(0, 40)}`, async () => {
      expectInvalid(await post({ first_name: "Valid", [field]: value }), [field]);
    });
    it(`PATCH: ${field} ${JSON.stringify(value).slice(0, 40)}`, async () => {
      expectInvalid(await patch({ [field]: value }), [field]);
    });
  }

  it("an account_id of another kind (a contact id) is a 400 naming account_id", async () => {
    expectInvalid(await post({ first_name: "V", account_id: existing.id }), ["account_id"]);
    expectInvalid(await patch({ account_id: newId("contact") }), ["account_id"]);
  });

  it("tags: a comma, an empty tag, a tag over 50 characters, a repeated tag, more than 50 tags", async () => {
    for (const [tags, field] of [
      [["a,b"], "tags[0]"],
      [["ok", ""], "tags[1]"],
      [["ok", "x".repeat(51)], "tags[1]"],
      [["dup", "dup"], "tags"],
      [Array.from({ length: 51 }, (_, i) => `t${i}`), "tags"],
      [["ok", 5], "tags[1]"],
    ] as [unknown[], string][]) {
      expectInvalid(await post({ first_name: "V", tags }), [field]);
      expectInvalid(await patch({ tags }), [field]);
    }
  });

  it("metadata with a non-string value or too many keys", async () => {
    expectInvalid(await post({ first_name: "V", metadata: { a: 1 } }), ["metadata.a"]);
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
    expectInvalid(await post({ first_name: "V", metadata: tooMany }), ["metadata"]);
    expectInvalid(await patch({ metadata: { nested: { a: "b" } } }), ["metadata.nested"]);
  });

  it("unknown and read-only fields are refused by name", async () => {
    for (const field of ["colour", "id", "object", "created_at", "updated_at", "full_name"]) {
      const response = await post({ first_name: "V", [field]: "x" });
      expectInvalid(response, [field]);
      expect(response.body.errors[0].message).toContain("not a known field");
      expectInvalid(await patch({ [field]: "x" }), [field]);
    }
  });

  it("several bad fields at once are all named", async () => {
    expectInvalid(await post({ email: "nope", phone: "x", lifecycle_stage: "vip", tags: "a", color: "red" }), [
      "email",
      "phone",
      "lifecycle_stage",
      "tags",
      "color",
    ]);
  });

  it("PATCH with an empty body, or none, is a 400", async () => {
    expectInvalid(await patch({}), ["body"]);
    expectProblem(await tenant.client.request("PATCH", `/v1/contacts/${existing.id}`), 400, "validation_failed");
  });

  it("a body that is not an object, or malformed JSON", async () => {
    expectProblem(await post([{ first_name: "V" }]), 400, "validation_failed");
    expectProblem(await post("Ann"), 400, "validation_failed");
    expectProblem(
      await tenant.client.request("POST", "/v1/contacts", { raw: '{"first_name": "Ann",', headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
  });

  describe("ids in the path", () => {
    const routes: [string, (id: string) => string, unknown][] = [
      ["GET", (id) => `/v1/contacts/${id}`, undefined],
      ["PATCH", (id) => `/v1/contacts/${id}`, { title: "x" }],
      ["DELETE", (id) => `/v1/contacts/${id}`, undefined],
    ];
    for (const [method, path, body] of routes) {
      it(`${method} /v1/contacts/{id}: an id of another kind or malformed is a 400 naming id in the path`, async () => {
        for (const id of [newId("account"), "con_123", "con_" + "u".repeat(26), existing.id.toUpperCase(), "1"]) {
          expectInvalid(await tenant.client.request(method, path(id), { body }), ["id"], "path");
        }
      });
      it(`${method} /v1/contacts/{id}: a well-formed id that names nothing is a 404`, async () => {
        const id = newId("contact");
        const response = await tenant.client.request(method, path(id), { body });
        expectProblem(response, 404, "not_found");
        expect(response.body.detail).toContain(id);
      });
    }
  });
});

describe("PATCH /v1/contacts/{id}", () => {
  it("changes the fields sent, keeps the others, bumps updated_at, and emits contact.updated with previous_attributes", async () => {
    const tenant = await t().tenant();
    const contact = await createContact(tenant.client, {
      first_name: "Ann",
      last_name: "Lee",
      email: "ann@example.com",
      title: "Analyst",
      tags: ["a"],
      metadata: { k: "v" },
    });
    clock.advance(60_000);
    const response = await tenant.client.patch(`/v1/contacts/${contact.id}`, {
      title: "Director",
      lifecycle_stage: "customer",
      tags: ["a", "b"],
      phone: "+49 30 123456",
    });
    expect(response.status, response.text).toBe(200);
    const updated = { ...contact, title: "Director", lifecycle_stage: "customer", tags: ["a", "b"], phone: "+49 30 123456", updated_at: clock().toISOString() };
    expect(response.body).toEqual(updated);
    expect(await getContact(tenant.client, contact.id)).toEqual(updated);
    const events = await eventsOf(tenant.client, contact.id);
    expect(events.map((e) => e.type)).toEqual(["contact.created", "contact.updated"]);
    expect(events[1].timestamp).toBe(clock().toISOString());
    expect(events[1].data).toEqual({
      object: updated,
      previous_attributes: { title: "Analyst", lifecycle_stage: "lead", tags: ["a"], phone: null },
    });
  });

  it("stores a new email in lower case, and clears fields with null", async () => {
    const tenant = await t().tenant();
    const contact = await createContact(tenant.client, { first_name: "Ann", email: "ann@old.example", phone: "123", title: "CTO" });
    const response = await tenant.client.patch(`/v1/contacts/${contact.id}`, { email: "Ann@NEW.example", phone: null, title: null });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ email: "ann@new.example", phone: null, title: null, first_name: "Ann" });
    const [, updated] = await eventsOf(tenant.client, contact.id);
    expect(updated.data.previous_attributes).toEqual({ email: "ann@old.example", phone: "123", title: "CTO" });
    // The email may be cleared while a name remains.
    const cleared = await tenant.client.patch(`/v1/contacts/${contact.id}`, { email: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.email).toBeNull();
  });

  it("refuses to clear the email of a contact without names (400 naming email); nothing changed", async () => {
    const tenant = await t().tenant();
    const onlyEmail = await createContact(tenant.client, { email: "temp@x.example" });
    const named = await createContact(tenant.client, { email: "named@x.example", first_name: "Named" });
    const before = await snapshot(tenant.client);
    expectInvalid(await tenant.client.patch(`/v1/contacts/${onlyEmail.id}`, { email: null }), ["email"]);
    expectInvalid(await tenant.client.patch(`/v1/contacts/${named.id}`, { email: null, first_name: null, last_name: null }), ["email"]);
    expectInvalid(await tenant.client.patch(`/v1/contacts/${named.id}`, { first_name: null, email: null }), ["email"]);
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("refuses an email another contact has (any case): 409 with existing_id naming email, nothing changed", async () => {
    const tenant = await t().tenant();
    const ann = await createContact(tenant.client, { email: "ann@acme.com" });
    const bob = await createContact(tenant.client, { email: "bob@acme.com", title: "Sales" });
    const before = await snapshot(tenant.client);
    for (const email of ["ann@acme.com", "ANN@Acme.com"]) {
      const response = await tenant.client.patch(`/v1/contacts/${bob.id}`, { email, title: "Changed" });
      expectProblem(response, 409, "conflict");
      expect(response.body.existing_id).toBe(ann.id);
      expect(response.body.errors).toEqual([{ in: "body", field: "email", message: expect.any(String) }]);
    }
    expect(await getContact(tenant.client, bob.id)).toEqual(bob);
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("a contact may keep its own email in another case: no conflict, no change, no event", async () => {
    const tenant = await t().tenant();
    const ann = await createContact(tenant.client, { email: "ann@acme.com" });
    const response = await tenant.client.patch(`/v1/contacts/${ann.id}`, { email: "ANN@ACME.COM" });
    expect(response.status, response.text).toBe(200);
    expect(response.body.email).toBe("ann@acme.com");
    expect(await eventTypesOf(tenant.client, ann.id)).toEqual(["contact.created"]);
  });

  it("sets, changes and clears account_id; another organization's or a missing account is a 422 naming account_id", async () => {
    const tenant = await t().tenant();
    const other = await t().tenant();
    const mine = await createAccount(tenant.client, { name: "Mine" });
    const foreign = await createAccount(other.client, { name: "Foreign" });
    const contact = await createContact(tenant.client, { first_name: "Cy" });

    const set = await tenant.client.patch(`/v1/contacts/${contact.id}`, { account_id: mine.id });
    expect(set.status, set.text).toBe(200);
    expect(set.body.account_id).toBe(mine.id);

    const before = await snapshot(tenant.client);
    for (const account_id of [foreign.id, newId("account")]) {
      expectUnknownReference(await tenant.client.patch(`/v1/contacts/${contact.id}`, { account_id, title: "x" }), "account_id");
    }
    expect(await snapshot(tenant.client)).toEqual(before);

    const cleared = await tenant.client.patch(`/v1/contacts/${contact.id}`, { account_id: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.account_id).toBeNull();
    const events = await eventsOf(tenant.client, contact.id);
    expect(events.map((e) => [e.type, e.data.previous_attributes])).toEqual([
      ["contact.created", undefined],
      ["contact.updated", { account_id: null }],
      ["contact.updated", { account_id: mine.id }],
    ]);
  });

  it("a contact without an account that gets a matching email joins the account; one with an account keeps it", async () => {
    const tenant = await t().tenant();
    const acme = await createAccount(tenant.client, { name: "Acme", domain: "acme.com" });
    const globex = await createAccount(tenant.client, { name: "Globex", domain: "globex.com" });
    const loose = await createContact(tenant.client, { first_name: "Loose" });
    const joined = await tenant.client.patch(`/v1/contacts/${loose.id}`, { email: "loose@acme.com" });
    expect(joined.body.account_id).toBe(acme.id);
    const moved = await tenant.client.patch(`/v1/contacts/${loose.id}`, { email: "loose@globex.com" });
    expect(moved.body.account_id).toBe(acme.id);
    const explicit = await tenant.client.patch(`/v1/contacts/${loose.id}`, { email: "loose2@globex.com", account_id: globex.id });
    expect(explicit.body.account_id).toBe(globex.id);
  });

  it("another organization's contact is a 404, and stays unchanged", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const contact = await createContact(a.client, { email: "secret@a.example", first_name: "Secret" });
    const response = await b.client.patch(`/v1/contacts/${contact.id}`, { first_name: "Hijacked" });
    expectProblem(response, 404, "not_found");
    expect(await getContact(a.client, contact.id)).toEqual(contact);
    expect(await eventTypesOf(a.client, contact.id)).toEqual(["contact.created"]);
  });
});

describe("GET /v1/contacts/{id}", () => {
  it("another organization's contact is a 404 that reveals nothing", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const contact = await createContact(a.client, { email: "secret@a.example", first_name: "Secret" });
    const response = await b.client.get(`/v1/contacts/${contact.id}`);
    expectProblem(response, 404, "not_found");
    expect(response.text).not.toContain("secret@a.example");
  });
});

describe("DELETE /v1/contacts/{id}", () => {
  it("deletes the contact: gone from GET and the list, contact.deleted emitted with its last state", async () => {
    const tenant = await t().tenant();
    const contact = await createContact(tenant.client, { email: "gone@x.example", first_name: "Gone", tags: ["t"] });
    const kept = await createContact(tenant.client, { email: "kept@x.example" });
    clock.advance(1000);
    const response = await tenant.client.delete(`/v1/contacts/${contact.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ id: contact.id, object: "contact", deleted: true });
    expectProblem(await tenant.client.get(`/v1/contacts/${contact.id}`), 404, "not_found");
    expect((await tenant.client.get("/v1/contacts")).body.data.map((c: any) => c.id)).toEqual([kept.id]);
    const events = await eventsOf(tenant.client, contact.id);
    expect(events.map((e) => e.type)).toEqual(["contact.created", "contact.deleted"]);
    expect(events[1].data).toEqual({ object: contact });
    expect(events[1].timestamp).toBe(clock().toISOString());
    expectProblem(await tenant.client.delete(`/v1/contacts/${contact.id}`), 404, "not_found");
  });

  it("frees the email for a new contact", async () => {
    const tenant = await t().tenant();
    const contact = await createContact(tenant.client, { email: "reuse@x.example" });
    expect((await tenant.client.delete(`/v1/contacts/${contact.id}`)).status).toBe(200);
    const again = await createContact(tenant.client, { email: "REUSE@x.example" });
    expect(again.id).not.toBe(contact.id);
  });

  it("removes the contact from the deals naming it, each with deal.updated; other deals are untouched", async () => {
    const tenant = await t().tenant();
    const ann = await createContact(tenant.client, { email: "ann@deals.example" });
    const bob = await createContact(tenant.client, { email: "bob@deals.example" });
    const both = await createDeal(tenant.client, { name: "Both", contact_ids: [ann.id, bob.id], amount: 1000 });
    const onlyAnn = await createDeal(tenant.client, { name: "Only Ann", contact_ids: [ann.id] });
    const onlyBob = await createDeal(tenant.client, { name: "Only Bob", contact_ids: [bob.id] });
    clock.advance(5000);
    expect((await tenant.client.delete(`/v1/contacts/${ann.id}`)).status).toBe(200);

    const bothAfter = await getDeal(tenant.client, both.id);
    expect(bothAfter).toEqual({ ...both, contact_ids: [bob.id], updated_at: clock().toISOString() });
    const onlyAnnAfter = await getDeal(tenant.client, onlyAnn.id);
    expect(onlyAnnAfter).toEqual({ ...onlyAnn, contact_ids: [], updated_at: clock().toISOString() });
    expect(await getDeal(tenant.client, onlyBob.id)).toEqual(onlyBob);

    const bothEvents = await eventsOf(tenant.client, both.id);
    expect(bothEvents.map((e) => e.type)).toEqual(["deal.created", "deal.updated"]);
    expect(bothEvents[1].data).toEqual({ object: bothAfter, previous_attributes: { contact_ids: [ann.id, bob.id] } });
    const annEvents = await eventsOf(tenant.client, onlyAnn.id);
    expect(annEvents.map((e) => e.type)).toEqual(["deal.created", "deal.updated"]);
    expect(annEvents[1].data).toEqual({ object: onlyAnnAfter, previous_attributes: { contact_ids: [ann.id] } });
    expect(await eventTypesOf(tenant.client, onlyBob.id)).toEqual(["deal.created"]);
    // The deal list filtered by the deleted contact finds nothing now.
    expect(await eventTypesOf(tenant.client, ann.id)).toEqual(["contact.created", "contact.deleted"]);
  });

  it("stops the contact's active sequence enrollments (unenrolled, contact_deleted) with sequence.contact_unenrolled", async () => {
    const tenant = await t().tenant();
    const ann = await createContact(tenant.client, { email: "ann@seq.example", first_name: "Ann" });
    const bob = await createContact(tenant.client, { email: "bob@seq.example", first_name: "Bob" });
    const steps = [{ type: "email", delay_days: 3, subject: "Hello {{first_name}}", body: "Hi there" }];
    const seq1 = await tenant.client.post("/v1/sequences", { name: "Outreach", steps, status: "active" });
    expect(seq1.status, seq1.text).toBe(201);
    const seq2 = await tenant.client.post("/v1/sequences", { name: "Nurture", steps, status: "active" });
    expect(seq2.status, seq2.text).toBe(201);
    const annActive = await enroll(tenant.client, seq1.body.id, ann.id);
    const annStopped = await enroll(tenant.client, seq2.body.id, ann.id);
    const bobActive = await enroll(tenant.client, seq1.body.id, bob.id);
    const manual = await tenant.client.delete(`/v1/sequences/${seq2.body.id}/enrollments/${annStopped.id}`);
    expect(manual.status, manual.text).toBe(200);
    expect(manual.body).toMatchObject({ status: "unenrolled", stop_reason: "manual" });

    clock.advance(HOUR);
    expect((await tenant.client.delete(`/v1/contacts/${ann.id}`)).status).toBe(200);

    const getEnrollment = async (sequenceId: string, id: string) => {
      const response = await tenant.client.get(`/v1/sequences/${sequenceId}/enrollments/${id}`);
      expect(response.status, response.text).toBe(200);
      return response.body;
    };
    const annAfter = await getEnrollment(seq1.body.id, annActive.id);
    expect(annAfter).toEqual({
      ...annActive,
      status: "unenrolled",
      stop_reason: "contact_deleted",
      next_step_at: null,
      finished_at: clock().toISOString(),
      updated_at: clock().toISOString(),
    });
    const events = await eventsOf(tenant.client, annActive.id);
    expect(events.map((e) => e.type)).toEqual(["sequence.contact_enrolled", "sequence.contact_unenrolled"]);
    expect(events[1].data).toEqual({ object: annAfter });

    // An enrollment already stopped keeps its reason and gets no new event; another contact's stays active.
    expect(await getEnrollment(seq2.body.id, annStopped.id)).toEqual(manual.body);
    expect(await eventTypesOf(tenant.client, annStopped.id)).toEqual(["sequence.contact_enrolled", "sequence.contact_unenrolled"]);
    expect(await getEnrollment(seq1.body.id, bobActive.id)).toEqual(bobActive);
    expect(await eventTypesOf(tenant.client, bobActive.id)).toEqual(["sequence.contact_enrolled"]);
  });

  it("another organization's contact is a 404, and stays", async () => {
    const a = await t().tenant();
    const b = await t().tenant();
    const contact = await createContact(a.client, { email: "stay@a.example" });
    expectProblem(await b.client.delete(`/v1/contacts/${contact.id}`), 404, "not_found");
    expect(await getContact(a.client, contact.id)).toEqual(contact);
    expect(await eventTypesOf(a.client, contact.id)).toEqual(["contact.created"]);
  });
});

describe("concurrent writes", () => {
  it("creating the same email (in any case) at once: one 201, the others 409 naming the one created", async () => {
    const tenant = await t().tenant();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        tenant.client.post("/v1/contacts", { email: i % 2 ? "SAME@race.example" : "same@race.example", first_name: `R${i}` }),
      ),
    );
    const created = responses.filter((r) => r.status === 201);
    expect(created, responses.map((r) => r.text).join("\n")).toHaveLength(1);
    for (const r of responses.filter((r) => r.status !== 201)) {
      expectProblem(r, 409, "conflict");
      expect(r.body.existing_id).toBe(created[0]!.body.id);
    }
    expect((await tenant.client.get("/v1/contacts")).body.meta.total).toBe(1);
  });

  it("deleting a contact while a deal naming it is updated: never a 500, and no deal keeps the deleted contact", async () => {
    const tenant = await t().tenant();
    for (let round = 0; round < 10; round++) {
      const contact = await createContact(tenant.client, { email: `race${round}@deal.example` });
      const deal = await createDeal(tenant.client, { name: `Race ${round}`, contact_ids: [contact.id] });
      const [deleted, patched] = await Promise.all([
        tenant.client.delete(`/v1/contacts/${contact.id}`),
        tenant.client.patch(`/v1/deals/${deal.id}`, { name: `Race ${round} renamed`, contact_ids: [contact.id] }),
      ]);
      expect([200], `delete in round ${round}: ${deleted.text}`).toContain(deleted.status);
      expect([200, 422], `deal update in round ${round}: ${patched.text}`).toContain(patched.status);
      expect((await getDeal(tenant.client, deal.id)).contact_ids).toEqual([]);
    }
  });
});

describe("GET /v1/contacts (list)", () => {
  let tenant: Tenant;
  let other: Tenant;
  let acme: any;
  let globex: any;
  /** The contacts as the API shows them, in creation order; created one hour apart from LIST_START. */
  const all: any[] = [];
  const LIST_START = "2026-04-01T00:00:00.000Z";
  const at = (i: number) => new Date(Date.parse(LIST_START) + i * HOUR).toISOString();

  const PEOPLE: Record<string, unknown>[] = [
    { first_name: "Ann", last_name: "Lee", email: "ann@acme.com", lifecycle_stage: "lead", tags: ["vip"] },
    { first_name: "Bob", last_name: "Stone", email: "bob@acme.com", lifecycle_stage: "qualified", tags: ["beta"] },
    { first_name: "Carla", last_name: "Lee", email: "carla@globex.com", lifecycle_stage: "customer", tags: ["vip", "beta"] },
    { first_name: "Dan", last_name: "Annis", email: "dan@initech.io", lifecycle_stage: "churned", tags: [] },
    { first_name: "Eve", email: "Eve@Example.org", lifecycle_stage: "lead", tags: ["newsletter"] },
    { last_name: "Zed", lifecycle_stage: "customer", tags: ["vip"] },
    { first_name: "Joanne", last_name: "Smith", email: "joanne@hooli.com", lifecycle_stage: "qualified", tags: [] },
    { first_name: "Hannah", last_name: "Leeds", email: "hannah@hooli.com", lifecycle_stage: "lead", tags: ["beta", "newsletter"], title: "Head of Data" },
    { first_name: "Ivan", last_name: "Kim", email: "ivan@globex.com", lifecycle_stage: "customer", tags: ["partner"] },
    { first_name: "Kate", last_name: "Moss", email: "kate@mail.example", lifecycle_stage: "lead", tags: [], account_id: null },
  ];

  beforeAll(async () => {
    tenant = await t().tenant();
    other = await t().tenant();
    clock.set(LIST_START);
    acme = await createAccount(tenant.client, { name: "Acme", domain: "acme.com" });
    globex = await createAccount(tenant.client, { name: "Globex", domain: "globex.com" });
    for (let i = 0; i < PEOPLE.length; i++) {
      clock.set(at(i));
      all.push(await createContact(tenant.client, PEOPLE[i]!));
    }
    // Noise in another organization, which no query here may return.
    await createContact(other.client, { first_name: "Ann", last_name: "Lee", email: "ann@acme.com", tags: ["vip"] });
    clock.set(at(PEOPLE.length + 1));
    expect(all.map((c) => c.account_id)).toEqual([acme.id, acme.id, globex.id, null, null, null, null, null, globex.id, null]);
  });

  async function list(query: string): Promise<{ data: any[]; meta: any }> {
    const response = await tenant.client.get(`/v1/contacts${query ? `?${query}` : ""}`);
    expect(response.status, `${query}: ${response.text}`).toBe(200);
    return response.body;
  }

  async function expectFilter(query: string, predicate: (c: any) => boolean): Promise<void> {
    const expected = all
      .filter(predicate)
      .map((c) => c.id)
      .sort();
    expect(expected.length, `${query} should select something`).toBeGreaterThan(0);
    const page = await list(`${query}&per_page=100`);
    expect(page.data.map((c) => c.id).sort(), query).toEqual(expected);
    expect(page.meta.total).toBe(expected.length);
  }

  const fullName = (c: any) => [c.first_name, c.last_name].filter((x) => x !== null).join(" ");

  it("lists newest first by default, with the envelope", async () => {
    const page = await list("");
    expect(page.meta).toEqual({ total: all.length, page: 1, per_page: 25 });
    expect(page.data).toEqual([...all].reverse());
  });

  it("pages through every contact once, in order", async () => {
    const seen: any[] = [];
    for (let page = 1; page <= 4; page++) {
      const body = await list(`per_page=3&page=${page}`);
      expect(body.meta).toEqual({ total: all.length, page, per_page: 3 });
      expect(body.data.length).toBe(page < 4 ? 3 : 1);
      seen.push(...body.data);
    }
    expect(seen.map((c) => c.id)).toEqual([...all].reverse().map((c) => c.id));
    const beyond = await list("per_page=3&page=5");
    expect(beyond).toEqual({ data: [], meta: { total: all.length, page: 5, per_page: 3 } });
  });

  it("email: exact, case-insensitive, comma = any of", async () => {
    expect((await list("email=ANN@ACME.COM")).data.map((c) => c.id)).toEqual([all[0].id]);
    expect((await list("email=eve@example.org")).data.map((c) => c.id)).toEqual([all[4].id]);
    expect((await list("email=ann@acme")).data).toEqual([]);
    await expectFilter(`email=${encodeURIComponent("Bob@Acme.com,IVAN@globex.com")}`, (c) => ["bob@acme.com", "ivan@globex.com"].includes(c.email));
  });

  it("account_id", async () => {
    await expectFilter(`account_id=${acme.id}`, (c) => c.account_id === acme.id);
    await expectFilter(`account_id=${acme.id},${globex.id}`, (c) => c.account_id !== null);
    expect((await list(`account_id=${newId("account")}`)).meta.total).toBe(0);
  });

  it("lifecycle_stage: one or any of a comma list", async () => {
    await expectFilter("lifecycle_stage=lead", (c) => c.lifecycle_stage === "lead");
    await expectFilter("lifecycle_stage=customer,qualified", (c) => ["customer", "qualified"].includes(c.lifecycle_stage));
    await expectFilter("lifecycle_stage[ne]=lead", (c) => c.lifecycle_stage !== "lead");
  });

  it("tags: one, or any of a comma list", async () => {
    await expectFilter("tags=vip", (c) => c.tags.includes("vip"));
    await expectFilter("tags=newsletter,partner", (c) => c.tags.includes("newsletter") || c.tags.includes("partner"));
    expect((await list("tags=nobody-has-this")).meta.total).toBe(0);
  });

  it("q searches first name, last name, the full name and email, case-insensitively", async () => {
    expect((await list(`q=${encodeURIComponent("ann lee")}`)).data.map((c) => c.id)).toEqual([all[0].id]);
    expect((await list(`q=${encodeURIComponent("Carla Lee")}`)).data.map((c) => c.id)).toEqual([all[2].id]);
    for (const q of ["ann", "LEE", "hooli", "zed", "globex.com", "@example", "an"]) {
      const needle = q.toLowerCase();
      await expectFilter(`q=${encodeURIComponent(q)}`, (c) => fullName(c).toLowerCase().includes(needle) || (c.email ?? "").includes(needle));
    }
    expect((await list("q=nobody")).meta.total).toBe(0);
    // Wildcards are literal.
    expect((await list(`q=${encodeURIComponent("%")}`)).meta.total).toBe(0);
    expect((await list(`q=${encodeURIComponent("_")}`)).meta.total).toBe(0);
  });

  it("q combines with the other filters", async () => {
    await expectFilter("q=lee&tags=beta", (c) => fullName(c).toLowerCase().includes("lee") && c.tags.includes("beta"));
  });

  it("created_at ranges", async () => {
    await expectFilter(`created_at[gte]=${at(3)}&created_at[lt]=${at(6)}`, (c) => c.created_at >= at(3) && c.created_at < at(6));
    await expectFilter(`created_at[gt]=${at(7)}`, (c) => c.created_at > at(7));
    await expectFilter(`created_at[lte]=${at(1)}`, (c) => c.created_at <= at(1));
    await expectFilter(`created_at=${at(4)}`, (c) => c.created_at === at(4));
  });

  it("first_name, last_name and title contain", async () => {
    await expectFilter("first_name[contains]=an", (c) => (c.first_name ?? "").toLowerCase().includes("an"));
    await expectFilter("last_name[contains]=LEE", (c) => (c.last_name ?? "").toLowerCase().includes("lee"));
    await expectFilter("title[contains]=data", (c) => (c.title ?? "").toLowerCase().includes("data"));
  });

  it("sorts by created_at, email, last_name and first_name, ties broken by id", async () => {
    const ids = async (sort: string) => (await list(`sort=${sort}&per_page=100`)).data.map((c) => c.id);
    expect(await ids("created_at")).toEqual(all.map((c) => c.id));
    expect(await ids("-created_at")).toEqual([...all].reverse().map((c) => c.id));
    const withEmail = (sorted: string[]) => sorted.filter((id) => all.find((c) => c.id === id).email !== null);
    const byEmail = all
      .filter((c) => c.email !== null)
      .sort((a, b) => (a.email < b.email ? -1 : 1))
      .map((c) => c.id);
    expect(withEmail(await ids("email"))).toEqual(byEmail);
    expect(withEmail(await ids("-email"))).toEqual([...byEmail].reverse());
    // Last name, then first name: the two Lees by first name.
    const withLast = all.filter((c) => c.last_name !== null);
    const byLast = [...withLast].sort((a, b) => (a.last_name === b.last_name ? (a.first_name < b.first_name ? -1 : 1) : a.last_name < b.last_name ? -1 : 1));
    const sorted = await ids("last_name,first_name");
    expect(sorted.filter((id) => withLast.some((c) => c.id === id))).toEqual(byLast.map((c) => c.id));
  });

  it("refuses unknown sort fields, unknown parameters and bad filter values, naming the parameter", async () => {
    const cases: [string, string][] = [
      ["sort=phone", "sort"],
      ["sort=-nope", "sort"],
      ["color=red", "color"],
      ["lifecycle_stage=prospect", "lifecycle_stage"],
      ["account_id=acc_123", "account_id"],
      [`account_id=${all[0].id}`, "account_id"],
      ["created_at[gte]=yesterday", "created_at[gte]"],
      ["email[contains]=acme", "email[contains]"],
      ["per_page=0", "per_page"],
      ["per_page=101", "per_page"],
      ["page=0", "page"],
      ["tags=vip,", "tags"],
    ];
    for (const [query, field] of cases) {
      expectInvalid(await tenant.client.get(`/v1/contacts?${query}`), [field], "query");
    }
  });

  it("never shows another organization's contacts", async () => {
    const b = other.client;
    const own = (await b.get("/v1/contacts")).body.data;
    expect(own).toHaveLength(1);
    for (const query of ["", "?q=ann", "?email=bob@acme.com", `?account_id=${acme.id}`, "?tags=beta", "?lifecycle_stage=customer"]) {
      const response = await b.get(`/v1/contacts${query}`);
      expect(response.status, response.text).toBe(200);
      for (const c of response.body.data) expect(all.map((x) => x.id)).not.toContain(c.id);
    }
    const events = await b.get(`/v1/events?object_id=${all[0].id}`);
    expect(events.body.meta.total).toBe(0);
  });
});
