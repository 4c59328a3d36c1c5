import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { chat, made, NOW, seedWorld, type World } from "./helpers.ts";

const clock = testClock(NOW);
const app = useTestApp({ clock });
let tenant: Tenant;
let world: World;

beforeAll(async () => {
  tenant = await app().tenant();
  world = await seedWorld(tenant.client);
});

const CONV = /^conv_[0-7][0-9a-hjkmnp-tv-z]{25}$/;

describe("the offline planner answers questions with read tools", () => {
  it("which invoices are overdue: one list_invoices action, the invoices named in the reply", async () => {
    const out = await chat(tenant.client, "Which invoices are overdue?");
    expect(out.conversation_id).toMatch(CONV);
    expect(out.message).toMatchObject({ role: "assistant", id: expect.stringMatching(/^amsg_/), created_at: expect.any(String) });
    expect(out.actions).toHaveLength(1);
    expect(out.actions[0]).toMatchObject({ tool: "list_invoices", status: "completed", input: { status: "overdue", sort: "due_date" } });
    expect(out.actions[0].result.meta.total).toBe(2);
    expect(out.message.content).toContain("2 invoices are overdue, 1,500.00 USD due in all");
    for (const inv of world.overdue) expect(out.message.content).toContain(inv.number);
    expect(out.usage).toEqual({ steps: 1, tool_calls: 1 });
  });

  it("how much does Initech owe: resolves the account by search, sums open invoices", async () => {
    const out = await chat(tenant.client, "how much does Initech owe?");
    expect(out.actions.map((a: any) => a.tool)).toEqual(["list_accounts", "list_invoices"]);
    expect(out.actions[1].input).toMatchObject({ account_id: world.initech, status: "open,overdue" });
    expect(out.message.content).toMatch(/^Initech owes 2,000\.50 USD on 2 open invoices\. 1 overdue \(1,200\.00 USD\)\./);
  });

  it("who is in interview for the Backend Engineer job", async () => {
    const out = await chat(tenant.client, "who is in interview for the Backend Engineer job?");
    expect(out.actions.map((a: any) => a.tool)).toEqual(["list_jobs", "list_candidates"]);
    expect(out.actions[1].input).toMatchObject({ job_id: world.backend, stage: "interview" });
    expect(out.message.content).toContain("2 candidates are in interview for Backend Engineer");
    expect(out.message.content).toContain("Cara Diaz");
    expect(out.message.content).toContain("Eli Fox");
    expect(out.message.content).not.toContain("Dan Eve");
  });

  it("summarize account Acme: the dossier in a few lines", async () => {
    const out = await chat(tenant.client, "summarize account Acme");
    // The dossier, then the account's deals by name.
    expect(out.actions.map((a: any) => a.tool)).toEqual(["list_accounts", "get_account_dossier", "list_deals"]);
    expect(out.message.content).toContain("Acme (acme.example)");
    expect(out.message.content).toContain("2 contacts: Bob Stone, Ann Lee");
    expect(out.message.content).toContain("outstanding 350.00 USD, overdue 300.00 USD");
  });

  it("asks which one when a name is ambiguous, and the answer resumes the request", async () => {
    const first = await chat(tenant.client, "how much does Globex owe?");
    expect(first.message.content).toContain("More than one account matches “Globex”");
    const west = /(\d)\. Globex West/.exec(first.message.content)![1]!;
    expect(first.message.content).toContain(`${west === "1" ? 2 : 1}. Globex East`);
    const second = await chat(tenant.client, west, first.conversation_id);
    expect(second.conversation_id).toBe(first.conversation_id);
    expect(second.actions.map((a: any) => a.tool)).toEqual(["list_invoices"]);
    expect(second.actions[0].input.account_id).toBe(world.globexWest);
    expect(second.message.content).toBe("Globex West owes nothing: no open invoices.");
    // The question is answered once: the same answer later is a new request (a name alone: that record), not the old one resumed.
    const third = await chat(tenant.client, "Globex East", first.conversation_id);
    expect(third.actions.map((a: any) => a.tool)).not.toContain("list_invoices");
    expect(third.message.content).not.toMatch(/\bowes\b/);
  });

  it("says plainly what it cannot do, and what it can", async () => {
    const out = await chat(tenant.client, "book me a flight to Lisbon");
    expect(out.actions).toEqual([]);
    expect(out.message.content).toMatch(/^I can't do that yet: I did not understand “book me a flight to Lisbon”\./);
    // It says what it could not place and the nearest thing it does, not a list of example sentences.
    expect(out.message.content).toContain("I found no action and no record type in it");
    expect(out.message.content.split("\n")).toHaveLength(1);
  });

  it("says when a name matches nothing, without acting", async () => {
    const out = await chat(tenant.client, "move the Hooli deal to won");
    expect(out.message.content).toBe("I found no deal matching “Hooli”. Nothing changed.");
    expect(out.actions.every((a: any) => a.tool.startsWith("list_"))).toBe(true);
  });
});

describe("the offline planner acts with write tools, and the engines' events say which conversation asked", () => {
  it("create a contact Jane Roe jane@roe.io at Acme", async () => {
    const out = await chat(tenant.client, "create a contact Jane Roe jane@roe.io at Acme");
    // Reads first: whether the address is a contact's already (then it names them), whether "Jane Roe" is a company's
    // name (then it is whose, not who), the account, whether a Jane Roe there is on file (then she is completed, not
    // made twice).
    expect(out.actions.map((a: any) => a.tool)).toEqual(["list_contacts", "list_accounts", "list_accounts", "list_contacts", "create_contact"]);
    const created = out.actions.at(-1);
    expect(created.input).toEqual({ first_name: "Jane", last_name: "Roe", email: "jane@roe.io", account_id: world.acme });
    const contact = created.result;
    expect(out.message.content).toBe(`Created contact Jane Roe (jane@roe.io) at Acme: ${contact.id}.`);
    const found = await tenant.client.get("/v1/contacts?email=jane@roe.io");
    expect(found.body.data.map((c: any) => c.id)).toEqual([contact.id]);

    const events = await tenant.client.get(`/v1/events?object_id=${contact.id}`);
    expect(events.body.data.map((e: any) => e.type)).toEqual(["contact.created"]);
    expect(events.body.data[0].request.conversation_id).toBe(out.conversation_id);
    const action = await tenant.client.get(`/v1/events?object_id=${created.id}`);
    expect(action.body.data.map((e: any) => e.type)).toEqual(["agent.action_completed"]);
    expect(action.body.data[0].data.object).toMatchObject({ id: created.id, tool: "create_contact", status: "completed" });
    const started = await tenant.client.get(`/v1/events?object_id=${out.conversation_id}`);
    expect(started.body.data.map((e: any) => e.type)).toEqual(["agent.conversation_started"]);
    const reply = await tenant.client.get(`/v1/events?object_id=${out.message.id}`);
    expect(reply.body.data.map((e: any) => e.type)).toEqual(["agent.message_created"]);
  });

  it("move the Initech deal to won: the open deal of the account, to its won stage", async () => {
    const out = await chat(tenant.client, "move the Initech deal to won");
    expect(out.actions.at(-1)).toMatchObject({ tool: "move_deal_to_stage", status: "completed", input: { deal_id: world.initechDeal, stage: "won" } });
    expect(out.message.content).toBe("Moved Initech renewal to won; it is now won.");
    const deal = await tenant.client.get(`/v1/deals/${world.initechDeal}`);
    expect(deal.body.status).toBe("won");
  });

  it("enroll everyone at Acme in the Intro sequence", async () => {
    const out = await chat(tenant.client, "enroll everyone at Acme in the Intro sequence");
    const enroll = out.actions.at(-1);
    expect(enroll).toMatchObject({ tool: "enroll_contacts", status: "completed" });
    expect(enroll.input.sequence_id).toBe(world.intro);
    expect(enroll.input.contact_ids).toHaveLength(3); // Ann, Bob, and Jane created above
    expect(out.message.content).toBe("In Intro: enrolled 3 contacts.");
    const enrollments = await tenant.client.get(`/v1/sequences/${world.intro}/enrollments`);
    expect(enrollments.body.meta.total).toBe(3);
  });

  it("a failing action is recorded as failed, with the engine's problem", async () => {
    const out = await chat(tenant.client, "move Dan Eve to hired");
    expect(out.actions.at(-1)).toMatchObject({ tool: "update_candidate", status: "failed", error: { code: "invalid_state_transition", status: 409 } });
    expect(out.message.content).toMatch(/^That did not work \(update_candidate\): /);
    const events = await tenant.client.get(`/v1/events?object_id=${out.actions.at(-1).id}`);
    expect(events.body.data.map((e: any) => e.type)).toEqual(["agent.action_failed"]);
  });
});

describe("tools run with the calling key's permissions", () => {
  it("a read-only key reads but its write actions are refused, and nothing changes", async () => {
    const readOnly = await tenant.newKey("read_only");
    const ok = await chat(readOnly.client, "which invoices are overdue?");
    expect(ok.actions[0].status).toBe("completed");
    // The planner calls the tool the request needs; the permission check refuses it, recorded as a failed action that says why.
    const refused = await chat(readOnly.client, "create a contact Ron Only ron@only.example");
    // Its reads (is the address or the name on file already?) are allowed; the change is refused.
    expect(refused.actions.filter((a: any) => a.status === "completed").every((a: any) => a.tool.startsWith("list_"))).toBe(true);
    expect(refused.actions.filter((a: any) => a.status !== "completed")).toMatchObject([
      { tool: "create_contact", status: "failed", error: { code: "insufficient_permission", required_permission: "growth:write" } },
    ]);
    expect(refused.message.content).toMatch(/lacks the permission growth:write\.$/);
    const none = await tenant.client.get("/v1/contacts?email=ron@only.example");
    expect(none.body.meta.total).toBe(0);
  });

  it("an engine key uses only its engines' tools", async () => {
    const finance = await tenant.newKey("engine", { engines: ["finance", "agent"] });
    const ok = await chat(finance.client, "which invoices are overdue?");
    expect(ok.actions[0].status).toBe("completed");
    const refused = await chat(finance.client, "who works at Acme?");
    expect(refused.actions).toEqual([]);
    expect(refused.message.content).toBe("This API key cannot read contacts.");
  });

  it("a key without agent access cannot chat", async () => {
    const growth = await tenant.newKey("engine", { engines: ["growth"] });
    expectProblem(await growth.client.post("/v1/agent/chat", { message: "hi" }), 403, "insufficient_permission");
  });
});

describe("conversations are resources", () => {
  it("get returns every message in order with each reply's actions; list and delete", async () => {
    const first = await chat(tenant.client, "how much does Initech owe?");
    await chat(tenant.client, "which invoices are overdue?", first.conversation_id);
    const got = await tenant.client.get(`/v1/agent/conversations/${first.conversation_id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: first.conversation_id, object: "conversation", title: "how much does Initech owe?", message_count: 4 });
    expect(got.body.messages.map((m: any) => [m.role, m.actions.map((a: any) => a.tool)])).toEqual([
      ["user", []],
      ["assistant", ["list_accounts", "list_invoices"]],
      ["user", []],
      ["assistant", ["list_invoices"]],
    ]);
    expect(got.body.messages[0].content).toBe("how much does Initech owe?");

    const list = await tenant.client.get("/v1/agent/conversations?q=Initech&per_page=100");
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: any) => c.id)).toContain(first.conversation_id);
    expect(list.body.meta).toMatchObject({ page: 1, per_page: 100 });
    expectProblem(await tenant.client.get("/v1/agent/conversations?sort=title"), 400, "validation_failed");

    const deleted = await tenant.client.delete(`/v1/agent/conversations/${first.conversation_id}`);
    expect(deleted.body).toEqual({ id: first.conversation_id, object: "conversation", deleted: true });
    expectProblem(await tenant.client.get(`/v1/agent/conversations/${first.conversation_id}`), 404, "not_found");
    expectProblem(await tenant.client.post("/v1/agent/chat", { message: "hi", conversation_id: first.conversation_id }), 404, "not_found");
  });

  it("a read's action keeps the first 10 items of a long page: the reply is from the whole page, the rest counted as omitted", async () => {
    const own = await app().tenant();
    for (let i = 0; i < 14; i++) {
      await made(own.client.post("/v1/invoices", { client: `Client ${i}`, amount: 100, currency: "USD", status: "open", due_date: "2026-01-05" }));
    }
    const out = await chat(own.client, "which invoices are overdue?");
    expect(out.message.content).toContain("14 invoices are overdue, 1,400.00 USD due in all");
    const [action] = out.actions;
    expect(action).toMatchObject({ tool: "list_invoices", status: "completed", result: { omitted: 4, meta: { total: 14 } } });
    expect(action.result.data).toHaveLength(10);
    expect(action.result.data[0]).toMatchObject({ object: "invoice", amount: 100, currency: "USD" });
    // The conversation shows what the turn answered; a second turn in it is numbered after the first.
    const again = await chat(own.client, "which invoices are overdue?", out.conversation_id);
    const got = await own.client.get(`/v1/agent/conversations/${out.conversation_id}`);
    expect(got.body.message_count).toBe(4);
    expect(got.body.messages[1].actions).toEqual([action]);
    expect(got.body.messages[3].actions).toEqual(again.actions);
    expect(got.body.messages.map((m: any) => m.id)).toEqual([expect.any(String), out.message.id, expect.any(String), again.message.id]);
  });

  it("another organization's conversation is a 404, for reading and for chatting", async () => {
    const mine = await chat(tenant.client, "recent events");
    const other = await app().tenant();
    expectProblem(await other.client.get(`/v1/agent/conversations/${mine.conversation_id}`), 404, "not_found");
    expectProblem(await other.client.post("/v1/agent/chat", { message: "hi", conversation_id: mine.conversation_id }), 404, "not_found");
    expectProblem(await other.client.delete(`/v1/agent/conversations/${mine.conversation_id}`), 404, "not_found");
    const theirs = await chat(other.client, "which invoices are overdue?");
    expect(theirs.message.content).toBe("No invoices are overdue.");
  });
});

describe("bad input is a clear problem and does nothing", () => {
  it.each([
    ["an empty message", { message: "" }, "message"],
    ["a blank message", { message: "   \n " }, "message"],
    ["a huge message", { message: "x".repeat(4001) }, "message"],
    ["a NUL byte", { message: "hi\u0000there" }, "message"],
    ["a number", { message: 42 }, "message"],
    ["no message", {}, "message"],
    ["an unknown field", { message: "hi", __proto__x: 1 }, "__proto__x"],
    ["a malformed conversation id", { message: "hi", conversation_id: "conv_nope" }, "conversation_id"],
    ["a stream flag that is not a boolean", { message: "hi", stream: "yes" }, "stream"],
  ])("%s", async (_what, body, field) => {
    const before = await tenant.client.get("/v1/agent/conversations");
    const res = await tenant.client.post("/v1/agent/chat", body);
    const problem = expectProblem(res, 400, "validation_failed");
    expect(problem.errors.map((e: any) => e.field)).toContain(field);
    const after = await tenant.client.get("/v1/agent/conversations");
    expect(after.body.meta.total).toBe(before.body.meta.total);
  });

  it("malformed JSON and a __proto__ key", async () => {
    expectProblem(
      await tenant.client.request("POST", "/v1/agent/chat", { raw: '{"message":', headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
    const res = await tenant.client.request("POST", "/v1/agent/chat", {
      raw: '{"message":"hi","__proto__":{"x":1}}',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
  });

  it("an unknown conversation id is a 404", async () => {
    expectProblem(await tenant.client.post("/v1/agent/chat", { message: "hi", conversation_id: "conv_01jd8z6q4m2c8v3t5y7w9x0a1b" }), 404, "not_found");
  });
});

describe("Idempotency-Key", () => {
  it("a retried chat answers the first response and acts once", async () => {
    const headers = { "idempotency-key": "agent-retry-1" };
    const body = { message: "create a contact Ida Potent ida@potent.example" };
    const first = await tenant.client.post("/v1/agent/chat", body, { headers });
    const second = await tenant.client.post("/v1/agent/chat", body, { headers });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body).toEqual(first.body);
    const contacts = await tenant.client.get("/v1/contacts?email=ida@potent.example");
    expect(contacts.body.meta.total).toBe(1);
    const conversations = await tenant.client.get(`/v1/agent/conversations/${first.body.conversation_id}`);
    expect(conversations.body.message_count).toBe(2);
    const events = await tenant.client.get(`/v1/events?object_id=${contacts.body.data[0].id}`);
    expect(events.body.data[0].request.idempotency_key).toBe("agent-retry-1");
  });
});

export { made };
