import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys } from "../../src/platform/idempotency/idempotency-table.ts";
import { requestHashOf } from "../../src/platform/idempotency/idempotency-hook.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { createInvoice, invoiceBody } from "../helpers/routes.ts";

const clock = testClock("2031-09-15T09:30:00Z");
const t = useTestApp({ clock });

let tenant: Tenant;
beforeAll(async () => {
  tenant = await t().tenant({ name: "Idem Corp" });
});

const withKey = (key: string) => ({ headers: { "idempotency-key": key } });

async function invoicesOf(who: Tenant, client: string): Promise<any[]> {
  const res = await who.client.get(`/v1/invoices?client=${encodeURIComponent(client)}&per_page=100`);
  expect(res.status).toBe(200);
  return res.body.data;
}

async function createdEvents(who: Tenant, invoiceId: string): Promise<any[]> {
  const res = await who.client.get(`/v1/events?type=invoice.created&object_id=${invoiceId}`);
  return res.body.data;
}

describe("Idempotency-Key on POST /v1/invoices", () => {
  it("replays the first response for the same key and body: one invoice, one event", async () => {
    const key = randomUUID();
    const body = invoiceBody({ client: "Replay Ltd", amount: 250.75, metadata: { po: "123" } });
    const first = await tenant.client.post("/v1/invoices", body, withKey(key));
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    clock.advance(5_000);
    const second = await tenant.client.post("/v1/invoices", body, withKey(key));
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.text).toBe(first.text);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("content-type")).toBe(first.headers.get("content-type"));
    // A replay is a new request: its own request id, and it still counts against the limit.
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(second.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);

    // The same body with its members in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const third = await tenant.client.post("/v1/invoices", reordered, withKey(key));
    expect(third.status).toBe(201);
    expect(third.headers.get("idempotent-replayed")).toBe("true");
    expect(third.body.id).toBe(first.body.id);

    const invoices = await invoicesOf(tenant, "Replay Ltd");
    expect(invoices).toHaveLength(1);
    const events = await createdEvents(tenant, first.body.id);
    expect(events).toHaveLength(1);
    expect(events[0].request).toEqual({ id: first.headers.get("x-request-id"), idempotency_key: key });
  });

  it("refuses the same key with a different body (422) and changes nothing", async () => {
    const key = randomUUID();
    const first = await tenant.client.post("/v1/invoices", invoiceBody({ client: "Reuse SA", amount: 10 }), withKey(key));
    expect(first.status).toBe(201);
    const other = await tenant.client.post("/v1/invoices", invoiceBody({ client: "Reuse SA", amount: 11 }), withKey(key));
    const problem = expectProblem(other, 422, "idempotency_key_reused");
    expect(problem.detail).toMatch(/Idempotency-Key/);
    expect(await invoicesOf(tenant, "Reuse SA")).toHaveLength(1);
    // The original is still replayed for its own body.
    const again = await tenant.client.post("/v1/invoices", invoiceBody({ client: "Reuse SA", amount: 10 }), withKey(key));
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
  });

  it("refuses the same key on another path (422)", async () => {
    const key = randomUUID();
    const created = await tenant.client.post("/v1/invoices", invoiceBody({ client: "Path Co" }), withKey(key));
    expect(created.status).toBe(201);
    const finalize = await tenant.client.post(`/v1/invoices/${created.body.id}/finalize`, undefined, withKey(key));
    expectProblem(finalize, 422, "idempotency_key_reused");
    expect((await tenant.client.get(`/v1/invoices/${created.body.id}`)).body.status).toBe("draft");
    const keys = await tenant.client.post("/v1/api_keys", { kind: "read_only" }, withKey(key));
    expectProblem(keys, 422, "idempotency_key_reused");
  });

  it("forgets a key after 24 hours: the request runs again", async () => {
    const key = randomUUID();
    const body = invoiceBody({ client: "Tomorrow GmbH" });
    const first = await tenant.client.post("/v1/invoices", body, withKey(key));
    expect(first.status).toBe(201);

    clock.advance(24 * 3_600_000 - 1_000);
    const within = await tenant.client.post("/v1/invoices", body, withKey(key));
    expect(within.headers.get("idempotent-replayed")).toBe("true");

    clock.advance(2_000);
    const after = await tenant.client.post("/v1/invoices", body, withKey(key));
    expect(after.status).toBe(201);
    expect(after.headers.get("idempotent-replayed")).toBeNull();
    expect(after.body.id).not.toBe(first.body.id);
    expect(await invoicesOf(tenant, "Tomorrow GmbH")).toHaveLength(2);
    // And that new run is now what the key replays.
    const replay = await tenant.client.post("/v1/invoices", body, withKey(key));
    expect(replay.body.id).toBe(after.body.id);
  });

  it("takes over a key whose first request never finished (its process died) after a minute, not before", async () => {
    const key = randomUUID();
    const body = invoiceBody({ client: "Crashed Midway Ltd" });
    // What a process that died mid-request leaves behind: a record with no response.
    await t().database.db.insert(idempotencyKeys).values({
      orgId: tenant.orgId,
      key,
      requestHash: "left by a dead process",
      createdAt: clock(),
    });
    // Unfinished records are only matched on key: a retry within the minute waits.
    const early = await tenant.client.post("/v1/invoices", body, withKey(key));
    expectProblem(early, 422, "idempotency_key_reused");
    await t()
      .database.db.update(idempotencyKeys)
      .set({ requestHash: requestHashOf("POST", "/v1/invoices", body) })
      .where(and(eq(idempotencyKeys.orgId, tenant.orgId), eq(idempotencyKeys.key, key)));
    const waiting = await tenant.client.post("/v1/invoices", body, withKey(key));
    expectProblem(waiting, 409, "idempotency_key_in_progress");

    clock.advance(61_000);
    const retried = await tenant.client.post("/v1/invoices", body, withKey(key));
    expect(retried.status).toBe(201);
    expect(await invoicesOf(tenant, "Crashed Midway Ltd")).toHaveLength(1);
    const replay = await tenant.client.post("/v1/invoices", body, withKey(key));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.id).toBe(retried.body.id);
  });

  it("keys belong to the organization: another one may use the same string", async () => {
    const other = await t().tenant({ name: "Other Idem" });
    const key = randomUUID();
    const body = invoiceBody({ client: "Shared Key Inc" });
    const mine = await tenant.client.post("/v1/invoices", body, withKey(key));
    const theirs = await other.client.post("/v1/invoices", body, withKey(key));
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    // Even with a different body: it is not a reuse in the other organization.
    const theirsAgain = await other.client.post("/v1/invoices", invoiceBody({ client: "Shared Key Inc", amount: 999 }), withKey(randomUUID()));
    expect(theirsAgain.status).toBe(201);
    expect(await invoicesOf(tenant, "Shared Key Inc")).toHaveLength(1);
    expect(await invoicesOf(other, "Shared Key Inc")).toHaveLength(2);
  });

  it("keys belong to the organization, not to the API key", async () => {
    const second = await tenant.newKey("engine", { engines: ["finance"] });
    const key = randomUUID();
    const body = invoiceBody({ client: "Two Keys" });
    const first = await tenant.client.post("/v1/invoices", body, withKey(key));
    const replay = await second.client.post("/v1/invoices", body, withKey(key));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body.id).toBe(first.body.id);
  });

  it.each([
    ["longer than 255 characters", "k".repeat(256)],
    ["empty", ""],
    ["with a space", "two words"],
    ["with a control character", "tab\there"],
  ])("refuses a key %s with 400 naming the header, and runs nothing", async (_, value) => {
    const client = `Bad Key ${value.length}-${value.charCodeAt(3)}`;
    const res = await tenant.client.post("/v1/invoices", invoiceBody({ client }), withKey(value));
    const problem = expectProblem(res, 400, "validation_failed");
    expect(problem.errors).toEqual([expect.objectContaining({ in: "header", field: "Idempotency-Key" })]);
    expect(await invoicesOf(tenant, client)).toHaveLength(0);
  });

  it("accepts a key of exactly 255 visible characters", async () => {
    const key = `${randomUUID()}~!#`.padEnd(255, "z");
    const body = invoiceBody({ client: "Long Key" });
    expect((await tenant.client.post("/v1/invoices", body, withKey(key))).status).toBe(201);
    expect((await tenant.client.post("/v1/invoices", body, withKey(key))).headers.get("idempotent-replayed")).toBe("true");
  });

  it("replays a failed (4xx) first request as the same 4xx, even once the cause is gone", async () => {
    const number = `DUP-${randomUUID().slice(0, 8)}`;
    const existing = await createInvoice(tenant, { number, client: "Dup Holder" });
    const key = randomUUID();
    const body = invoiceBody({ client: "Dup Attempt", number });
    const first = await tenant.client.post("/v1/invoices", body, withKey(key));
    expectProblem(first, 409, "conflict");

    // The conflicting invoice goes away; a retry with the key still gets the first answer.
    expect((await tenant.client.delete(`/v1/invoices/${existing.id}`)).status).toBe(200);
    const retry = await tenant.client.post("/v1/invoices", body, withKey(key));
    expect(retry.status).toBe(409);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await invoicesOf(tenant, "Dup Attempt")).toHaveLength(0);

    // Without the key, the same body now succeeds.
    expect((await tenant.client.post("/v1/invoices", body)).status).toBe(201);
  });

  it("replays a business-rule 400 from the handler (amount too precise for the currency)", async () => {
    const key = randomUUID();
    const body = invoiceBody({ client: "Yen Co", currency: "JPY", amount: 100.5 });
    const first = await tenant.client.post("/v1/invoices", body, withKey(key));
    expectProblem(first, 400, "validation_failed");
    const retry = await tenant.client.post("/v1/invoices", body, withKey(key));
    expect(retry.status).toBe(400);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.text).toBe(first.text);
  });

  it("does not record a request refused before it ran (schema validation): the key stays free", async () => {
    const key = randomUUID();
    const invalid = await tenant.client.post("/v1/invoices", { client: "Schema Fail", amount: -5 }, withKey(key));
    expectProblem(invalid, 400, "validation_failed");
    const fixed = await tenant.client.post("/v1/invoices", invoiceBody({ client: "Schema Fail" }), withKey(key));
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
  });

  it("two concurrent requests with the same key create exactly one invoice", async () => {
    for (let round = 0; round < 3; round++) {
      const key = randomUUID();
      const client = `Race ${round}`;
      const body = invoiceBody({ client });
      const results = await Promise.all(Array.from({ length: 4 }, () => tenant.client.post("/v1/invoices", body, withKey(key))));
      const created = results.filter((r) => r.status === 201);
      expect(created.length, results.map((r) => `${r.status} ${r.text}`).join("\n")).toBeGreaterThanOrEqual(1);
      for (const r of results) {
        if (r.status === 201) continue;
        const problem = expectProblem(r, 409, "idempotency_key_in_progress");
        expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(problem.detail).toMatch(/retry/i);
      }
      // Every 201 is the same invoice: one ran, the others were replays.
      expect(new Set(created.map((r) => r.body.id)).size).toBe(1);
      expect(created.filter((r) => r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
      const invoices = await invoicesOf(tenant, client);
      expect(invoices).toHaveLength(1);
      expect(await createdEvents(tenant, invoices[0].id)).toHaveLength(1);
      // Once settled, a retry replays.
      const retry = await tenant.client.post("/v1/invoices", body, withKey(key));
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(retry.body.id).toBe(invoices[0].id);
    }
  });

  it("is ignored on GET", async () => {
    const key = randomUUID();
    const a = await tenant.client.get("/v1/invoices?per_page=1", withKey(key));
    const b = await tenant.client.get("/v1/invoices?per_page=2", withKey(key));
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
  });
});

describe("Idempotency-Key on the other POST routes", () => {
  it("replays an invoice action (pay) instead of paying twice", async () => {
    const invoice = await createInvoice(tenant, { status: "open", amount: 100, client: "Payer" });
    const key = randomUUID();
    const first = await tenant.client.post(`/v1/invoices/${invoice.id}/pay`, { amount: 30 }, withKey(key));
    expect(first.status).toBe(200);
    expect(first.body.amount_paid).toBe(30);
    const retry = await tenant.client.post(`/v1/invoices/${invoice.id}/pay`, { amount: 30 }, withKey(key));
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(retry.body).toEqual(first.body);
    expect((await tenant.client.get(`/v1/invoices/${invoice.id}`)).body).toMatchObject({ amount_paid: 30, amount_due: 70 });
  });

  it("replays a body-less action (finalize) instead of refusing the second finalize", async () => {
    const invoice = await createInvoice(tenant, { client: "Finalizer" });
    const key = randomUUID();
    const first = await tenant.client.post(`/v1/invoices/${invoice.id}/finalize`, undefined, withKey(key));
    expect(first.status).toBe(200);
    const retry = await tenant.client.post(`/v1/invoices/${invoice.id}/finalize`, undefined, withKey(key));
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    // Without the key, finalizing twice is an invalid transition.
    expect((await tenant.client.post(`/v1/invoices/${invoice.id}/finalize`)).status).toBe(409);
  });
});
