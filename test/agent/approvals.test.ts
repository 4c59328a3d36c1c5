import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Tenant } from "../helpers/harness.ts";
import { chat, made, NOW } from "./helpers.ts";

const clock = testClock(NOW);
const app = useTestApp({ clock });
let tenant: Tenant;

beforeAll(async () => {
  tenant = await app().tenant();
});

const openInvoice = async (client = tenant.client) =>
  made(client.post("/v1/invoices", { client: "Umbrella", amount: 900, currency: "USD", due_date: "2026-06-01", status: "open" }));

describe("actions that destroy data or money wait for approval", () => {
  it("void stops as approval_required; approving runs it once, a second decision is a 409", async () => {
    const invoice = await openInvoice();
    const asked = await chat(tenant.client, `void invoice ${invoice.number}`);
    const pending = asked.actions.at(-1);
    expect(pending).toMatchObject({
      tool: "void_invoice",
      status: "approval_required",
      input: { invoice_id: invoice.id },
      approval_id: expect.stringMatching(/^apr_/),
    });
    expect(pending.approval_reason).toBe("Voiding an invoice cancels money owed.");
    // The reply is read by a person (the dashboard shows Approve / Deny beside it): what will happen and that it waits,
    // no HTTP instructions; API clients have the action's approval_id and the documented endpoints.
    expect(asked.message.content).toBe(
      `Voiding an invoice cancels money owed. This waits for approval: once it is approved, I will void ${invoice.number} (Umbrella); until then nothing changes.`,
    );
    expect((await tenant.client.get(`/v1/invoices/${invoice.id}`)).body.status).toBe("open");
    const requested = await tenant.client.get(`/v1/events?object_id=${pending.id}`);
    expect(requested.body.data.map((e: any) => e.type)).toEqual(["agent.approval_required"]);
    const shown = await tenant.client.get(`/v1/agent/approvals/${pending.approval_id}`);
    expect(shown.body).toMatchObject({ id: pending.id, status: "approval_required", tool: "void_invoice" });

    const approved = await tenant.client.post(`/v1/agent/approvals/${pending.approval_id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.conversation_id).toBe(asked.conversation_id);
    expect(approved.body.actions).toEqual([expect.objectContaining({ id: pending.id, status: "completed", decided_at: expect.any(String) })]);
    expect(approved.body.message.content).toBe(`Done: voided ${invoice.number}.`);
    expect((await tenant.client.get(`/v1/invoices/${invoice.id}`)).body.status).toBe("void");
    const voided = await tenant.client.get(`/v1/events?object_id=${invoice.id}&type=invoice.voided`);
    expect(voided.body.data).toHaveLength(1);
    expect(voided.body.data[0].request.conversation_id).toBe(asked.conversation_id);

    const again = expectProblem(await tenant.client.post(`/v1/agent/approvals/${pending.approval_id}/approve`), 409, "conflict");
    expect(again.detail).toContain("already decided (completed)");
    expectProblem(await tenant.client.post(`/v1/agent/approvals/${pending.approval_id}/deny`), 409, "conflict");
    expect((await tenant.client.get(`/v1/events?object_id=${invoice.id}&type=invoice.voided`)).body.data).toHaveLength(1);

    const decidedEvents = await tenant.client.get(`/v1/events?object_id=${pending.id}`);
    expect(decidedEvents.body.data.map((e: any) => e.type).sort()).toEqual(["agent.action_completed", "agent.approval_required"]);
    const conversation = await tenant.client.get(`/v1/agent/conversations/${asked.conversation_id}`);
    expect(conversation.body.messages.map((m: any) => m.role)).toEqual(["user", "assistant", "assistant"]);
    expect(conversation.body.messages[1].actions.at(-1).status).toBe("completed");
  });

  it("a bulk change proposes one approval per record; after a proposal the turn may propose more but runs nothing", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Bulkvoid Ltd" }));
    const owed = [];
    for (const amount of [100, 200, 300])
      owed.push(
        await made(
          tenant.client.post("/v1/invoices", {
            client: "Bulkvoid Ltd",
            account_id: account.id,
            amount,
            currency: "USD",
            due_date: "2026-06-01",
            status: "open",
          }),
        ),
      );
    const asked = await chat(tenant.client, "void all of Bulkvoid's invoices");
    const proposed = asked.actions.filter((a: any) => a.status === "approval_required");
    expect(proposed.map((a: any) => a.input.invoice_id).sort()).toEqual(owed.map((i) => i.id).sort());
    expect(new Set(proposed.map((a: any) => a.approval_id)).size).toBe(3);
    expect(asked.message.content).toMatch(/waits for approval, one for each invoice/);
    for (const i of owed) expect((await tenant.client.get(`/v1/invoices/${i.id}`)).body.status).toBe("open");
    // Each is decided on its own.
    await made(tenant.client.post(`/v1/agent/approvals/${proposed[0].approval_id}/approve`), 200);
    await made(tenant.client.post(`/v1/agent/approvals/${proposed[1].approval_id}/deny`), 200);
    const statuses = await Promise.all(owed.map(async (i) => [i.id, (await tenant.client.get(`/v1/invoices/${i.id}`)).body.status]));
    expect(statuses.filter(([, s]) => s === "void").map(([id]) => id)).toEqual([proposed[0].input.invoice_id]);
  });

  it("'void INV-a, INV-b and INV-c' proposes each numbered invoice, one approval each, and changes none", async () => {
    const three = [await openInvoice(), await openInvoice(), await openInvoice()];
    const short = (n: string) => n.replace(/-0+/, "-");
    const asked = await chat(tenant.client, `please void invoices ${short(three[0].number)}, ${short(three[1].number)} and ${short(three[2].number)}`);
    const proposed = asked.actions.filter((a: any) => a.status === "approval_required");
    expect(
      proposed.map((a: any) => [a.tool, a.input.invoice_id]),
      asked.message.content,
    ).toEqual(three.map((i) => ["void_invoice", i.id]));
    expect(new Set(proposed.map((a: any) => a.approval_id)).size).toBe(3);
    for (const i of three) expect((await tenant.client.get(`/v1/invoices/${i.id}`)).body.status).toBe("open");
    await made(tenant.client.post(`/v1/agent/approvals/${proposed[2].approval_id}/approve`), 200);
    const statuses = await Promise.all(three.map(async (i) => (await tenant.client.get(`/v1/invoices/${i.id}`)).body.status));
    expect(statuses).toEqual(["open", "open", "void"]);
  });

  it("denying ends it: nothing changes, and the agent says so", async () => {
    const invoice = await openInvoice();
    const asked = await chat(tenant.client, `mark ${invoice.number} uncollectible`);
    const pending = asked.actions.at(-1);
    expect(pending).toMatchObject({ tool: "mark_invoice_uncollectible", status: "approval_required" });
    expect(asked.message.content).toMatch(
      /This waits for approval: once it is approved, I will mark INV-\d+ \(Umbrella\) uncollectible; until then nothing changes\.$/,
    );
    expect(asked.message.content).not.toMatch(/POST|\/v1\//);
    const denied = await tenant.client.post(`/v1/agent/approvals/${pending.approval_id}/deny`);
    expect(denied.status).toBe(200);
    expect(denied.body.actions[0].status).toBe("denied");
    expect(denied.body.message.content).toBe("Cancelled: mark_invoice_uncollectible was denied and did nothing.");
    expect((await tenant.client.get(`/v1/invoices/${invoice.id}`)).body.status).toBe("open");
    expectProblem(await tenant.client.post(`/v1/agent/approvals/${pending.approval_id}/approve`), 409, "conflict");
  });

  it("deleting a contact waits for approval, and the reply names the contact", async () => {
    const contact = await made(tenant.client.post("/v1/contacts", { first_name: "Dora", last_name: "Delete", email: "dora@delete.example" }));
    const asked = await chat(tenant.client, "delete contact Dora Delete");
    expect(asked.actions.at(-1)).toMatchObject({ tool: "delete_contact", status: "approval_required", input: { contact_id: contact.id } });
    expect(asked.message.content).toBe(
      "Deleting a contact cannot be undone. This waits for approval: once it is approved, I will delete contact Dora Delete; until then nothing changes.",
    );
  });

  it("an approved action that fails is recorded as failed, with the engine's problem", async () => {
    const invoice = await openInvoice();
    const asked = await chat(tenant.client, `void ${invoice.id}`);
    await made(tenant.client.post(`/v1/invoices/${invoice.id}/void`), 200);
    const approved = await tenant.client.post(`/v1/agent/approvals/${asked.actions.at(-1).approval_id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.actions[0]).toMatchObject({ status: "failed", error: { code: "invalid_state_transition", status: 409 } });
    expect(approved.body.message.content).toMatch(/^That did not work: Cannot void an invoice that is void/);
  });

  it("enrolling more contacts than the threshold at once waits for approval", async () => {
    const account = await made(tenant.client.post("/v1/accounts", { name: "Bigco" }));
    for (let i = 0; i < 11; i++) {
      await made(tenant.client.post("/v1/contacts", { first_name: `P${i}`, email: `p${i}@bigco.example`, account_id: account.id }));
    }
    const sequence = await made(tenant.client.post("/v1/sequences", { name: "Bulk", status: "active", steps: [{ type: "task", subject: "Call" }] }));
    const asked = await chat(tenant.client, "enroll everyone at Bigco in Bulk");
    const pending = asked.actions.at(-1);
    expect(pending).toMatchObject({ tool: "enroll_contacts", status: "approval_required", approval_reason: "Enrolling 11 contacts at once (more than 10)." });
    expect(asked.message.content).toBe(
      "Enrolling 11 contacts at once (more than 10). This waits for approval: once it is approved, I will enroll 11 contacts at Bigco in Bulk; until then nothing changes.",
    );
    expect((await tenant.client.get(`/v1/sequences/${sequence.id}/enrollments`)).body.meta.total).toBe(0);
    const approved = await tenant.client.post(`/v1/agent/approvals/${pending.approval_id}/approve`);
    expect(approved.body.message.content).toBe("Done: enrolled 11 contacts.");
    expect((await tenant.client.get(`/v1/sequences/${sequence.id}/enrollments`)).body.meta.total).toBe(11);
  });

  it("another organization's approval is a 404, and it stays pending", async () => {
    const invoice = await openInvoice();
    const asked = await chat(tenant.client, `void ${invoice.id}`);
    const approval = asked.actions.at(-1).approval_id;
    const other = await app().tenant();
    expectProblem(await other.client.post(`/v1/agent/approvals/${approval}/approve`), 404, "not_found");
    expectProblem(await other.client.post(`/v1/agent/approvals/${approval}/deny`), 404, "not_found");
    expectProblem(await tenant.client.post("/v1/agent/approvals/apr_01jd8z6q4m2c8v3t5y7w9x0a1b/approve"), 404, "not_found");
    expectProblem(await tenant.client.post("/v1/agent/approvals/nope/approve"), 400, "validation_failed");
    const conversation = await tenant.client.get(`/v1/agent/conversations/${asked.conversation_id}`);
    expect(conversation.body.messages[1].actions.at(-1).status).toBe("approval_required");
  });

  it("a read-only key cannot approve; an engine key sees only approvals of its own conversations and tools", async () => {
    const invoice = await openInvoice();
    const asked = await chat(tenant.client, `void ${invoice.id}`);
    const approval = asked.actions.at(-1).approval_id;
    const readOnly = await tenant.newKey("read_only");
    expectProblem(await readOnly.client.post(`/v1/agent/approvals/${approval}/approve`), 403, "insufficient_permission");
    const financeAgent = await tenant.newKey("engine", { engines: ["finance", "agent"] });
    expectProblem(await financeAgent.client.post(`/v1/agent/approvals/${approval}/approve`), 404, "not_found");

    const own = await chat(financeAgent.client, `void ${invoice.id}`);
    const approved = await financeAgent.client.post(`/v1/agent/approvals/${own.actions.at(-1).approval_id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.actions[0].status).toBe("completed");
  });

  it("an idempotent retry of an approval replays its answer", async () => {
    const invoice = await openInvoice();
    const asked = await chat(tenant.client, `void ${invoice.id}`);
    const path = `/v1/agent/approvals/${asked.actions.at(-1).approval_id}/approve`;
    const headers = { "idempotency-key": "approve-once" };
    const first = await tenant.client.post(path, undefined, { headers });
    const second = await tenant.client.post(path, undefined, { headers });
    expect(second.status).toBe(200);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body).toEqual(first.body);
  });
});
