import { beforeEach, describe, expect, it } from "vitest";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import {
  act,
  createAccount,
  createInvoice,
  eventsOf,
  eventTypesOf,
  expectProblem,
  expectRefusedTransition,
  getInvoice,
  invoiceIn,
  NOW,
  snapshot,
  STATES,
  uniq,
  type State,
} from "./helpers.ts";

const clock = testClock(NOW);
const t = useTestApp({ clock });

let tenant: Tenant;
let started = false;
beforeEach(async () => {
  // Each test starts at NOW. A test that moved the clock far ahead leaves a key whose
  // rate-limit state is in the future, so the next test gets a fresh tenant (and key).
  const movedFar = clock().getTime() - Date.parse(NOW) > 30_000;
  clock.set(NOW);
  if (!started || movedFar) tenant = await t().tenant();
  started = true;
});

type Action = "finalize" | "void" | "mark_uncollectible" | "pay";

/** Which states each action is allowed from, and the status it leads to. */
const RULES: Record<Action, { from: State[]; to: (from: State) => string; events: string[] }> = {
  finalize: { from: ["draft"], to: () => "open", events: ["invoice.updated", "invoice.finalized"] },
  void: { from: ["open", "overdue", "uncollectible"], to: () => "void", events: ["invoice.updated", "invoice.voided"] },
  mark_uncollectible: { from: ["open", "overdue"], to: () => "uncollectible", events: ["invoice.updated", "invoice.marked_uncollectible"] },
  // A partial payment of 1 on a 100 invoice keeps its status.
  pay: { from: ["open", "overdue", "uncollectible"], to: (from) => from, events: ["invoice.updated", "invoice.payment_recorded"] },
};

function run(action: Action, id: string) {
  return tenant.client.post(`/v1/invoices/${id}/${action}`, action === "pay" ? { amount: 1 } : undefined);
}

describe("transition matrix", () => {
  for (const action of Object.keys(RULES) as Action[]) {
    const rule = RULES[action];
    for (const state of STATES) {
      if (rule.from.includes(state)) {
        it(`${action} from ${state} -> ${rule.to(state)}`, async () => {
          const invoice = await invoiceIn(tenant.client, state);
          const before = await eventTypesOf(tenant.client, invoice.id);
          clock.advance(1000);
          const response = await run(action, invoice.id);
          expect(response.status, response.text).toBe(200);
          expect(response.body.status).toBe(rule.to(state));
          expect(response.body.updated_at).toBe(clock().toISOString());
          expect(await getInvoice(tenant.client, invoice.id)).toEqual(response.body);
          const events = await eventsOf(tenant.client, invoice.id);
          expect(events.map((e) => e.type)).toEqual([...before, ...rule.events]);
          for (const event of events.slice(before.length)) expect(event.data.object).toEqual(response.body);
          const updated = events[before.length];
          if (rule.to(state) !== state) expect(updated.data.previous_attributes.status).toBe(state);
        });
      } else {
        it(`${action} from ${state} is refused: 409 naming ${state}, nothing changed`, async () => {
          const invoice = await invoiceIn(tenant.client, state);
          const before = await snapshot(tenant.client);
          clock.advance(1000);
          const response = await run(action, invoice.id);
          expectRefusedTransition(response, state);
          expect(await getInvoice(tenant.client, invoice.id)).toEqual(invoice);
          expect(await snapshot(tenant.client)).toEqual(before);
        });
      }
    }
  }
});

describe("finalize", () => {
  it("moves a draft to open and sets issued_at to now", async () => {
    const draft = await createInvoice(tenant.client);
    clock.set("2026-03-11T08:30:00Z");
    const open = await act(tenant.client, draft.id, "finalize");
    expect(open).toMatchObject({ status: "open", issued_at: "2026-03-11T08:30:00.000Z", paid_at: null, number: draft.number });
  });

  it("finalizes a draft already past its due date straight into overdue", async () => {
    const draft = await createInvoice(tenant.client, { due_date: "2026-03-07" });
    expect(draft).toMatchObject({ status: "draft", days_overdue: 0 });
    const finalized = await act(tenant.client, draft.id, "finalize");
    expect(finalized).toMatchObject({ status: "overdue", days_overdue: 3 });
  });

  it("refuses a body on an action that takes none", async () => {
    const draft = await createInvoice(tenant.client);
    const response = await tenant.client.post(`/v1/invoices/${draft.id}/finalize`, { force: true });
    expectProblem(response, 400, "validation_failed");
    expect(response.body.errors.map((e: any) => e.field)).toEqual(["force"]);
    expect((await getInvoice(tenant.client, draft.id)).status).toBe("draft");
  });
});

describe("pay", () => {
  it("records partial payments, then the last one pays the invoice", async () => {
    const invoice = await createInvoice(tenant.client, { status: "open", amount: 100 });
    clock.advance(1000);
    const partial = await act(tenant.client, invoice.id, "pay", { amount: 30.25 });
    expect(partial).toMatchObject({ status: "open", amount: 100, amount_paid: 30.25, amount_due: 69.75, paid_at: null });
    clock.advance(1000);
    const second = await act(tenant.client, invoice.id, "pay", { amount: 69 });
    expect(second).toMatchObject({ status: "open", amount_paid: 99.25, amount_due: 0.75, paid_at: null });
    clock.advance(1000);
    const paid = await act(tenant.client, invoice.id, "pay", { amount: 0.75 });
    expect(paid).toMatchObject({ status: "paid", amount_paid: 100, amount_due: 0, paid_at: clock().toISOString() });
    expect(await eventTypesOf(tenant.client, invoice.id)).toEqual([
      "invoice.created",
      "invoice.updated",
      "invoice.payment_recorded",
      "invoice.updated",
      "invoice.payment_recorded",
      "invoice.updated",
      "invoice.payment_recorded",
      "invoice.paid",
    ]);
  });

  it("pays an invoice in full at once", async () => {
    const invoice = await createInvoice(tenant.client, { status: "open", amount: 1250.5 });
    const paid = await act(tenant.client, invoice.id, "pay", { amount: 1250.5 });
    expect(paid).toMatchObject({ status: "paid", amount_paid: 1250.5, amount_due: 0, paid_at: clock().toISOString(), days_overdue: 0 });
  });

  it("pays an overdue invoice, which is then paid and no longer overdue", async () => {
    const invoice = await invoiceIn(tenant.client, "overdue");
    expect(invoice.days_overdue).toBe(9);
    const paid = await act(tenant.client, invoice.id, "pay", { amount: 100 });
    expect(paid).toMatchObject({ status: "paid", days_overdue: 0 });
  });

  it("pays an uncollectible invoice in full: paid", async () => {
    const invoice = await invoiceIn(tenant.client, "uncollectible");
    const paid = await act(tenant.client, invoice.id, "pay", { amount: 100 });
    expect(paid).toMatchObject({ status: "paid", amount_due: 0 });
  });

  it("refuses an overpayment with 422 naming amount, and records nothing", async () => {
    const invoice = await createInvoice(tenant.client, { status: "open", amount: 100 });
    await act(tenant.client, invoice.id, "pay", { amount: 60 });
    const current = await getInvoice(tenant.client, invoice.id);
    const before = await snapshot(tenant.client);
    for (const amount of [40.01, 100, 1000]) {
      const response = await tenant.client.post(`/v1/invoices/${invoice.id}/pay`, { amount });
      expectProblem(response, 422, "unprocessable");
      expect(response.body.errors).toEqual([{ in: "body", field: "amount", message: expect.stringContaining("40") }]);
    }
    expect(await getInvoice(tenant.client, invoice.id)).toEqual(current);
    expect(await snapshot(tenant.client)).toEqual(before);
    // Exactly the amount due is fine.
    expect((await act(tenant.client, invoice.id, "pay", { amount: 40 })).status).toBe("paid");
  });

  it("refuses decimals on a currency without minor units, naming amount", async () => {
    const invoice = await createInvoice(tenant.client, { status: "open", amount: 1000, currency: "JPY" });
    const before = await snapshot(tenant.client);
    const response = await tenant.client.post(`/v1/invoices/${invoice.id}/pay`, { amount: 10.5 });
    expectProblem(response, 400, "validation_failed");
    expect(response.body.errors.map((e: any) => `${e.in}:${e.field}`)).toEqual(["body:amount"]);
    expect(await snapshot(tenant.client)).toEqual(before);
    expect(await act(tenant.client, invoice.id, "pay", { amount: 400 })).toMatchObject({ amount_paid: 400, amount_due: 600 });
  });

  it("lets exactly one of two concurrent payments that together overpay go through", async () => {
    const invoice = await createInvoice(tenant.client, { status: "open", amount: 100 });
    const responses = await Promise.all([60, 70].map((amount) => tenant.client.post(`/v1/invoices/${invoice.id}/pay`, { amount })));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 422]);
    const winner = responses.find((r) => r.status === 200)!;
    const after = await getInvoice(tenant.client, invoice.id);
    expect(after.amount_paid).toBe(winner.body.amount_paid);
    expect([60, 70]).toContain(after.amount_paid);
    expect((await eventTypesOf(tenant.client, invoice.id)).filter((type) => type === "invoice.payment_recorded")).toHaveLength(1);
  });
});

describe("PATCH rules per status", () => {
  // Which fields each status lets change (overdue is an open invoice).
  const EDITABLE: Record<State, string[]> = {
    draft: ["client", "amount", "currency", "due_date", "number", "description", "account_id", "metadata"],
    open: ["client", "amount", "due_date", "description", "account_id", "metadata"],
    overdue: ["client", "amount", "due_date", "description", "account_id", "metadata"],
    paid: ["description", "metadata"],
    void: ["description", "metadata"],
    uncollectible: ["description", "account_id", "metadata"],
  };
  const FIELDS = ["client", "amount", "currency", "due_date", "number", "description", "account_id", "metadata"];
  async function valueFor(field: string): Promise<unknown> {
    switch (field) {
      case "client":
        return "Changed Client";
      case "amount":
        return 150.5;
      case "currency":
        return "EUR";
      case "due_date":
        return "2026-05-15";
      case "number":
        return uniq("N");
      case "description":
        return "changed description";
      case "account_id":
        // An account of the tenant's own: invoices may name no other.
        return (await createAccount(tenant.client)).id;
      default:
        return { changed: "yes" };
    }
  }

  for (const state of STATES) {
    for (const field of FIELDS) {
      const allowed = EDITABLE[state].includes(field);
      it(`${state}: ${field} ${allowed ? "can change" : "is refused with 409"}`, async () => {
        const invoice = await invoiceIn(tenant.client, state);
        const value = await valueFor(field);
        const before = await snapshot(tenant.client);
        clock.advance(1000);
        const response = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { [field]: value });
        if (allowed) {
          expect(response.status, response.text).toBe(200);
          expect(response.body[field]).toEqual(value);
          const events = await eventsOf(tenant.client, invoice.id);
          const last = events.at(-1);
          expect(last.type).toBe("invoice.updated");
          expect(last.data.object).toEqual(response.body);
          expect(last.data.previous_attributes[field]).toEqual(invoice[field]);
        } else {
          expectRefusedTransition(response, state);
          expect(response.body.errors).toEqual([{ in: "body", field, message: expect.any(String) }]);
          expect(await getInvoice(tenant.client, invoice.id)).toEqual(invoice);
          expect(await snapshot(tenant.client)).toEqual(before);
        }
      });
    }
  }

  it("names every refused field at once, and applies none of the allowed ones sent with them", async () => {
    const invoice = await invoiceIn(tenant.client, "paid");
    const response = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { description: "ok", client: "no", amount: 5, due_date: "2026-06-01" });
    expectRefusedTransition(response, "paid");
    expect(response.body.errors.map((e: any) => e.field).sort()).toEqual(["amount", "client", "due_date"]);
    expect(await getInvoice(tenant.client, invoice.id)).toEqual(invoice);
  });

  it("refuses an amount below what was already paid, naming amount", async () => {
    const invoice = await createInvoice(tenant.client, { status: "open", amount: 100 });
    await act(tenant.client, invoice.id, "pay", { amount: 40 });
    const current = await getInvoice(tenant.client, invoice.id);
    const before = await snapshot(tenant.client);
    const response = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { amount: 39.99 });
    expectProblem(response, 400, "validation_failed");
    expect(response.body.errors).toEqual([{ in: "body", field: "amount", message: expect.stringContaining("40") }]);
    expect(await getInvoice(tenant.client, invoice.id)).toEqual(current);
    expect(await snapshot(tenant.client)).toEqual(before);
    // Raising it, or lowering it while staying above what was paid, is fine and keeps amount_due right.
    const lowered = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { amount: 50 });
    expect(lowered.status, lowered.text).toBe(200);
    expect(lowered.body).toMatchObject({ amount: 50, amount_paid: 40, amount_due: 10, status: "open" });
  });

  it("refuses an amount equal to what was already paid: an open invoice with nothing due could never be paid", async () => {
    const invoice = await createInvoice(tenant.client, { status: "open", amount: 100 });
    await act(tenant.client, invoice.id, "pay", { amount: 40 });
    const current = await getInvoice(tenant.client, invoice.id);
    const before = await snapshot(tenant.client);
    const response = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { amount: 40 });
    expectProblem(response, 400, "validation_failed");
    expect(response.body.errors.map((e: any) => `${e.in}:${e.field}`)).toEqual(["body:amount"]);
    expect(await getInvoice(tenant.client, invoice.id)).toEqual(current);
    expect(await snapshot(tenant.client)).toEqual(before);
    // A draft (nothing paid) may take any positive amount.
    const draft = await createInvoice(tenant.client, { amount: 100 });
    expect((await tenant.client.patch(`/v1/invoices/${draft.id}`, { amount: 0.01 })).body.amount).toBe(0.01);
  });

  it("refuses decimals when a draft's currency changes to one without minor units", async () => {
    const draft = await createInvoice(tenant.client, { amount: 10.5 });
    const response = await tenant.client.patch(`/v1/invoices/${draft.id}`, { currency: "JPY" });
    expectProblem(response, 400, "validation_failed");
    expect(response.body.errors.map((e: any) => e.field)).toEqual(["amount"]);
    const ok = await tenant.client.patch(`/v1/invoices/${draft.id}`, { currency: "JPY", amount: 1500 });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ currency: "JPY", amount: 1500 });
  });

  it("makes an open invoice overdue when its due date is moved into the past", async () => {
    const invoice = await createInvoice(tenant.client, { status: "open" });
    const response = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { due_date: "2026-03-08" });
    expect(response.body).toMatchObject({ status: "overdue", days_overdue: 2 });
  });
});

describe("events of each change", () => {
  it("records the whole life of an invoice, in order, each event carrying the invoice as GET showed it", async () => {
    const created = await tenant.client.post("/v1/invoices", { client: "Lifecycle", amount: 100, currency: "USD", due_date: "2026-04-01" });
    const id = created.body.id;
    clock.advance(1000);
    const patched = await tenant.client.patch(`/v1/invoices/${id}`, { client: "Lifecycle Ltd", amount: 120 });
    clock.advance(1000);
    const finalized = await tenant.client.post(`/v1/invoices/${id}/finalize`);
    clock.advance(1000);
    const partial = await tenant.client.post(`/v1/invoices/${id}/pay`, { amount: 20 });
    clock.advance(1000);
    const full = await tenant.client.post(`/v1/invoices/${id}/pay`, { amount: 100 });
    for (const r of [patched, finalized, partial, full]) expect(r.status, r.text).toBe(200);

    const events = await eventsOf(tenant.client, id);
    expect(events.map((e) => e.type)).toEqual([
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
    const [e0, e1, e2, e3, e4, e5, e6, e7, e8] = events;
    const expectEvent = (event: any, response: any, previous?: Record<string, unknown>) => {
      expect(event).toMatchObject({ api_version: "v1", org_id: tenant.orgId, timestamp: response.body.updated_at });
      expect(event.id).toMatch(/^evt_/);
      expect(event.data.object).toEqual(response.body);
      expect(event.request).toEqual({ id: response.headers.get("x-request-id"), idempotency_key: null });
      if (previous) expect(event.data.previous_attributes).toEqual(previous);
      else expect(event.data.previous_attributes).toBeUndefined();
    };
    expectEvent(e0, created);
    expectEvent(e1, patched, { client: "Lifecycle", amount: 100, amount_due: 100 });
    expectEvent(e2, finalized, { status: "draft", issued_at: null });
    expectEvent(e3, finalized);
    expectEvent(e4, partial, { amount_paid: 0, amount_due: 120 });
    expectEvent(e5, partial);
    expectEvent(e6, full, { status: "open", amount_paid: 20, amount_due: 100, paid_at: null });
    expectEvent(e7, full);
    expectEvent(e8, full);
    // The type filter, wildcards included.
    const wildcard = await tenant.client.get(`/v1/events?type=invoice.*&object_id=${id}&per_page=100`);
    expect(wildcard.body.meta.total).toBe(9);
    const updates = await tenant.client.get(`/v1/events?type=invoice.updated&object_id=${id}`);
    expect(updates.body.data.map((e: any) => e.id)).toEqual([e6.id, e4.id, e2.id, e1.id]);
    // Events are readable one by one too.
    const one = await tenant.client.get(`/v1/events/${e8.id}`);
    expect(one.body).toEqual(e8);
  });

  it("void and mark_uncollectible carry the old status in previous_attributes", async () => {
    const a = await createInvoice(tenant.client, { status: "open" });
    await act(tenant.client, a.id, "void");
    const b = await invoiceIn(tenant.client, "overdue");
    await act(tenant.client, b.id, "mark_uncollectible");
    const c = await invoiceIn(tenant.client, "uncollectible");
    await act(tenant.client, c.id, "void");
    const [aEvents, bEvents, cEvents] = [await eventsOf(tenant.client, a.id), await eventsOf(tenant.client, b.id), await eventsOf(tenant.client, c.id)];
    expect(aEvents.map((e) => e.type)).toEqual(["invoice.created", "invoice.updated", "invoice.voided"]);
    expect(aEvents[1].data.previous_attributes).toEqual({ status: "open" });
    expect(bEvents.map((e) => e.type)).toEqual(["invoice.created", "invoice.updated", "invoice.marked_uncollectible"]);
    expect(bEvents[1].data.previous_attributes).toEqual({ status: "overdue", days_overdue: 9 });
    expect(cEvents.map((e) => e.type)).toEqual(["invoice.created", "invoice.updated", "invoice.marked_uncollectible", "invoice.updated", "invoice.voided"]);
    expect(cEvents[3].data.previous_attributes).toEqual({ status: "uncollectible" });
  });

  it("delete emits invoice.deleted carrying the invoice as it was", async () => {
    const draft = await createInvoice(tenant.client, { description: "to delete" });
    const response = await tenant.client.delete(`/v1/invoices/${draft.id}`);
    expect(response.status).toBe(200);
    const events = await eventsOf(tenant.client, draft.id);
    expect(events.map((e) => e.type)).toEqual(["invoice.created", "invoice.deleted"]);
    expect(events[1].data.object).toEqual(draft);
    expect(events[1].request.id).toBe(response.headers.get("x-request-id"));
  });

  it("a PATCH that changes nothing emits no invoice.updated", async () => {
    const invoice = await createInvoice(tenant.client, { client: "Same", metadata: { k: "v" } });
    const response = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { client: "Same", metadata: { k: "v" } });
    expect(response.status).toBe(200);
    expect(await eventTypesOf(tenant.client, invoice.id)).toEqual(["invoice.created"]);
  });

  it("events carry the Idempotency-Key of the request, and a replay emits nothing more", async () => {
    const key = uniq("idem");
    const body = { client: "Idem Co", amount: 10, currency: "USD", due_date: "2026-04-01", status: "open" };
    const first = await tenant.client.post("/v1/invoices", body, { headers: { "idempotency-key": key } });
    expect(first.status).toBe(201);
    const replay = await tenant.client.post("/v1/invoices", body, { headers: { "idempotency-key": key } });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    const list = await tenant.client.get("/v1/invoices?client=Idem Co");
    expect(list.body.meta.total).toBe(1);
    const payKey = uniq("pay");
    const paid = await tenant.client.post(`/v1/invoices/${first.body.id}/pay`, { amount: 10 }, { headers: { "idempotency-key": payKey } });
    expect(paid.status).toBe(200);
    const events = await eventsOf(tenant.client, first.body.id);
    expect(events.map((e) => [e.type, e.request.idempotency_key])).toEqual([
      ["invoice.created", key],
      ["invoice.updated", payKey],
      ["invoice.payment_recorded", payKey],
      ["invoice.paid", payKey],
    ]);
    expect(events[0].request.id).toBe(first.headers.get("x-request-id"));
    expect(events[1].request.id).toBe(paid.headers.get("x-request-id"));
  });

  it("keeps the caller's own X-Request-Id on the response and in the event", async () => {
    const requestId = `trace-${Date.now()}`;
    const response = await tenant.client.post(
      "/v1/invoices",
      { client: "Traced", amount: 5, currency: "USD", due_date: "2026-04-01" },
      { headers: { "x-request-id": requestId } },
    );
    expect(response.headers.get("x-request-id")).toBe(requestId);
    const [event] = await eventsOf(tenant.client, response.body.id);
    expect(event.request).toEqual({ id: requestId, idempotency_key: null });
  });

  it("a refused change emits nothing: invalid transitions, overpayment, refused PATCH, duplicate number", async () => {
    const open = await createInvoice(tenant.client, { status: "open", amount: 100, number: uniq("X") });
    const draft = await createInvoice(tenant.client);
    const before = await snapshot(tenant.client);
    const refused = [
      await tenant.client.post(`/v1/invoices/${open.id}/finalize`),
      await tenant.client.delete(`/v1/invoices/${open.id}`),
      await tenant.client.post(`/v1/invoices/${draft.id}/pay`, { amount: 1 }),
      await tenant.client.post(`/v1/invoices/${draft.id}/void`),
      await tenant.client.post(`/v1/invoices/${open.id}/pay`, { amount: 100.01 }),
      await tenant.client.patch(`/v1/invoices/${open.id}`, { currency: "EUR", client: "x" }),
      await tenant.client.patch(`/v1/invoices/${draft.id}`, { number: open.number, client: "y" }),
      await tenant.client.post("/v1/invoices", { client: "dup", amount: 1, currency: "USD", due_date: "2026-04-01", number: open.number }),
    ];
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409, 409, 422, 409, 409, 409]);
    expect(await snapshot(tenant.client)).toEqual(before);
    expect(await getInvoice(tenant.client, open.id)).toEqual(open);
    expect(await getInvoice(tenant.client, draft.id)).toEqual(draft);
  });

  it("the event types list publishes the invoice schema", async () => {
    const response = await tenant.client.get("/v1/event_types");
    expect(response.status).toBe(200);
    const invoiceTypes = response.body.data.filter((type: any) => type.name.startsWith("invoice."));
    expect(invoiceTypes.map((type: any) => type.name).sort()).toEqual(
      [
        "invoice.created",
        "invoice.deleted",
        "invoice.finalized",
        "invoice.marked_uncollectible",
        "invoice.overdue",
        "invoice.paid",
        "invoice.payment_recorded",
        "invoice.updated",
        "invoice.voided",
      ].sort(),
    );
    for (const type of invoiceTypes) expect(Object.keys(type.schema.properties)).toContain("days_overdue");
  });
});
