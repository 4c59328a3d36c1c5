import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { write } from "../../src/platform/events/outbox.ts";
import { events } from "../../src/platform/events/events-table.ts";
import { idempotencyKeys } from "../../src/platform/idempotency/idempotency-table.ts";
import { ApiError } from "../../src/platform/errors.ts";
import { useTestApp } from "../helpers/harness.ts";

/**
 * The fencing behind crash-safe idempotency: a write made for an idempotency
 * key commits only while the request still holds the key (its record's
 * created_at is the one it claimed). Once a retry has taken the record over,
 * the first attempt's write rolls back, events and all, so the two can never
 * both take effect.
 */
const t = useTestApp();
const claimedAt = new Date("2030-01-01T00:00:00Z");

/** A tenant whose request holds the idempotency record `key`, claimed at claimedAt: the write context that request gives write(). */
async function holding(key: string) {
  const tenant = await t().tenant();
  const db = t().database.db;
  await db.insert(idempotencyKeys).values({ orgId: tenant.orgId, key, requestHash: "h", createdAt: claimedAt });
  const ctx = { orgId: tenant.orgId, requestId: "req_test", idempotencyKey: key, now: claimedAt, idempotencyClaim: { key, claimedAt } };
  return { db, ctx, where: and(eq(idempotencyKeys.orgId, tenant.orgId), eq(idempotencyKeys.key, key)) };
}

it("a write whose key was taken over rolls back; one that still holds it marks the key committed", async () => {
  const { db, ctx, where } = await holding("k1");
  const emitOne = () =>
    write(db, ctx, async (_tx, emit) => {
      emit({ type: "invoice.created", object: { id: "inv_fenced" } });
      return "done";
    });

  // A retry took the record over (as the preHandler does after ABANDONED_AFTER_MS).
  await db
    .update(idempotencyKeys)
    .set({ createdAt: new Date(claimedAt.getTime() + 11_000) })
    .where(where);
  const refused = await emitOne().catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).code).toBe("idempotency_key_in_progress");
  expect(await db.select().from(events).where(eq(events.objectId, "inv_fenced"))).toEqual([]);

  // The claim is the request's again: the write commits and marks the key.
  await db.update(idempotencyKeys).set({ createdAt: claimedAt }).where(where);
  expect(await emitOne()).toBe("done");
  expect(await db.select().from(events).where(eq(events.objectId, "inv_fenced"))).toHaveLength(1);
  const [record] = await db.select().from(idempotencyKeys).where(where);
  expect(record!.committedAt).toEqual(claimedAt);
});

it("a write that emits no event is fenced the same way", async () => {
  const { db, ctx, where } = await holding("k2");
  // The change itself writes (the key's own record stands in for any row), and emits nothing.
  const silent = () =>
    write(db, ctx, async (tx) =>
      tx
        .update(idempotencyKeys)
        .set({ responseContentType: "text/x-changed" })
        .where(where)
        .then(() => "done"),
    );

  await db
    .update(idempotencyKeys)
    .set({ createdAt: new Date(claimedAt.getTime() + 11_000) })
    .where(where);
  const refused = await silent().catch((e: unknown) => e);
  expect((refused as ApiError).code).toBe("idempotency_key_in_progress");
  expect((await db.select().from(idempotencyKeys).where(where))[0]!.responseContentType).toBeNull();

  await db.update(idempotencyKeys).set({ createdAt: claimedAt }).where(where);
  expect(await silent()).toBe("done");
  const [record] = await db.select().from(idempotencyKeys).where(where);
  expect(record!.responseContentType).toBe("text/x-changed");
  expect(record!.committedAt).toEqual(claimedAt);
});

it("a record whose request still says it is alive is not taken over, however old; a silent one is", async () => {
  const { requestHashOf } = await import("../../src/platform/idempotency/idempotency-hook.ts");
  const tenant = await t().tenant();
  const db = t().database.db;
  const body = { client: "Alive", amount: 10, currency: "USD", due_date: "2099-01-01" };
  const now = t().clock().getTime();
  const where = and(eq(idempotencyKeys.orgId, tenant.orgId), eq(idempotencyKeys.key, "alive-1"));
  // Started a minute ago (a long function call, say), last said it was alive a second ago.
  await db.insert(idempotencyKeys).values({
    orgId: tenant.orgId,
    key: "alive-1",
    requestHash: requestHashOf("POST", "/v1/invoices", body),
    createdAt: new Date(now - 60_000),
    aliveAt: new Date(now - 1_000),
  });
  const headers = { "idempotency-key": "alive-1" };
  const running = await tenant.client.post("/v1/invoices", body, { headers });
  expect(running.status, running.text).toBe(409);
  expect(running.body.code).toBe("idempotency_key_in_progress");

  // Silent for 11 s: its process is taken for dead, and the retry runs.
  await db
    .update(idempotencyKeys)
    .set({ aliveAt: new Date(now - 11_000) })
    .where(where);
  const retried = await tenant.client.post("/v1/invoices", body, { headers });
  expect(retried.status, retried.text).toBe(201);
});
