import { beforeEach, describe, expect, it } from "vitest";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { newId } from "../../src/platform/ids.ts";
import { act, createInvoice, getInvoice, invoiceIn, NOW } from "./helpers.ts";

const clock = testClock(NOW);
const t = useTestApp({ clock });

let tenant: Tenant;
beforeEach(async () => {
  // Each test sets its own time, then gets a fresh tenant whose key has never seen a later time.
  clock.set(NOW);
  tenant = await t().tenant();
});

async function listIds(query: string): Promise<string[]> {
  const response = await tenant.client.get(`/v1/invoices?per_page=100&${query}`);
  expect(response.status, response.text).toBe(200);
  expect(response.body.meta.total).toBe(response.body.data.length);
  return response.body.data.map((invoice: any) => invoice.id).sort();
}

async function overdueEvents(id: string): Promise<any[]> {
  const response = await tenant.client.get(`/v1/events?type=invoice.overdue&object_id=${id}`);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

describe("status overdue and days_overdue (computed from the clock, UTC)", () => {
  it("shows an open invoice due before today as overdue with whole days, and nothing else", async () => {
    // Today is 2026-03-10 (UTC).
    const yesterday = await createInvoice(tenant.client, { status: "open", due_date: "2026-03-09" });
    const today = await createInvoice(tenant.client, { status: "open", due_date: "2026-03-10" });
    const tomorrow = await createInvoice(tenant.client, { status: "open", due_date: "2026-03-11" });
    const longAgo = await createInvoice(tenant.client, { status: "open", due_date: "2025-03-10" });
    const lastYearEnd = await createInvoice(tenant.client, { status: "open", due_date: "2026-02-08" });
    expect([yesterday, today, tomorrow, longAgo, lastYearEnd].map((i) => [i.status, i.days_overdue])).toEqual([
      ["overdue", 1],
      ["open", 0],
      ["open", 0],
      ["overdue", 365],
      ["overdue", 30],
    ]);
    // GET agrees with the create response.
    expect(await getInvoice(tenant.client, longAgo.id)).toMatchObject({ status: "overdue", days_overdue: 365 });
  });

  it("never calls a draft, paid, void or uncollectible invoice overdue", async () => {
    const past = { due_date: "2026-01-01" };
    const invoices = [
      await invoiceIn(tenant.client, "draft", past),
      await invoiceIn(tenant.client, "paid", past),
      await invoiceIn(tenant.client, "void", past),
      await invoiceIn(tenant.client, "uncollectible", past),
    ];
    for (const invoice of invoices) {
      const current = await getInvoice(tenant.client, invoice.id);
      expect(current.status).not.toBe("overdue");
      expect(current.days_overdue).toBe(0);
    }
    expect(await listIds("status=overdue")).toEqual([]);
  });

  it("keeps a partly paid overdue invoice overdue, with amount_due reduced", async () => {
    const invoice = await createInvoice(tenant.client, { status: "open", due_date: "2026-03-05", amount: 100 });
    const partial = await act(tenant.client, invoice.id, "pay", { amount: 25 });
    expect(partial).toMatchObject({ status: "overdue", days_overdue: 5, amount_due: 75 });
  });

  it("status=overdue returns exactly the overdue invoices; status=open excludes them", async () => {
    const overdue = [
      await createInvoice(tenant.client, { status: "open", due_date: "2026-03-09" }),
      await createInvoice(tenant.client, { status: "open", due_date: "2025-12-31" }),
    ];
    const open = [
      await createInvoice(tenant.client, { status: "open", due_date: "2026-03-10" }),
      await createInvoice(tenant.client, { status: "open", due_date: "2027-01-01" }),
    ];
    const others = [
      await invoiceIn(tenant.client, "draft", { due_date: "2026-03-01" }),
      await invoiceIn(tenant.client, "paid", { due_date: "2026-03-01" }),
      await invoiceIn(tenant.client, "void", { due_date: "2026-03-01" }),
      await invoiceIn(tenant.client, "uncollectible", { due_date: "2026-03-01" }),
    ];
    const ids = (list: any[]) => list.map((i) => i.id).sort();
    expect(await listIds("status=overdue")).toEqual(ids(overdue));
    const overdueList = await tenant.client.get("/v1/invoices?status=overdue");
    expect(overdueList.body.data.every((i: any) => i.status === "overdue" && i.days_overdue > 0)).toBe(true);
    expect(await listIds("status=open")).toEqual(ids(open));
    expect(await listIds("status=open,overdue")).toEqual(ids([...open, ...overdue]));
    expect(await listIds("status[ne]=overdue")).toEqual(ids([...open, ...others]));
    expect(await listIds("status[ne]=open")).toEqual(ids([...overdue, ...others]));
    expect(await listIds("status=draft,void")).toEqual(ids([others[0], others[2]]));
    expect(await listIds("status=overdue&due_date[gte]=2026-01-01")).toEqual(ids([overdue[0]]));
  });

  it("flips from open to overdue when the clock crosses midnight UTC", async () => {
    const invoice = await createInvoice(tenant.client, { status: "open", due_date: "2026-03-10" });
    clock.set("2026-03-10T23:59:59.999Z");
    expect(await getInvoice(tenant.client, invoice.id)).toMatchObject({ status: "open", days_overdue: 0 });
    expect(await listIds("status=overdue")).toEqual([]);
    expect(await listIds("status=open")).toEqual([invoice.id]);

    clock.set("2026-03-11T00:00:00.000Z");
    expect(await getInvoice(tenant.client, invoice.id)).toMatchObject({ status: "overdue", days_overdue: 1 });
    expect(await listIds("status=overdue")).toEqual([invoice.id]);
    expect(await listIds("status=open")).toEqual([]);

    clock.set("2026-03-12T23:00:00.000Z");
    expect(await getInvoice(tenant.client, invoice.id)).toMatchObject({ status: "overdue", days_overdue: 2 });
    clock.set("2026-04-10T00:00:01.000Z");
    expect(await getInvoice(tenant.client, invoice.id)).toMatchObject({ status: "overdue", days_overdue: 31 });
  });

  it("counts calendar days across month ends and leap days", async () => {
    clock.set("2028-03-01T06:00:00Z");
    const leap = await createInvoice(tenant.client, { status: "open", due_date: "2028-02-28" });
    const yearEnd = await createInvoice(tenant.client, { status: "open", due_date: "2027-12-31" });
    expect(leap).toMatchObject({ status: "overdue", days_overdue: 2 });
    expect(yearEnd).toMatchObject({ status: "overdue", days_overdue: 61 });
  });

  it("uses UTC, not the server's local time zone, for today", async () => {
    const zone = process.env.TZ;
    try {
      // 23:30 UTC on the 10th is already the 11th in UTC+14; it must still be the 10th.
      process.env.TZ = "Pacific/Kiritimati";
      clock.set("2026-03-10T23:30:00Z");
      const invoice = await createInvoice(tenant.client, { status: "open", due_date: "2026-03-10" });
      expect(invoice).toMatchObject({ status: "open", days_overdue: 0 });
      expect(await listIds("status=open")).toEqual([invoice.id]);
      // 00:30 UTC on the 11th is still the 10th in Los Angeles; it must be the 11th.
      process.env.TZ = "America/Los_Angeles";
      clock.set("2026-03-11T00:30:00Z");
      expect(await getInvoice(tenant.client, invoice.id)).toMatchObject({ status: "overdue", days_overdue: 1 });
      expect(await listIds("status=overdue")).toEqual([invoice.id]);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe("scheduler: invoice.overdue", () => {
  it("is emitted once per invoice when it passes its due date, however often the scheduler runs", async () => {
    const late = await createInvoice(tenant.client, { status: "open", due_date: "2026-03-09" });
    const notYet = await createInvoice(tenant.client, { status: "open", due_date: "2026-03-20" });
    const dueToday = await createInvoice(tenant.client, { status: "open", due_date: "2026-03-10" });
    expect(await overdueEvents(late.id)).toEqual([]);

    await t().scheduler.tick();
    const events = await overdueEvents(late.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: "invoice.overdue",
      org_id: tenant.orgId,
      timestamp: clock().toISOString(),
      request: { id: null, idempotency_key: null },
    });
    expect(events[0].data.object).toEqual(await getInvoice(tenant.client, late.id));
    expect(events[0].data.object).toMatchObject({ status: "overdue", days_overdue: 1 });
    expect(await overdueEvents(notYet.id)).toEqual([]);
    expect(await overdueEvents(dueToday.id)).toEqual([]);

    await t().scheduler.tick();
    clock.advance(3_600_000);
    await t().scheduler.tick();
    expect(await overdueEvents(late.id)).toHaveLength(1);

    // The next day the invoice due today has passed; the one already reported is not reported again.
    clock.set("2026-03-11T00:00:05Z");
    await t().scheduler.tick();
    expect(await overdueEvents(dueToday.id)).toHaveLength(1);
    expect(await overdueEvents(late.id)).toHaveLength(1);
    expect(await overdueEvents(notYet.id)).toEqual([]);

    clock.set("2026-03-21T09:00:00Z");
    await t().scheduler.tick();
    await t().scheduler.tick();
    expect(await overdueEvents(notYet.id)).toHaveLength(1);
    const all = await tenant.client.get("/v1/events?type=invoice.overdue");
    expect(all.body.meta.total).toBe(3);
  });

  it("is emitted for neither drafts nor closed invoices, and for a draft once it is finalized", async () => {
    const past = { due_date: "2026-03-01" };
    const draft = await invoiceIn(tenant.client, "draft", past);
    const closed = [
      await invoiceIn(tenant.client, "paid", past),
      await invoiceIn(tenant.client, "void", past),
      await invoiceIn(tenant.client, "uncollectible", past),
    ];
    await t().scheduler.tick();
    for (const invoice of [draft, ...closed]) expect(await overdueEvents(invoice.id)).toEqual([]);
    await act(tenant.client, draft.id, "finalize");
    await t().scheduler.tick();
    await t().scheduler.tick();
    expect(await overdueEvents(draft.id)).toHaveLength(1);
    expect((await tenant.client.get("/v1/events?type=invoice.overdue")).body.meta.total).toBe(1);
  });

  it("is emitted again only after the due date is moved forward and passes again", async () => {
    const invoice = await createInvoice(tenant.client, { status: "open", due_date: "2026-03-05" });
    await t().scheduler.tick();
    expect(await overdueEvents(invoice.id)).toHaveLength(1);

    // Moved back: still overdue, already reported.
    let patched = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { due_date: "2026-03-01" });
    expect(patched.body.status).toBe("overdue");
    await t().scheduler.tick();
    expect(await overdueEvents(invoice.id)).toHaveLength(1);

    // Moved forward but still in the past: it never stopped being overdue, nothing new passed.
    patched = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { due_date: "2026-03-08" });
    expect(patched.body).toMatchObject({ status: "overdue", days_overdue: 2 });
    await t().scheduler.tick();
    expect(await overdueEvents(invoice.id)).toHaveLength(1);

    // Moved into the future: open again, and nothing until that date passes.
    patched = await tenant.client.patch(`/v1/invoices/${invoice.id}`, { due_date: "2026-03-15" });
    expect(patched.body).toMatchObject({ status: "open", days_overdue: 0 });
    await t().scheduler.tick();
    expect(await overdueEvents(invoice.id)).toHaveLength(1);
    clock.set("2026-03-15T12:00:00Z");
    await t().scheduler.tick();
    expect(await overdueEvents(invoice.id)).toHaveLength(1);

    clock.set("2026-03-16T00:00:01Z");
    await t().scheduler.tick();
    await t().scheduler.tick();
    const events = await overdueEvents(invoice.id);
    expect(events).toHaveLength(2);
    // Newest first.
    expect(events[0].data.object).toMatchObject({ due_date: "2026-03-15", status: "overdue", days_overdue: 1 });
    expect(events[1].data.object).toMatchObject({ due_date: "2026-03-05" });
  });

  it("reports invoices of every organization, each in its own event stream", async () => {
    const other = await t().tenant();
    const mine = await createInvoice(tenant.client, { status: "open", due_date: "2026-03-02" });
    const theirs = await createInvoice(other.client, { status: "open", due_date: "2026-03-03" });
    await t().scheduler.tick();
    expect(await overdueEvents(mine.id)).toHaveLength(1);
    expect(await overdueEvents(theirs.id)).toEqual([]); // not visible to this tenant
    const theirEvents = await other.client.get(`/v1/events?type=invoice.overdue&object_id=${theirs.id}`);
    expect(theirEvents.body.data).toHaveLength(1);
    expect(theirEvents.body.data[0].org_id).toBe(other.orgId);
  });

  it("handles more overdue invoices than one batch", async () => {
    // The job claims 500 at a time; 520 overdue invoices need two batches, each reported once.
    const { database } = t();
    const ids = Array.from({ length: 520 }, () => newId("invoice"));
    const values = ids.map((id, i) => `('${tenant.orgId}', '${id}', 'BULK-${i}', 'Bulk', 10000, 'USD', 'open', '2026-02-01', now(), now())`);
    await database.exec(
      `INSERT INTO invoices (org_id, id, number, client, amount_cents, currency, status, due_date, created_at, updated_at) VALUES ${values.join(",")}`,
    );
    await t().scheduler.tick();
    await t().scheduler.tick();
    const events = await tenant.client.get("/v1/events?type=invoice.overdue&per_page=1");
    expect(events.body.meta.total).toBe(520);
    for (const id of [ids[0]!, ids[499]!, ids[500]!, ids[519]!]) expect(await overdueEvents(id)).toHaveLength(1);
  });
});
