import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../../src/engines/finance/invoices-table.ts";
import { EVENT_CATALOG } from "../../src/platform/events/catalog.ts";
import { events } from "../../src/platform/events/events-table.ts";
import { write } from "../../src/platform/events/outbox.ts";
import { newId } from "../../src/platform/ids.ts";
import { useTestApp, type Client, type Tenant } from "../helpers/harness.ts";

/**
 * Item 11: the event catalog, the transactional outbox, GET /v1/events,
 * /v1/events/{id}, /v1/event_types, and the overdue scheduler. The test clock
 * only ever moves forward here (rate limits and key state depend on it).
 */
const t = useTestApp();

const invoiceBody = (extra: Record<string, unknown> = {}) => ({ client: "Globex", amount: 250, currency: "EUR", due_date: "2031-06-30", ...extra });

async function createInvoice(client: Client, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await client.post("/v1/invoices", invoiceBody(extra), { headers });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

async function eventsOf(client: Client, query: string) {
  const response = await client.get(`/v1/events?${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body.data as any[];
}

const typesOf = (list: { type: string }[]) => list.map((e) => e.type);

describe("the event envelope", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
  });

  it("records a creation with the full envelope, the object as GET shows it and the request it came from", async () => {
    const invoice = await createInvoice(tenant.client, {}, { "idempotency-key": "evt-envelope-1", "x-request-id": "trace-envelope-1" });
    const list = await eventsOf(tenant.client, `object_id=${invoice.id}`);
    expect(list).toHaveLength(1);
    const event = list[0];
    expect(Object.keys(event).sort()).toEqual(["api_version", "data", "id", "org_id", "request", "timestamp", "type"]);
    expect(event.id).toMatch(/^evt_[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    expect(event.type).toBe("invoice.created");
    expect(event.api_version).toBe("v1");
    expect(event.org_id).toBe(tenant.orgId);
    expect(event.timestamp).toBe(invoice.created_at);
    expect(new Date(event.timestamp).toISOString()).toBe(event.timestamp);
    expect(event.request).toEqual({ id: "trace-envelope-1", idempotency_key: "evt-envelope-1" });
    expect(Object.keys(event.data)).toEqual(["object"]);
    const fetched = await tenant.client.get(`/v1/invoices/${invoice.id}`);
    expect(event.data.object).toEqual(fetched.body);

    const single = await tenant.client.get(`/v1/events/${event.id}`);
    expect(single.status).toBe(200);
    expect(single.body).toEqual(event);
  });

  it("carries a request id but no idempotency key when none was sent", async () => {
    const invoice = await createInvoice(tenant.client);
    const [event] = await eventsOf(tenant.client, `object_id=${invoice.id}`);
    expect(event.request.id).toMatch(/^req_/);
    expect(event.request.idempotency_key).toBeNull();
  });

  it("emits an event for every invoice change, in order, previous_attributes only on invoice.updated", async () => {
    const a = await createInvoice(tenant.client);
    expect((await tenant.client.patch(`/v1/invoices/${a.id}`, { amount: 300, description: "Rework" })).status).toBe(200);
    expect((await tenant.client.post(`/v1/invoices/${a.id}/finalize`)).status).toBe(200);
    expect((await tenant.client.post(`/v1/invoices/${a.id}/pay`, { amount: 100 })).status).toBe(200);
    expect((await tenant.client.post(`/v1/invoices/${a.id}/pay`, { amount: 200 })).status).toBe(200);

    const b = await createInvoice(tenant.client, { status: "open" });
    expect((await tenant.client.post(`/v1/invoices/${b.id}/mark_uncollectible`)).status).toBe(200);
    expect((await tenant.client.post(`/v1/invoices/${b.id}/void`)).status).toBe(200);

    const c = await createInvoice(tenant.client);
    expect((await tenant.client.delete(`/v1/invoices/${c.id}`)).status).toBe(200);

    const ofA = await eventsOf(tenant.client, `object_id=${a.id}&sort=timestamp`);
    expect(typesOf(ofA)).toEqual([
      "invoice.created",
      "invoice.updated",
      "invoice.updated",
      "invoice.finalized",
      "invoice.updated",
      "invoice.payment_recorded",
      "invoice.updated",
      "invoice.payment_recorded",
      "invoice.paid",
    ]);
    expect(typesOf(await eventsOf(tenant.client, `object_id=${b.id}&sort=timestamp`))).toEqual([
      "invoice.created",
      "invoice.updated",
      "invoice.marked_uncollectible",
      "invoice.updated",
      "invoice.voided",
    ]);
    const ofC = await eventsOf(tenant.client, `object_id=${c.id}&sort=timestamp`);
    expect(typesOf(ofC)).toEqual(["invoice.created", "invoice.deleted"]);
    expect(ofC[1].data.object.id).toBe(c.id);

    // The first update: amount (and so amount_due) and description changed; previous values recorded.
    expect(ofA[1].data.previous_attributes).toEqual({ amount: 250, amount_due: 250, description: null });
    expect(ofA[1].data.object).toMatchObject({ amount: 300, amount_due: 300, description: "Rework" });
    // Finalizing: status and issued_at changed.
    expect(ofA[2].data.previous_attributes).toMatchObject({ status: "draft", issued_at: null });
    expect(ofA[2].data.object.status).toBe("open");
    // The last payment: the invoice is paid.
    expect(ofA[8].data.object).toMatchObject({ status: "paid", amount_paid: 300, amount_due: 0 });

    for (const event of [...ofA, ...ofC]) {
      if (event.type === "invoice.updated") expect(Object.keys(event.data.previous_attributes).length).toBeGreaterThan(0);
      else expect(event.data).not.toHaveProperty("previous_attributes");
    }
  });

  it("records API key creation and revocation", async () => {
    const created = await tenant.client.post("/v1/api_keys", { kind: "read_only", name: "evt reader" });
    expect(created.status).toBe(201);
    expect((await tenant.client.delete(`/v1/api_keys/${created.body.id}`)).status).toBe(200);
    const list = await eventsOf(tenant.client, `object_id=${created.body.id}&sort=timestamp`);
    expect(typesOf(list)).toEqual(["api_key.created", "api_key.revoked"]);
    expect(JSON.stringify(list)).not.toContain(created.body.secret);
    expect(list[1].data.object).toMatchObject({ id: created.body.id, status: "revoked" });
  });
});

describe("listing events", () => {
  let tenant: Tenant;
  let ids: string[];
  let start: Date;

  beforeAll(async () => {
    tenant = await t().tenant();
    start = t().clock();
    ids = [];
    // Three invoices an hour apart; the second and third are finalized.
    for (let i = 0; i < 3; i++) {
      if (i > 0) t().clock.advance(3_600_000);
      const invoice = await createInvoice(tenant.client, { client: `Client ${i}` });
      if (i > 0) await tenant.client.post(`/v1/invoices/${invoice.id}/finalize`);
      ids.push(invoice.id);
    }
  });

  it("lists newest first by default and oldest first with sort=timestamp", async () => {
    const newest = await eventsOf(tenant.client, "type=invoice.created");
    expect(newest.map((e) => e.data.object.id)).toEqual([...ids].reverse());
    const oldest = await eventsOf(tenant.client, "type=invoice.created&sort=timestamp");
    expect(oldest.map((e) => e.data.object.id)).toEqual(ids);
    const explicit = await eventsOf(tenant.client, "type=invoice.created&sort=-timestamp");
    expect(explicit).toEqual(newest);
    const all = await eventsOf(tenant.client, "per_page=100");
    const stamps = all.map((e) => e.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
  });

  it("filters by exact type, wildcard, comma list and *", async () => {
    expect(typesOf(await eventsOf(tenant.client, "type=invoice.finalized"))).toEqual(["invoice.finalized", "invoice.finalized"]);
    const wildcard = await eventsOf(tenant.client, "type=invoice.*");
    expect(wildcard).toHaveLength(7); // 3 created, 2 x (updated + finalized)
    expect(wildcard.every((e) => e.type.startsWith("invoice."))).toBe(true);
    const either = await eventsOf(tenant.client, "type=invoice.created,invoice.finalized");
    expect(new Set(typesOf(either))).toEqual(new Set(["invoice.created", "invoice.finalized"]));
    expect(either).toHaveLength(5);
    const mixed = await eventsOf(tenant.client, "type=api_key.*,invoice.finalized");
    expect(new Set(typesOf(mixed))).toEqual(new Set(["api_key.created", "invoice.finalized"]));
    const everything = await eventsOf(tenant.client, "type=*&per_page=100");
    expect(everything).toHaveLength(8); // the tenant's key creation too
    const excluded = await eventsOf(tenant.client, "type[ne]=invoice.updated&per_page=100");
    expect(excluded).toHaveLength(6);
  });

  it("refuses an unknown type, naming the parameter and the value", async () => {
    for (const type of ["invoice.exploded", "nothing.*", "invoice", "invoice.created,bogus"]) {
      const response = await tenant.client.get(`/v1/events?type=${encodeURIComponent(type)}`);
      expect(response.status, type).toBe(400);
      expect(response.body.code).toBe("validation_failed");
      expect(response.body.errors[0]).toMatchObject({ in: "query", field: "type" });
      expect(response.body.detail).toContain("type");
    }
    const bad = await tenant.client.get("/v1/events?type=invoice.exploded");
    expect(bad.body.errors[0].message).toContain("invoice.exploded");
  });

  it("filters by object id", async () => {
    const list = await eventsOf(tenant.client, `object_id=${ids[1]}`);
    expect(list).toHaveLength(3);
    expect(list.every((e) => e.data.object.id === ids[1])).toBe(true);
    expect(await eventsOf(tenant.client, "object_id=inv_01jd8z6q4m2c8v3t5y7w9x0a1b")).toEqual([]);
  });

  it("filters by timestamp ranges", async () => {
    const hour = 3_600_000;
    const at = (ms: number) => encodeURIComponent(new Date(start.getTime() + ms).toISOString());
    const second = await eventsOf(tenant.client, `timestamp[gte]=${at(hour / 2)}&timestamp[lt]=${at(hour + hour / 2)}`);
    expect(typesOf(second).sort()).toEqual(["invoice.created", "invoice.finalized", "invoice.updated"]);
    expect(second.every((e) => e.data.object.id === ids[1])).toBe(true);
    const later = await eventsOf(tenant.client, `timestamp[gt]=${at(hour)}`);
    expect(later.every((e) => e.data.object.id === ids[2])).toBe(true);
    expect(later).toHaveLength(3);
    const earlier = await eventsOf(tenant.client, `timestamp[lte]=${at(0)}&type=invoice.*`);
    expect(earlier.map((e) => e.data.object.id)).toEqual([ids[0]]);
    const bad = await tenant.client.get("/v1/events?timestamp[gte]=yesterday");
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ in: "query", field: "timestamp[gte]" });
  });

  it("pages with the list envelope and refuses out-of-range paging", async () => {
    const first = await tenant.client.get("/v1/events?per_page=3");
    expect(first.body.meta).toEqual({ total: 8, page: 1, per_page: 3 });
    expect(first.body.data).toHaveLength(3);
    const third = await tenant.client.get("/v1/events?per_page=3&page=3");
    expect(third.body.data).toHaveLength(2);
    const pages = [...first.body.data, ...(await tenant.client.get("/v1/events?per_page=3&page=2")).body.data, ...third.body.data];
    expect(new Set(pages.map((e: { id: string }) => e.id)).size).toBe(8);
    const beyond = await tenant.client.get("/v1/events?per_page=3&page=9");
    expect(beyond.body).toEqual({ data: [], meta: { total: 8, page: 9, per_page: 3 } });
    for (const query of ["per_page=101", "per_page=0", "page=0", "page=-1", "sort=created_at", "colour=red", "timestamp[foo]=x"]) {
      const response = await tenant.client.get(`/v1/events?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.errors.length, query).toBeGreaterThan(0);
    }
  });

  it("refuses a malformed event id and answers 404 for an unknown one", async () => {
    expect((await tenant.client.get("/v1/events/inv_01jd8z6q4m2c8v3t5y7w9x0a1b")).status).toBe(400);
    const missing = await tenant.client.get("/v1/events/evt_01jd8z6q4m2c8v3t5y7w9x0a1b");
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("not_found");
  });
});

describe("who sees which events", () => {
  let tenant: Tenant;
  let invoiceEventId: string;
  let keyEventId: string;

  beforeAll(async () => {
    tenant = await t().tenant();
    const invoice = await createInvoice(tenant.client);
    invoiceEventId = (await eventsOf(tenant.client, `object_id=${invoice.id}`))[0].id;
    keyEventId = (await eventsOf(tenant.client, "type=api_key.created"))[0].id;
  });

  it("shows an engine key its own engines' events only", async () => {
    const growth = await tenant.newKey("engine", { engines: ["growth"] });
    const list = await growth.client.get("/v1/events?per_page=100");
    expect(list.status).toBe(200);
    // Nothing in the growth engine has happened yet; the invoice and key events are not shown.
    expect(list.body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 100 } });
    expect((await growth.client.get("/v1/events?type=invoice.*")).body).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 25 } });
    const hidden = await growth.client.get(`/v1/events/${invoiceEventId}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe("not_found");
    expect((await growth.client.get(`/v1/events/${keyEventId}`)).status).toBe(404);

    const finance = await tenant.newKey("engine", { engines: ["finance"] });
    const financeList = await finance.client.get("/v1/events?per_page=100");
    expect(financeList.body.data.length).toBeGreaterThan(0);
    expect(financeList.body.data.every((e: { type: string }) => e.type.startsWith("invoice."))).toBe(true);
    expect((await finance.client.get(`/v1/events/${invoiceEventId}`)).status).toBe(200);
    // API key events belong to the platform, not to an engine.
    expect((await finance.client.get(`/v1/events/${keyEventId}`)).status).toBe(404);
  });

  it("shows a read-only key every engine's events, and a full-access key the API keys' too", async () => {
    const reader = await tenant.newKey("read_only");
    const full = await tenant.client.get("/v1/events?per_page=100");
    const read = await reader.client.get("/v1/events?per_page=100");
    expect(read.status).toBe(200);
    expect(new Set(typesOf(full.body.data))).toEqual(new Set(["api_key.created", "invoice.created"]));
    // A read-only key cannot read API keys (GET /v1/api_keys needs api_keys:manage), nor their events.
    expect(read.body.data).toEqual(full.body.data.filter((e: { type: string }) => e.type === "invoice.created"));
    expect((await reader.client.get(`/v1/events/${invoiceEventId}`)).status).toBe(200);
    expect((await reader.client.get(`/v1/events/${keyEventId}`)).status).toBe(404);
  });

  it("never shows another organization's events", async () => {
    const other = await t().tenant();
    const response = await other.client.get(`/v1/events/${invoiceEventId}`);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("not_found");
    const list = await other.client.get("/v1/events?per_page=100");
    expect(list.body.data.every((e: { org_id: string }) => e.org_id === other.orgId)).toBe(true);
    expect(list.body.data.map((e: { id: string }) => e.id)).not.toContain(invoiceEventId);
    // An org id in the query is not a filter anyone may use.
    expect((await other.client.get(`/v1/events?org_id=${tenant.orgId}`)).status).toBe(400);
  });

  it("needs a key", async () => {
    expect((await t().client.get("/v1/events")).status).toBe(401);
    expect((await t().client.get(`/v1/events/${invoiceEventId}`)).status).toBe(401);
    expect((await t().client.get("/v1/event_types")).status).toBe(401);
  });
});

describe("GET /v1/event_types", () => {
  it("says what reading each kind takes, and whether the caller holds it", async () => {
    const tenant = await t().tenant();
    const finance = await tenant.newKey("engine", { engines: ["finance"] });
    const types = (await finance.client.get("/v1/event_types")).body.data as { name: string; read_permissions: string[]; readable: boolean }[];
    const byName = new Map(types.map((x) => [x.name, x]));
    expect(byName.get("invoice.paid")).toMatchObject({ read_permissions: ["finance:read"], readable: true });
    expect(byName.get("candidate.hired")).toMatchObject({ read_permissions: ["talent:read"], readable: false });
    expect(byName.get("function.deployed")).toMatchObject({ read_permissions: ["functions:manage"], readable: true });
    expect(byName.get("api_key.created")).toMatchObject({ read_permissions: ["api_keys:manage"], readable: false });
    expect(byName.get("intelligence.snapshot_created")?.read_permissions).toEqual(["finance:read", "growth:read", "talent:read"]);
  });

  it("lists the whole catalog with name, area, description and the JSON Schema of data.object", async () => {
    const tenant = await t().tenant();
    const response = await tenant.client.get("/v1/event_types");
    expect(response.status).toBe(200);
    const types = response.body.data as { name: string; area: string; description: string; schema: any }[];
    expect(types.length).toBeGreaterThanOrEqual(40);
    expect(types.length).toBe(Object.keys(EVENT_CATALOG).length);
    expect(response.body.meta.total).toBe(types.length);
    expect(new Set(types.map((x) => x.name)).size).toBe(types.length);
    for (const name of ["contact.created", "account.enriched", "sequence.replied", "agent.action_completed", "invoice.overdue", "api_key.revoked"]) {
      expect(types.map((x) => x.name)).toContain(name);
    }
    for (const type of types) {
      expect(Object.keys(type).sort()).toEqual(["area", "description", "name", "read_permissions", "readable", "schema"]);
      // A full-access key reads every kind.
      expect((type as unknown as { readable: boolean }).readable).toBe(true);
      expect(type.name).toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(["finance", "growth", "talent", "agent", "intelligence", "functions", "platform"]).toContain(type.area);
      expect(type.description.length).toBeGreaterThan(5);
      expect(type.schema.type).toBe("object");
      expect(type.schema.properties).toHaveProperty("id");
    }

    const invoiceTypes = types.filter((x) => x.name.startsWith("invoice."));
    expect(invoiceTypes.map((x) => x.name).sort()).toEqual(
      ["created", "deleted", "finalized", "marked_uncollectible", "overdue", "paid", "payment_recorded", "updated", "voided"].map((s) => `invoice.${s}`),
    );
    for (const type of invoiceTypes) {
      expect(type.area).toBe("finance");
      const { properties, required } = type.schema;
      for (const field of ["id", "amount", "amount_paid", "amount_due", "currency", "status", "due_date", "days_overdue", "client", "metadata"]) {
        expect(properties, `${type.name} ${field}`).toHaveProperty(field);
        expect(required).toContain(field);
      }
      expect(properties.amount.type).toBe("number");
      expect(properties.status.enum).toEqual(["draft", "open", "overdue", "paid", "void", "uncollectible"]);
    }
    const keyCreated = types.find((x) => x.name === "api_key.created")!;
    expect(keyCreated.schema.properties).toHaveProperty("kind");
    expect(keyCreated.schema.properties).not.toHaveProperty("secret");
    expect(types.find((x) => x.name === "contact.created")!.area).toBe("growth");
  });

  it("describes the objects events actually carry", async () => {
    const tenant = await t().tenant();
    const invoice = await createInvoice(tenant.client);
    const [event] = await eventsOf(tenant.client, `object_id=${invoice.id}`);
    const schema = (await tenant.client.get("/v1/event_types")).body.data.find((x: { name: string }) => x.name === "invoice.created").schema;
    expect(Object.keys(event.data.object).sort()).toEqual(Object.keys(schema.properties).sort());
  });
});

describe("the transactional outbox", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
  });

  it("writes no event for a change that is refused", async () => {
    const invoice = await createInvoice(tenant.client, { status: "open", amount: 50 });
    const before = await eventsOf(tenant.client, "per_page=100");
    const refused = [
      await tenant.client.post(`/v1/invoices/${invoice.id}/finalize`), // already open
      await tenant.client.delete(`/v1/invoices/${invoice.id}`), // only drafts
      await tenant.client.post(`/v1/invoices/${invoice.id}/pay`, { amount: 60 }), // more than due
      await tenant.client.patch(`/v1/invoices/${invoice.id}`, { currency: "USD" }), // not on an open invoice
      await tenant.client.patch(`/v1/invoices/${invoice.id}`, { amount: -1 }), // invalid
      await tenant.client.post("/v1/invoices", { ...invoiceBody(), currency: "XYZ" }), // invalid
    ];
    expect(refused.map((r) => r.status)).toEqual([409, 409, 422, 409, 400, 400]);
    const after = await eventsOf(tenant.client, "per_page=100");
    expect(after).toEqual(before);
  });

  it("rolls back the events of a change that throws after emitting, and keeps both when it commits", async () => {
    const db = t().database.db;
    const now = t().clock();
    const ctx = { orgId: tenant.orgId, requestId: "req-outbox-test", idempotencyKey: null, now };
    const row = (id: string) => ({
      orgId: tenant.orgId,
      id,
      number: `OUTBOX-${id.slice(-6)}`,
      client: "Outbox",
      amountCents: 1000,
      currency: "USD",
      status: "draft" as const,
      dueDate: "2031-01-01",
      createdAt: now,
      updatedAt: now,
    });
    const count = async (id: string) => ({
      invoices: (
        await db
          .select()
          .from(invoices)
          .where(and(eq(invoices.orgId, tenant.orgId), eq(invoices.id, id)))
      ).length,
      events: (
        await db
          .select()
          .from(events)
          .where(and(eq(events.orgId, tenant.orgId), eq(events.objectId, id)))
      ).length,
    });

    const failed = newId("invoice");
    await expect(
      write(db, ctx, async (tx, emit) => {
        await tx.insert(invoices).values(row(failed));
        emit({ type: "invoice.created", object: { id: failed } });
        throw new Error("the change fails after emitting");
      }),
    ).rejects.toThrow("the change fails after emitting");
    expect(await count(failed)).toEqual({ invoices: 0, events: 0 });

    // A change that the database refuses after emitting (a duplicate primary key) leaves nothing either.
    const duplicate = newId("invoice");
    await expect(
      write(db, ctx, async (tx, emit) => {
        await tx.insert(invoices).values(row(duplicate));
        emit({ type: "invoice.created", object: { id: duplicate } });
        await tx.insert(invoices).values(row(duplicate)); // primary key violation
      }),
    ).rejects.toThrow();
    expect(await count(duplicate)).toEqual({ invoices: 0, events: 0 });

    const committed = newId("invoice");
    const result = await write(db, ctx, async (tx, emit) => {
      await tx.insert(invoices).values(row(committed));
      emit({ type: "invoice.created", object: { id: committed } });
      return "done";
    });
    expect(result).toBe("done");
    expect(await count(committed)).toEqual({ invoices: 1, events: 1 });
    const [event] = await eventsOf(tenant.client, `object_id=${committed}`);
    expect(event).toMatchObject({ type: "invoice.created", request: { id: "req-outbox-test", idempotency_key: null } });
  });
});

describe("the overdue scheduler", () => {
  it("emits invoice.overdue once per invoice when it passes its due date", async () => {
    const tenant = await t().tenant();
    const day = 86_400_000;
    const tomorrow = new Date(t().clock().getTime() + day).toISOString().slice(0, 10);
    const open = await createInvoice(tenant.client, { status: "open", due_date: tomorrow });
    const draft = await createInvoice(tenant.client, { due_date: tomorrow });
    const overdueEvents = () => eventsOf(tenant.client, "type=invoice.overdue");

    await t().scheduler.tick();
    expect(await overdueEvents()).toEqual([]);

    t().clock.advance(2 * day);
    await t().scheduler.tick();
    const emitted = await overdueEvents();
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({
      type: "invoice.overdue",
      org_id: tenant.orgId,
      request: { id: null, idempotency_key: null },
      data: { object: { id: open.id, status: "overdue", days_overdue: 1 } },
    });
    expect(emitted[0].data).not.toHaveProperty("previous_attributes");
    expect(emitted.map((e) => e.data.object.id)).not.toContain(draft.id);

    // Later ticks do not emit it again.
    await t().scheduler.tick();
    t().clock.advance(day);
    await t().scheduler.tick();
    expect(await overdueEvents()).toHaveLength(1);
  });
});
