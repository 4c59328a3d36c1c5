import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { functionInvocations, functionRuns } from "../../src/functions/functions-table.ts";
import { createTriggerDispatcher } from "../../src/functions/trigger-dispatcher.ts";
import { act, createInvoice } from "../finance/helpers.ts";
import { createContact, createDeal } from "../growth/helpers.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Client } from "../helpers/harness.ts";
import { deploy, deployVersion } from "../helpers/functions.ts";

// Event-triggered functions: a run per (matching event, function), written with
// the event; the trigger dispatcher (not started here: runOnce() drives it)
// calls event(event, ctx) and retries failures on the webhook schedule.

const clock = testClock("2026-03-10T12:00:00.000Z");
const t = useTestApp({ clock });

/** The webhook retry schedule (seconds) failed runs follow, each delay with ±10 % jitter. */
const SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400];
const SECOND = 1000;
const DAY = 86_400 * SECOND;
const EVENT_ID = /^evt_[0-7][0-9a-hjkmnp-tv-z]{25}$/;

/** Logs the event it is handed, as JSON, and the ctx fields that describe the trigger. */
const ECHO = `export default {
  async event(event, ctx) {
    console.log(JSON.stringify(event));
    console.log(JSON.stringify({ caller: ctx.caller, function: ctx.function, org: ctx.org }));
  },
};`;

/** Always throws. */
const THROWS = `export default {
  async event(event) {
    throw new Error("boom on " + event.type);
  },
};`;

/** A function's invocations (newest first), filtered by a query string ("trigger=event&..."). */
async function invocations(client: Client, name: string, query = ""): Promise<any[]> {
  const response = await client.get(`/v1/functions/${name}/invocations?per_page=100${query ? `&${query}` : ""}`);
  expect(response.status, response.text).toBe(200);
  expect(response.body.meta.total).toBe(response.body.data.length);
  return response.body.data;
}

/** The tenant's events, oldest first. */
async function events(client: Client, query = ""): Promise<any[]> {
  const response = await client.get(`/v1/events?per_page=100&sort=timestamp${query ? `&${query}` : ""}`);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

async function eventOf(client: Client, objectId: string, type: string): Promise<any> {
  const found = (await events(client, `object_id=${objectId}&type=${type}`)).filter((e) => e.type === type);
  expect(found, `${type} events about ${objectId}`).toHaveLength(1);
  return found[0];
}

/** function.invocation_failed events about one function, oldest first. */
async function failureEvents(client: Client, functionId: string): Promise<any[]> {
  return (await events(client, "type=function.invocation_failed")).filter((e) => e.data.object.function_id === functionId);
}

/** One round of the trigger dispatcher: how many runs it claimed. */
const runOnce = () => t().functionRuns.runOnce();

/** The function_runs rows of one function, read straight from the database. */
async function runsOf(functionId: string) {
  return t().database.db.select().from(functionRuns).where(eq(functionRuns.functionId, functionId)).orderBy(functionRuns.createdAt, functionRuns.id);
}

async function runById(orgId: string, id: string) {
  const [row] = await t()
    .database.db.select()
    .from(functionRuns)
    .where(and(eq(functionRuns.orgId, orgId), eq(functionRuns.id, id)));
  return row;
}

const sorted = (values: Iterable<string>) => [...values].sort();

// Every test leaves nothing due, so runOnce() counts only the runs of the test that calls it.
afterEach(async () => {
  await t().database.db.delete(functionRuns).where(sql`${functionRuns.status} IN ('pending', 'failed')`);
});

describe("which events run a function", () => {
  it("runs a function once per matching event, handing it the event as GET /v1/events/{id} shows it", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const fn = await deploy(c, { name: "on-invoice", source: ECHO, triggers: { http: false, events: ["invoice.created"] } });
    expect(fn.triggers).toEqual({ http: false, events: ["invoice.created"] });

    const created = [await createInvoice(c, { client: "One" }), await createInvoice(c, { client: "Two" }), await createInvoice(c, { client: "Three" })];
    const evts = await Promise.all(created.map((invoice) => eventOf(c, invoice.id, "invoice.created")));
    const eventIds = evts.map((e) => e.id);

    // The runs were written with the events: one per event, pending, due now.
    const pending = await runsOf(fn.id);
    expect(sorted(pending.map((r) => r.eventId))).toEqual(sorted(eventIds));
    for (const run of pending) {
      expect(run).toMatchObject({
        orgId: tenant.orgId,
        functionId: fn.id,
        eventType: "invoice.created",
        status: "pending",
        attemptCount: 0,
        claimedUntil: null,
      });
      expect(run.nextAttemptAt!.getTime()).toBeLessThanOrEqual(clock().getTime());
    }
    // Nothing has run before the dispatcher does.
    expect(await invocations(c, "on-invoice")).toEqual([]);

    expect(await runOnce()).toBe(3);

    const logged = await invocations(c, "on-invoice");
    expect(logged).toHaveLength(3);
    expect(sorted(logged.map((i) => i.event_id))).toEqual(sorted(eventIds));
    const runIdByEvent = new Map(pending.map((r) => [r.eventId, r.id]));
    for (const invocation of logged) {
      expect(invocation).toMatchObject({
        object: "function_invocation",
        function_id: fn.id,
        function_name: "on-invoice",
        version: 1,
        trigger: "event",
        run_id: runIdByEvent.get(invocation.event_id),
        method: null,
        response_status: null,
        status: "ok",
        error: null,
        logs_truncated: false,
      });
      expect(invocation.logs).toHaveLength(2);
      // The event handed in is exactly the event the API serves.
      const served = await c.get(`/v1/events/${invocation.event_id}`);
      expect(served.status).toBe(200);
      const handed = JSON.parse(invocation.logs[0].message);
      expect(handed).toEqual(served.body);
      expect(handed).toMatchObject({ id: invocation.event_id, type: "invoice.created", org_id: tenant.orgId, api_version: "v1" });
      expect(created.map((i) => i.id)).toContain(handed.data.object.id);
      expect(handed.data.object).toEqual(created.find((i) => i.id === handed.data.object.id));
      // ctx says what triggered it.
      expect(JSON.parse(invocation.logs[1].message)).toEqual({
        caller: { type: "event", id: invocation.event_id, event_type: "invoice.created" },
        function: { id: fn.id, name: "on-invoice", version: 1 },
        org: { id: tenant.orgId, name: expect.any(String), plan: "enterprise" },
      });
    }

    for (const run of await runsOf(fn.id)) {
      expect(run).toMatchObject({ status: "succeeded", attemptCount: 1, nextAttemptAt: null, claimedUntil: null });
    }
    // Once succeeded, never again.
    clock.advance(DAY);
    expect(await runOnce()).toBe(0);
    expect(await invocations(c, "on-invoice")).toHaveLength(3);
    expect(await failureEvents(c, fn.id)).toEqual([]);
  });

  it("does not run on events its patterns do not match; invoice.* takes every invoice event", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const fn = await deploy(c, { name: "invoices", source: ECHO, triggers: { http: false, events: ["invoice.*"] } });

    await createContact(c, { first_name: "Not an invoice" });
    expect(await runsOf(fn.id)).toEqual([]);
    expect(await runOnce()).toBe(0);
    expect(await invocations(c, "invoices")).toEqual([]);

    // created, then finalized and paid: each invoice event runs it once.
    const invoice = await createInvoice(c);
    await act(c, invoice.id, "finalize");
    await act(c, invoice.id, "pay", { amount: 100 });
    const about = await events(c, `object_id=${invoice.id}`);
    expect(about.map((e) => e.type)).toEqual(expect.arrayContaining(["invoice.created", "invoice.finalized", "invoice.paid"]));
    expect(about.every((e) => e.type.startsWith("invoice."))).toBe(true);

    expect(await runOnce()).toBe(about.length);
    const logged = await invocations(c, "invoices");
    expect(sorted(logged.map((i) => i.event_id))).toEqual(sorted(about.map((e) => e.id)));
    expect(logged.every((i) => i.status === "ok" && i.trigger === "event")).toBe(true);
    // And each saw its own event.
    for (const invocation of logged) expect(JSON.parse(invocation.logs[0].message).id).toBe(invocation.event_id);
  });

  it("'*' takes every event but function.* ones, 'deal.*' only deal events", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const all = await deploy(c, { name: "everything", source: ECHO, triggers: { http: false, events: ["*"] } });
    const deals = await deploy(c, { name: "deals", source: ECHO, triggers: { http: false, events: ["deal.*"] } });
    const before = new Set((await events(c)).map((e) => e.id));

    const contact = await createContact(c, { first_name: "Dana" });
    const deal = await createDeal(c, { name: "Big one", amount: 5000 });
    const patched = await c.patch(`/v1/deals/${deal.id}`, { name: "Bigger one" });
    expect(patched.status, patched.text).toBe(200);
    await createInvoice(c);
    await tenant.newKey("read_only");
    await deployVersion(c, "deals", { source: ECHO }); // function.deployed: never a trigger

    const after = (await events(c)).filter((e) => !before.has(e.id));
    const types = after.map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["contact.created", "deal.created", "deal.updated", "invoice.created", "api_key.created", "function.deployed"]),
    );
    const notFunction = after.filter((e) => !e.type.startsWith("function."));
    const dealEvents = after.filter((e) => e.type.startsWith("deal."));
    expect(dealEvents.map((e) => e.data.object.id)).toEqual(dealEvents.map(() => deal.id));

    expect(await runOnce()).toBe(notFunction.length + dealEvents.length);
    expect(sorted((await invocations(c, "everything")).map((i) => i.event_id))).toEqual(sorted(notFunction.map((e) => e.id)));
    expect(sorted((await invocations(c, "deals")).map((i) => i.event_id))).toEqual(sorted(dealEvents.map((e) => e.id)));
    expect((await invocations(c, "everything")).find((i) => JSON.parse(i.logs[0].message).data.object.id === contact.id)).toBeDefined();
    // Function events were never written as runs.
    for (const id of [all.id, deals.id]) expect((await runsOf(id)).filter((r) => r.eventType.startsWith("function."))).toEqual([]);
  });

  it("never runs another tenant's functions on this tenant's events", async () => {
    const mine = await t().tenant();
    const theirs = await t().tenant();
    const their = await deploy(theirs.client, { name: "mirror", source: ECHO, triggers: { http: false, events: ["*"] } });
    const my = await deploy(mine.client, { name: "mirror", source: ECHO, triggers: { http: false, events: ["*"] } });
    const before = new Set((await events(mine.client)).map((e) => e.id));

    const invoice = await createInvoice(mine.client);
    await createContact(mine.client, { first_name: "Mine" });
    const minePosted = (await events(mine.client)).filter((e) => !before.has(e.id));
    expect(minePosted.map((e) => e.type).sort()).toEqual(["contact.created", "invoice.created"]);

    expect(await runsOf(their.id)).toEqual([]);
    expect(await runOnce()).toBe(minePosted.length);
    expect(await invocations(theirs.client, "mirror")).toEqual([]);
    const logged = await invocations(mine.client, "mirror");
    expect(sorted(logged.map((i) => i.event_id))).toEqual(sorted(minePosted.map((e) => e.id)));
    for (const invocation of logged) expect(JSON.parse(invocation.logs[0].message).org_id).toBe(mine.orgId);
    expect(logged.some((i) => JSON.parse(i.logs[0].message).data.object.id === invoice.id)).toBe(true);
    // The other tenant's event cannot even be named in their log filter.
    expect(await invocations(theirs.client, "mirror", `event_id=${logged[0].event_id}`)).toEqual([]);
    expect(my.id).not.toBe(their.id);
  });

  // A function reads with its deployer's permissions: a finance key's "*" means every event a finance key may see.
  it("an engine key's function never sees the events of engines the key cannot read", async () => {
    const tenant = await t().tenant();
    const finance = await tenant.newKey("engine", { engines: ["finance"] });
    // The key itself cannot see growth events...
    const contact = await createContact(tenant.client, { first_name: "Secret" });
    const contactEvent = await eventOf(tenant.client, contact.id, "contact.created");
    expectProblem(await finance.client.get(`/v1/events/${contactEvent.id}`), 404, "not_found");

    // ...so a function it deploys may not subscribe to them: refused, naming the pattern and the permission.
    for (const events of [["*"], ["contact.*"], ["invoice.*", "contact.created"]]) {
      const refused = await finance.client.post("/v1/functions", { name: "snoop", source: ECHO, triggers: { http: false, events } });
      expectProblem(refused, 403, "insufficient_permission");
      expect(refused.body.missing_permissions).toContain("growth:read");
      expect(refused.body.pattern).toBe(events.find((p) => p === "*" || p.startsWith("contact")));
    }
    expect((await finance.client.get("/v1/functions/snoop")).status).toBe(404);
    const deployed = await finance.client.post("/v1/functions", { name: "snoop", source: ECHO, triggers: { http: false, events: ["invoice.*"] } });
    expect(deployed.status).toBe(201);
    // Nor widen them in a new version.
    const widened = await finance.client.post("/v1/functions/snoop/versions", { source: ECHO, triggers: { http: false, events: ["invoice.*", "deal.*"] } });
    expectProblem(widened, 403, "insufficient_permission");
    const later = await createContact(tenant.client, { first_name: "Also secret", email: "secret@mail.example" });
    const invoice = await createInvoice(tenant.client);
    await runOnce();
    const seen = (await invocations(finance.client, "snoop")).map((i) => JSON.parse(i.logs[0].message));
    expect(seen.map((e) => e.data.object.id)).toContain(invoice.id);
    expect(seen.map((e) => e.data.object.id)).not.toContain(later.id);
    expect(seen.filter((e) => e.type.startsWith("contact."))).toEqual([]);
  });
});

describe("ctx in event handlers", () => {
  it("reads the invoice the event is about through ctx.engines", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    await deploy(c, {
      name: "reader",
      source: `export default {
        async event(event, ctx) {
          const invoice = await ctx.engines.finance.invoices.get(event.data.object.id);
          console.log(JSON.stringify(invoice));
        },
      };`,
      triggers: { http: false, events: ["invoice.created"] },
    });
    const invoice = await createInvoice(c, { client: "Read me", amount: 321.5 });
    expect(await runOnce()).toBe(1);
    const [invocation] = await invocations(c, "reader");
    expect(invocation.status, JSON.stringify(invocation.error)).toBe("ok");
    const served = await c.get(`/v1/invoices/${invoice.id}`);
    expect(JSON.parse(invocation.logs[0].message)).toEqual(served.body);
    expect(JSON.parse(invocation.logs[0].message)).toMatchObject({ id: invoice.id, client: "Read me", amount: 321.5 });
  });
});

describe("failures and retries", () => {
  it("retries a failing handler on the webhook schedule until the run is exhausted, with a failure event per attempt", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const fn = await deploy(c, { name: "always-fails", source: THROWS, triggers: { http: false, events: ["invoice.created"] } });
    const invoice = await createInvoice(c);
    const event = await eventOf(c, invoice.id, "invoice.created");
    const [run] = await runsOf(fn.id);

    expect(await runOnce()).toBe(1);
    const [first] = await invocations(c, "always-fails");
    expect(first).toMatchObject({
      trigger: "event",
      event_id: event.id,
      run_id: run!.id,
      status: "error",
      error: { name: "Error", message: "boom on invoice.created" },
    });
    expect(first.error.stack).toContain("boom on invoice.created");

    // Not due again before its delay.
    expect(await runOnce()).toBe(0);

    for (let attempt = 1; attempt <= SCHEDULE.length; attempt++) {
      const row = (await runById(tenant.orgId, run!.id))!;
      expect(row).toMatchObject({ status: "failed", attemptCount: attempt, claimedUntil: null });
      const delayMs = row.nextAttemptAt!.getTime() - clock().getTime();
      const base = SCHEDULE[attempt - 1]! * SECOND;
      expect(delayMs, `delay after attempt ${attempt}`).toBeGreaterThanOrEqual(base * 0.9 - 1);
      expect(delayMs, `delay after attempt ${attempt}`).toBeLessThanOrEqual(base * 1.1 + 1);
      // A moment before it is due, nothing runs; once due, it runs once.
      clock.advance(delayMs - SECOND);
      expect(await runOnce()).toBe(0);
      clock.advance(2 * SECOND);
      expect(await runOnce(), `attempt ${attempt + 1}`).toBe(1);
      expect(await invocations(c, "always-fails")).toHaveLength(attempt + 1);
    }

    expect(await runById(tenant.orgId, run!.id)).toMatchObject({ status: "exhausted", attemptCount: 10, nextAttemptAt: null, claimedUntil: null });
    clock.advance(7 * DAY);
    expect(await runOnce()).toBe(0);

    const logged = await invocations(c, "always-fails");
    expect(logged).toHaveLength(10);
    expect(logged.every((i) => i.status === "error" && i.event_id === event.id && i.run_id === run!.id && i.trigger === "event")).toBe(true);
    // One function.invocation_failed per failed attempt, each carrying its invocation.
    const failures = await failureEvents(c, fn.id);
    expect(failures).toHaveLength(10);
    expect(sorted(failures.map((e) => e.data.object.id))).toEqual(sorted(logged.map((i) => i.id)));
    for (const failure of failures) {
      expect(failure.data.object).toEqual(logged.find((i) => i.id === failure.data.object.id));
    }
    // No failure ever fed a function: no run exists for a function.* event, here or anywhere.
    expect(await runsOf(fn.id)).toHaveLength(1);
    expect(await t().database.db.select().from(functionRuns).where(sql`${functionRuns.eventType} LIKE 'function.%'`)).toEqual([]);
  });

  it("a run that fails and then succeeds (a fixed version deployed meanwhile) is not tried again", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const source = `export default {
      async event(event, ctx) {
        if (ctx.env.FAIL === "yes") throw new Error("configured to fail");
        console.log("handled", event.id);
      },
    };`;
    const fn = await deploy(c, { name: "flaky", source, env: { FAIL: "yes" }, triggers: { http: false, events: ["invoice.created"] } });
    const invoice = await createInvoice(c);
    const event = await eventOf(c, invoice.id, "invoice.created");

    expect(await runOnce()).toBe(1);
    const [failed] = await invocations(c, "flaky");
    expect(failed).toMatchObject({ version: 1, status: "error", event_id: event.id, error: { message: "configured to fail" } });

    await deployVersion(c, "flaky", { source, env: { FAIL: "no" } });
    clock.advance(6 * SECOND);
    expect(await runOnce()).toBe(1);
    const logged = await invocations(c, "flaky", "sort=started_at");
    expect(logged).toHaveLength(2);
    expect(logged[1]).toMatchObject({ version: 2, status: "ok", event_id: event.id, run_id: failed.run_id, error: null });
    expect(logged[1].logs.map((l: any) => l.message)).toEqual([`handled ${event.id}`]);
    expect(await runById(tenant.orgId, failed.run_id)).toMatchObject({ status: "succeeded", attemptCount: 2, nextAttemptAt: null });

    clock.advance(3 * DAY);
    expect(await runOnce()).toBe(0);
    expect(await invocations(c, "flaky")).toHaveLength(2);
    const failures = await failureEvents(c, fn.id);
    expect(failures.map((e) => e.data.object.id)).toEqual([failed.id]);
  });

  it("a handler over its CPU limit, or its wall time, counts as a failure and is retried", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const spin = await deploy(c, {
      name: "spin",
      source: `export default { event() { for (;;) {} } };`,
      limits: { cpu_ms: 50 },
      triggers: { http: false, events: ["invoice.created"] },
    });
    const sleep = await deploy(c, {
      name: "sleepy",
      source: `export default { event() { return new Promise((resolve) => setTimeout(resolve, 60000)); } };`,
      limits: { timeout_ms: 300 },
      triggers: { http: false, events: ["invoice.created"] },
    });
    const invoice = await createInvoice(c);
    const event = await eventOf(c, invoice.id, "invoice.created");

    expect(await runOnce()).toBe(2);
    const [cpu] = await invocations(c, "spin");
    expect(cpu).toMatchObject({
      status: "cpu_limit",
      event_id: event.id,
      error: { name: "LimitExceeded", message: "the invocation used more than its CPU limit of 50 ms" },
    });
    expect(cpu.cpu_ms).toBeGreaterThan(50);
    const [slow] = await invocations(c, "sleepy");
    expect(slow).toMatchObject({
      status: "timeout",
      event_id: event.id,
      error: { name: "LimitExceeded", message: "the invocation ran past its wall-time limit of 300 ms" },
    });
    expect(await runById(tenant.orgId, cpu.run_id)).toMatchObject({ status: "failed", attemptCount: 1 });
    expect(await runById(tenant.orgId, slow.run_id)).toMatchObject({ status: "failed", attemptCount: 1 });
    expect((await failureEvents(c, spin.id)).map((e) => e.data.object)).toEqual([cpu]);
    expect((await failureEvents(c, sleep.id)).map((e) => e.data.object)).toEqual([slow]);

    clock.advance(6 * SECOND);
    expect(await runOnce()).toBe(2);
    expect((await invocations(c, "spin")).map((i) => i.status)).toEqual(["cpu_limit", "cpu_limit"]);
    expect((await invocations(c, "sleepy")).map((i) => i.status)).toEqual(["timeout", "timeout"]);
    expect(await runById(tenant.orgId, cpu.run_id)).toMatchObject({ status: "failed", attemptCount: 2 });
    expect(await failureEvents(c, spin.id)).toHaveLength(2);

    // The sandbox is still fine for others afterwards.
    await deploy(c, { name: "after", source: ECHO, triggers: { http: false, events: ["contact.created"] } });
    await createContact(c, { first_name: "After" });
    expect(await runOnce()).toBe(1);
    expect((await invocations(c, "after")).map((i) => i.status)).toEqual(["ok"]);
  });

  it("function.* events never trigger a function subscribed to '*', so failures cannot feed themselves", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const fn = await deploy(c, { name: "loop-guard", source: THROWS, triggers: { http: false, events: ["*"] } });
    await deploy(c, { name: "other", source: `export default { fetch() { return "hi"; } };` });
    const contact = await createContact(c, { first_name: "Trigger" });
    const event = await eventOf(c, contact.id, "contact.created");

    expect(await runOnce()).toBe(1);
    expect((await failureEvents(c, fn.id)).length).toBe(1);
    // The failure event, the deploys and a delete are all events of this tenant, and none is a run.
    await deployVersion(c, "loop-guard", { source: THROWS });
    const deleted = await c.delete("/v1/functions/other");
    expect(deleted.status).toBe(200);
    const types = (await events(c)).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["function.deployed", "function.invocation_failed", "function.deleted"]));
    expect(await runOnce()).toBe(0);
    expect((await runsOf(fn.id)).map((r) => r.eventId)).toEqual([event.id]);

    // The retry fails again: one more failure event, still no new run.
    clock.advance(6 * SECOND);
    expect(await runOnce()).toBe(1);
    expect(await runOnce()).toBe(0);
    expect((await failureEvents(c, fn.id)).length).toBe(2);
    expect((await runsOf(fn.id)).map((r) => r.eventId)).toEqual([event.id]);
    const logged = await invocations(c, "loop-guard");
    expect(logged.map((i) => i.event_id)).toEqual([event.id, event.id]);
    expect(logged.map((i) => i.version)).toEqual([2, 1]);
  });
});

describe("what a deploy, rollback or delete does to triggers", () => {
  it("a new version's triggers replace the old ones; a rollback restores them", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const fn = await deploy(c, { name: "switch", source: ECHO, triggers: { http: false, events: ["invoice.created"] } });

    const v2 = await deployVersion(c, "switch", { source: ECHO, triggers: { events: ["contact.created"] } });
    expect(v2).toMatchObject({ active_version: 2, triggers: { http: false, events: ["contact.created"] } });
    const invoiceA = await createInvoice(c);
    const contactA = await createContact(c, { first_name: "A" });
    expect((await runsOf(fn.id)).map((r) => r.eventType)).toEqual(["contact.created"]);
    expect(await runOnce()).toBe(1);
    const afterV2 = await invocations(c, "switch");
    expect(afterV2).toHaveLength(1);
    expect(afterV2[0]).toMatchObject({ version: 2, status: "ok", event_id: (await eventOf(c, contactA.id, "contact.created")).id });

    // Settings left out carry over: a version deployed without triggers keeps contact.created.
    const v3 = await deployVersion(c, "switch", { source: ECHO });
    expect(v3.triggers).toEqual({ http: false, events: ["contact.created"] });

    const rolled = await c.post("/v1/functions/switch/rollback", { version: 1 });
    expect(rolled.status, rolled.text).toBe(200);
    expect(rolled.body).toMatchObject({ active_version: 1, latest_version: 3, triggers: { http: false, events: ["invoice.created"] } });
    expect((await c.get("/v1/functions/switch")).body.triggers).toEqual({ http: false, events: ["invoice.created"] });
    await createContact(c, { first_name: "B" });
    const invoiceB = await createInvoice(c);
    expect(await runOnce()).toBe(1);
    const latest = (await invocations(c, "switch"))[0];
    expect(latest).toMatchObject({ version: 1, status: "ok", event_id: (await eventOf(c, invoiceB.id, "invoice.created")).id });
    expect((await invocations(c, "switch")).map((i) => i.event_id)).not.toContain((await eventOf(c, invoiceA.id, "invoice.created")).id);

    // Rolling forward again brings contact.created back.
    const forward = await c.post("/v1/functions/switch/rollback", { version: 2 });
    expect(forward.body.triggers.events).toEqual(["contact.created"]);
    const contactC = await createContact(c, { first_name: "C" });
    await createInvoice(c);
    expect(await runOnce()).toBe(1);
    expect((await invocations(c, "switch"))[0]).toMatchObject({ version: 2, event_id: (await eventOf(c, contactC.id, "contact.created")).id });
  });

  // A run pending from v1 is not run by a v2 that no longer takes its event (nor retried for days).
  it("a version that drops the event trigger does not fail the runs still pending from before", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const fn = await deploy(c, { name: "retire", source: ECHO, triggers: { http: false, events: ["invoice.created"] } });
    await createInvoice(c);
    expect(await runsOf(fn.id)).toHaveLength(1);
    // The new version answers HTTP only and has no event() handler.
    await deployVersion(c, "retire", { source: `export default { fetch() { return { ok: true }; } };`, triggers: { http: true, events: [] } });
    await runOnce();
    await createInvoice(c);
    expect(await runsOf(fn.id)).toHaveLength(1);
    const failed = (await invocations(c, "retire")).filter((i) => i.status !== "ok");
    expect(failed.map((i) => i.error)).toEqual([]);
    expect(await failureEvents(c, fn.id)).toEqual([]);
  });

  it("deleting a function removes its pending and failed runs; the dispatcher then runs nothing", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const fn = await deploy(c, { name: "doomed", source: THROWS, triggers: { http: false, events: ["invoice.created"] } });
    await createInvoice(c);
    expect(await runOnce()).toBe(1); // failed, retry due in ~5 s
    await createInvoice(c); // pending
    expect((await runsOf(fn.id)).map((r) => r.status).sort()).toEqual(["failed", "pending"]);

    const deleted = await c.delete("/v1/functions/doomed");
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ id: fn.id, object: "function", deleted: true });
    expect(await runsOf(fn.id)).toEqual([]);

    clock.advance(10 * SECOND);
    expect(await runOnce()).toBe(0);
    expectProblem(await c.get("/v1/functions/doomed/invocations"), 404, "not_found");
    // Events after the delete leave no run either.
    await createInvoice(c);
    expect(await runsOf(fn.id)).toEqual([]);
    expect(await runOnce()).toBe(0);
  });
});

describe("at-least-once", () => {
  // Deleting a function takes its logs with it, including the outcome of a run in flight at the time.
  it("a function deleted while its run is in flight leaves no invocation row behind", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const fn = await deploy(c, { name: "racy", source: THROWS, triggers: { http: false, events: ["invoice.created"] } });
    await createInvoice(c);
    const real = t().app.functionInvoker;
    let deletedStatus = 0;
    const racing = createTriggerDispatcher({
      database: t().database,
      invoker: {
        invokeForEvent: async (...args: Parameters<typeof real.invokeForEvent>) => {
          const result = await real.invokeForEvent(...args);
          deletedStatus = (await c.delete("/v1/functions/racy")).status;
          return result;
        },
      } as never,
      clock,
      log: { error() {} },
    });
    expect(await racing.runOnce()).toBe(1);
    expect(deletedStatus).toBe(200);
    expect(await runsOf(fn.id)).toEqual([]);
    const left = await t()
      .database.db.select()
      .from(functionInvocations)
      .where(and(eq(functionInvocations.orgId, tenant.orgId), eq(functionInvocations.functionId, fn.id)));
    expect(left).toEqual([]);
  });

  it("a run claimed by a dispatcher that died is run again once its lease has expired", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const fn = await deploy(c, { name: "lease", source: ECHO, triggers: { http: false, events: ["invoice.created"] } });
    const invoice = await createInvoice(c);
    const event = await eventOf(c, invoice.id, "invoice.created");
    const [run] = await runsOf(fn.id);

    // A dispatcher that claims, then dies before it records anything.
    const dying = createTriggerDispatcher({
      database: t().database,
      invoker: {
        invokeForEvent: async () => {
          throw new Error("the process died");
        },
      } as never,
      clock,
      log: { error() {} },
    });
    expect(await dying.runOnce()).toBe(1);
    const claimed = (await runById(tenant.orgId, run!.id))!;
    expect(claimed).toMatchObject({ status: "pending", attemptCount: 0 });
    expect(claimed.claimedUntil!.getTime()).toBeGreaterThan(clock().getTime());

    // While the lease holds, nobody else takes it.
    expect(await runOnce()).toBe(0);
    clock.advance(2 * SECOND);
    expect(await runOnce()).toBe(0);
    expect(await invocations(c, "lease")).toEqual([]);

    // The lease runs out (set in the past directly): the next round claims and runs it.
    await t().database.db.execute(
      sql`UPDATE function_runs SET claimed_until = ${new Date(clock().getTime() - SECOND).toISOString()}::timestamptz WHERE org_id = ${tenant.orgId} AND id = ${run!.id}`,
    );
    expect(await runOnce()).toBe(1);
    const [invocation] = await invocations(c, "lease");
    expect(invocation).toMatchObject({ status: "ok", event_id: event.id, run_id: run!.id });
    expect(await runById(tenant.orgId, run!.id)).toMatchObject({ status: "succeeded", attemptCount: 1, claimedUntil: null });

    // The same without touching the row: the clock passes the default lease (5 s; renewed only while a run is in flight).
    await createInvoice(c);
    expect(await dying.runOnce()).toBe(1);
    clock.advance(4 * SECOND);
    expect(await runOnce()).toBe(0);
    clock.advance(2 * SECOND);
    expect(await runOnce()).toBe(1);
    expect((await invocations(c, "lease")).map((i) => i.status)).toEqual(["ok", "ok"]);
  });

  it("two dispatchers running at once never both claim the same run", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const fn = await deploy(c, { name: "once", source: ECHO, triggers: { http: false, events: ["invoice.created"] } });
    for (let i = 0; i < 6; i++) await createInvoice(c, { client: `Client ${i}` });
    const other = createTriggerDispatcher({ database: t().database, invoker: t().app.functionInvoker, clock, log: { error() {} }, batch: 4 });
    const counts = await Promise.all([runOnce(), other.runOnce(), runOnce()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    const logged = await invocations(c, "once");
    expect(logged).toHaveLength(6);
    expect(new Set(logged.map((i) => i.run_id)).size).toBe(6);
    expect((await runsOf(fn.id)).every((r) => r.status === "succeeded" && r.attemptCount === 1)).toBe(true);
  });
});

describe("HTTP and the invocation log", () => {
  it("a function with event triggers and http false answers 409 to HTTP invocations", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    await deploy(c, { name: "events-only", source: ECHO, triggers: { http: false, events: ["invoice.created"] } });
    for (const method of ["POST", "GET"]) {
      const answer = await c.request(method, "/v1/functions/events-only/invoke", method === "POST" ? { body: { a: 1 } } : {});
      const problem = expectProblem(answer, 409, "conflict");
      expect(problem.detail).toContain("triggers.http is false");
    }
    expect(await invocations(c, "events-only")).toEqual([]);
  });

  it("deploying event triggers checks the patterns and the event() handler", async () => {
    const c = (await t().tenant()).client;
    const unknown = await c.post("/v1/functions", {
      name: "bad-pattern",
      source: ECHO,
      triggers: { http: false, events: ["invoice.created", "invoice.exploded"] },
    });
    const problem = expectProblem(unknown, 400, "validation_failed");
    expect(problem.errors).toEqual([expect.objectContaining({ in: "body", field: "triggers.events[1]" })]);
    const noHandler = await c.post("/v1/functions", {
      name: "no-handler",
      source: `export default { fetch() { return "hi"; } };`,
      triggers: { events: ["invoice.created"] },
    });
    expect(expectProblem(noHandler, 422, "unprocessable").errors).toEqual([expect.objectContaining({ field: "triggers.events" })]);
    expectProblem(await c.get("/v1/functions/bad-pattern"), 404, "not_found");
    expectProblem(await c.get("/v1/functions/no-handler"), 404, "not_found");
  });

  it("filters invocations by trigger and event_id", async () => {
    const tenant = await t().tenant();
    const c = tenant.client;
    const source = `export default {
      async fetch(request) { return { via: "http" }; },
      async event(event) { console.log(event.id); },
    };`;
    await deploy(c, { name: "both", source, triggers: { http: true, events: ["invoice.created"] } });
    const a = await eventOf(c, (await createInvoice(c)).id, "invoice.created");
    const b = await eventOf(c, (await createInvoice(c)).id, "invoice.created");
    expect(await runOnce()).toBe(2);
    const called = await c.post("/v1/functions/both/invoke", { x: 1 });
    expect(called.status, called.text).toBe(200);
    expect(called.body).toEqual({ via: "http" });

    expect(await invocations(c, "both")).toHaveLength(3);
    const viaEvents = await invocations(c, "both", "trigger=event");
    expect(sorted(viaEvents.map((i) => i.event_id))).toEqual(sorted([a.id, b.id]));
    const viaHttp = await invocations(c, "both", "trigger=http");
    expect(viaHttp).toHaveLength(1);
    expect(viaHttp[0]).toMatchObject({ trigger: "http", method: "POST", response_status: 200, event_id: null, run_id: null, status: "ok" });

    const onlyA = await invocations(c, "both", `trigger=event&event_id=${a.id}`);
    expect(onlyA).toHaveLength(1);
    expect(onlyA[0]).toMatchObject({ trigger: "event", event_id: a.id, logs: [expect.objectContaining({ level: "log", message: a.id })] });
    expect(onlyA[0].run_id).toMatch(/^\w+_[0-7][0-9a-hjkmnp-tv-z]{25}$/);
    expect(sorted((await invocations(c, "both", `event_id=${a.id},${b.id}`)).map((i) => i.event_id))).toEqual(sorted([a.id, b.id]));
    expect(await invocations(c, "both", `trigger=http&event_id=${a.id}`)).toEqual([]);
    expect(a.id).toMatch(EVENT_ID);

    const badId = await c.get("/v1/functions/both/invocations?event_id=inv_123");
    expect(expectProblem(badId, 400, "validation_failed").errors).toEqual([expect.objectContaining({ in: "query", field: "event_id" })]);
    const badTrigger = await c.get("/v1/functions/both/invocations?trigger=cron");
    expect(expectProblem(badTrigger, 400, "validation_failed").errors).toEqual([expect.objectContaining({ in: "query", field: "trigger" })]);
  });
});
