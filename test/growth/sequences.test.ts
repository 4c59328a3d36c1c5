import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../src/platform/ids.ts";
import { errorFields, expectInvalid, expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Client, type Tenant } from "../helpers/harness.ts";
import {
  ISO,
  NOW,
  SEQUENCE_ID,
  actOnSequence,
  createContact,
  createOk,
  enroll,
  eventLogState,
  eventTypesOf,
  eventsOf,
  expectRefusedTransition,
  getOk,
  getSequence,
} from "./helpers.ts";

// Sequences themselves: create, read, update, delete, the status actions, their
// events, validation, lists and isolation. Enrollments, the scheduler and
// replies are in sequence-runs.test.ts.

// The clock only moves forward in this file, so no key's rate-limit state is ever in the future.
const clock = testClock(NOW);
const t = useTestApp({ clock });

const EMAIL_STEP = { type: "email", delay_days: 0, subject: "Hello {{first_name}}", body: "Hi {{first_name}}, a word about {{company}}." };
const WAIT_STEP = { type: "wait", delay_days: 2 };
const TASK_STEP = { type: "task", delay_days: 1, subject: "Call {{first_name}}" };

/** The steps above as the API stores and shows them. */
const STORED_STEPS = [
  { type: "email", delay_days: 0, subject: "Hello {{first_name}}", body: "Hi {{first_name}}, a word about {{company}}." },
  { type: "wait", delay_days: 2, subject: null, body: null },
  { type: "task", delay_days: 1, subject: "Call {{first_name}}", body: null },
];

function sequenceInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: "Onboarding", steps: [EMAIL_STEP, WAIT_STEP, TASK_STEP], ...overrides };
}

/** Creates a sequence from sequenceInput(), with fields replaced or added. */
function createSequence(client: Client, overrides: Record<string, unknown> = {}): Promise<any> {
  return createOk(client, "/v1/sequences", sequenceInput(overrides));
}

const STATES = ["draft", "active", "paused", "archived"] as const;
type State = (typeof STATES)[number];

async function sequenceIn(client: Client, state: State, overrides: Record<string, unknown> = {}): Promise<any> {
  if (state === "draft") return createSequence(client, overrides);
  if (state === "archived") return actOnSequence(client, (await createSequence(client, overrides)).id, "archive");
  const active = await createSequence(client, { status: "active", ...overrides });
  return state === "active" ? active : actOnSequence(client, active.id, "pause");
}

/** Counts any write would move: the tenant's sequences, and the event log. */
async function snapshot(client: Client): Promise<{ sequences: number; events: number; lastEvent: string | null }> {
  const sequences = await getOk(client, "/v1/sequences?per_page=1");
  return { sequences: sequences.meta.total, ...(await eventLogState(client)) };
}

describe("POST /v1/sequences", () => {
  it("creates a draft by default, with every field, and GET shows the same", async () => {
    const tenant = await t().tenant();
    clock.advance(1000);
    const response = await tenant.client.post("/v1/sequences", sequenceInput({ name: "Q2 outbound", metadata: { owner: "ann", region: "emea" } }));
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body).toEqual({
      id: expect.stringMatching(SEQUENCE_ID),
      object: "sequence",
      name: "Q2 outbound",
      status: "draft",
      steps: STORED_STEPS,
      metadata: { owner: "ann", region: "emea" },
      created_at: clock().toISOString(),
      updated_at: clock().toISOString(),
    });
    expect(response.body.created_at).toMatch(ISO);
    expect(await getSequence(tenant.client, response.body.id)).toEqual(response.body);
  });

  it("emits sequence.created carrying the sequence", async () => {
    const tenant = await t().tenant();
    const sequence = await createSequence(tenant.client);
    const events = await eventsOf(tenant.client, sequence.id);
    expect(events.map((e) => e.type)).toEqual(["sequence.created"]);
    expect(events[0].data).toEqual({ object: sequence });
    expect(events[0].timestamp).toBe(sequence.created_at);
  });

  it("defaults steps to none and metadata to {}", async () => {
    const tenant = await t().tenant();
    const sequence = await createSequence(tenant.client, { steps: undefined });
    expect(sequence).toMatchObject({ status: "draft", steps: [], metadata: {} });
  });

  it("fills in step defaults: delay_days 0, subject and body null", async () => {
    const tenant = await t().tenant();
    const sequence = await createSequence(tenant.client, {
      steps: [
        { type: "email", subject: "S", body: "B" },
        { type: "task", subject: "T" },
        { type: "task", subject: "T2", body: null, delay_days: 365 },
        { type: "wait", delay_days: 1, subject: null, body: null },
      ],
    });
    expect(sequence.steps).toEqual([
      { type: "email", delay_days: 0, subject: "S", body: "B" },
      { type: "task", delay_days: 0, subject: "T", body: null },
      { type: "task", delay_days: 365, subject: "T2", body: null },
      { type: "wait", delay_days: 1, subject: null, body: null },
    ]);
  });

  it("creates an active sequence, emitting sequence.created then sequence.activated", async () => {
    const tenant = await t().tenant();
    const sequence = await createSequence(tenant.client, { status: "active" });
    expect(sequence.status).toBe("active");
    const events = await eventsOf(tenant.client, sequence.id);
    expect(events.map((e) => e.type)).toEqual(["sequence.created", "sequence.activated"]);
    for (const event of events) expect(event.data.object).toEqual(sequence);
    const explicitDraft = await createSequence(tenant.client, { status: "draft" });
    expect(explicitDraft.status).toBe("draft");
  });

  it("accepts an active sequence whose only non-wait step is a task", async () => {
    const tenant = await t().tenant();
    const sequence = await createSequence(tenant.client, { status: "active", steps: [WAIT_STEP, { type: "task", subject: "Call" }] });
    expect(sequence.status).toBe("active");
  });

  it("accepts 50 steps and a 200-character name", async () => {
    const tenant = await t().tenant();
    const steps = Array.from({ length: 50 }, (_, i) => ({ type: "task", subject: `Task ${i}` }));
    const sequence = await createSequence(tenant.client, { name: "n".repeat(200), steps });
    expect(sequence.steps).toHaveLength(50);
    expect(sequence.name).toHaveLength(200);
  });
});

describe("POST /v1/sequences: bad input is refused naming the field, and nothing is created", () => {
  let tenant: Tenant;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    tenant = await t().tenant();
    await createSequence(tenant.client);
    before = await snapshot(tenant.client);
  });

  afterEach(async () => {
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  const post = (body: unknown) => tenant.client.post("/v1/sequences", body);
  const withSteps = (...steps: unknown[]) => sequenceInput({ steps });

  it("an email step without subject or body names steps[i].subject / steps[i].body", async () => {
    const noSubject = await post(withSteps(TASK_STEP, { type: "email", body: "B" }));
    expectInvalid(noSubject, ["steps[1].subject"]);
    expect(noSubject.body.errors[0].message).toContain("email");
    expectInvalid(await post(withSteps({ type: "email", subject: "S" })), ["steps[0].body"]);
    expectInvalid(await post(withSteps({ type: "email", subject: null, body: "B" })), ["steps[0].subject"]);
    expectInvalid(await post(withSteps(EMAIL_STEP, WAIT_STEP, { type: "email", subject: "S", body: null })), ["steps[2].body"]);
  });

  it("a task step without a subject names steps[i].subject", async () => {
    expectInvalid(await post(withSteps(EMAIL_STEP, { type: "task", body: "notes" })), ["steps[1].subject"]);
    expectInvalid(await post(withSteps({ type: "task", subject: null })), ["steps[0].subject"]);
  });

  it("a wait step needs delay_days of at least 1 and takes no subject or body", async () => {
    expectInvalid(await post(withSteps(EMAIL_STEP, { type: "wait" })), ["steps[1].delay_days"]);
    expectInvalid(await post(withSteps(EMAIL_STEP, { type: "wait", delay_days: 0 })), ["steps[1].delay_days"]);
    const withSubject = await post(withSteps(EMAIL_STEP, TASK_STEP, { type: "wait", delay_days: 1, subject: "no" }));
    expectInvalid(withSubject, ["steps[2].subject"]);
    expectInvalid(await post(withSteps({ type: "wait", delay_days: 3, body: "no" })), ["steps[0].body"]);
  });

  it("an active sequence without an email or task step is 422 naming steps", async () => {
    for (const steps of [[], [WAIT_STEP], [WAIT_STEP, { type: "wait", delay_days: 5 }]]) {
      const response = await post(sequenceInput({ status: "active", steps }));
      expectProblem(response, 422, "unprocessable");
      expect(errorFields(response)).toEqual(["body:steps"]);
    }
    const noSteps = await post({ name: "x", status: "active" });
    expectProblem(noSteps, 422, "unprocessable");
    expect(errorFields(noSteps)).toEqual(["body:steps"]);
  });

  it("missing, empty, too long or non-string name", async () => {
    expectInvalid(await post({ steps: [] }), ["name"]);
    expect((await post({ steps: [] })).body.errors[0].message).toBe("is required");
    expectInvalid(await post(sequenceInput({ name: "" })), ["name"]);
    expectInvalid(await post(sequenceInput({ name: "n".repeat(201) })), ["name"]);
    expectInvalid(await post(sequenceInput({ name: 7 })), ["name"]);
    expectInvalid(await post(sequenceInput({ name: null })), ["name"]);
  });

  it("a status other than draft or active", async () => {
    for (const status of ["paused", "archived", "ACTIVE", "", 1]) expectInvalid(await post(sequenceInput({ status })), ["status"]);
  });

  it("steps that are not an array, or more than 50", async () => {
    expectInvalid(await post(sequenceInput({ steps: EMAIL_STEP })), ["steps"]);
    expectInvalid(await post(sequenceInput({ steps: "email" })), ["steps"]);
    expectInvalid(await post(sequenceInput({ steps: null })), ["steps"]);
    const tooMany = Array.from({ length: 51 }, () => TASK_STEP);
    expectInvalid(await post(sequenceInput({ steps: tooMany })), ["steps"]);
  });

  it("a step of an unknown type, or with a missing type", async () => {
    expectInvalid(await post(withSteps(EMAIL_STEP, { type: "sms", subject: "S", body: "B" })), ["steps[1].type"]);
    expectInvalid(await post(withSteps({ subject: "S", body: "B" })), ["steps[0].type"]);
    expectInvalid(await post(withSteps("email")), ["steps[0]"]);
  });

  it("delay_days out of range or not an integer", async () => {
    for (const delay_days of [-1, 366, 1.5, "1", null, true]) {
      expectInvalid(await post(withSteps(EMAIL_STEP, { ...TASK_STEP, delay_days })), ["steps[1].delay_days"]);
    }
  });

  it("subject or body empty, too long or not a string", async () => {
    expectInvalid(await post(withSteps({ ...EMAIL_STEP, subject: "" })), ["steps[0].subject"]);
    expectInvalid(await post(withSteps({ ...EMAIL_STEP, subject: "s".repeat(201) })), ["steps[0].subject"]);
    expectInvalid(await post(withSteps({ ...EMAIL_STEP, subject: 5 })), ["steps[0].subject"]);
    expectInvalid(await post(withSteps({ ...EMAIL_STEP, body: "" })), ["steps[0].body"]);
    expectInvalid(await post(withSteps({ ...EMAIL_STEP, body: "b".repeat(20_001) })), ["steps[0].body"]);
    expectInvalid(await post(withSteps({ ...EMAIL_STEP, body: ["b"] })), ["steps[0].body"]);
  });

  it("unknown fields, on the sequence or on a step", async () => {
    const top = await post(sequenceInput({ colour: "blue" }));
    expectInvalid(top, ["colour"]);
    expect(top.body.errors[0].message).toContain("not a known field");
    expectInvalid(await post(withSteps(EMAIL_STEP, { ...TASK_STEP, channel: "phone" })), ["steps[1].channel"]);
    expectInvalid(await post(sequenceInput({ id: newId("sequence") })), ["id"]);
    expectInvalid(await post(sequenceInput({ created_at: NOW })), ["created_at"]);
  });

  it("metadata that is not a map of strings", async () => {
    expectInvalid(await post(sequenceInput({ metadata: { a: 1 } })), ["metadata.a"]);
    expectInvalid(await post(sequenceInput({ metadata: "a=b" })), ["metadata"]);
  });

  it("several bad fields at once are all named", async () => {
    expectInvalid(await post({ name: "", status: "paused", steps: [{ type: "sms" }], extra: 1 }), ["name", "status", "steps[0].type", "extra"]);
  });

  it("a body that is not an object, or none", async () => {
    expectProblem(await post([sequenceInput()]), 400, "validation_failed");
    expectProblem(await post("Onboarding"), 400, "validation_failed");
    expectProblem(await tenant.client.request("POST", "/v1/sequences"), 400, "validation_failed");
    expectProblem(
      await tenant.client.request("POST", "/v1/sequences", { raw: '{"name": ', headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
  });
});

describe("GET /v1/sequences/{id}", () => {
  it("is 404 for a well-formed id that names nothing", async () => {
    const tenant = await t().tenant();
    const id = newId("sequence");
    const response = await tenant.client.get(`/v1/sequences/${id}`);
    expectProblem(response, 404, "not_found");
    expect(response.body.detail).toContain(id);
  });
});

describe("PATCH /v1/sequences/{id}", () => {
  it("changes name and metadata, keeps the rest, bumps updated_at, and emits sequence.updated with previous_attributes", async () => {
    const tenant = await t().tenant();
    const sequence = await createSequence(tenant.client, { metadata: { a: "1" } });
    clock.advance(60_000);
    const response = await tenant.client.patch(`/v1/sequences/${sequence.id}`, { name: "Renamed", metadata: { b: "2" } });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ ...sequence, name: "Renamed", metadata: { b: "2" }, updated_at: clock().toISOString() });
    expect(await getSequence(tenant.client, sequence.id)).toEqual(response.body);
    const events = await eventsOf(tenant.client, sequence.id);
    expect(events.map((e) => e.type)).toEqual(["sequence.created", "sequence.updated"]);
    expect(events[1].data).toEqual({ object: response.body, previous_attributes: { name: "Onboarding", metadata: { a: "1" } } });
  });

  it("changes the steps of a draft, validated like on create", async () => {
    const tenant = await t().tenant();
    const sequence = await createSequence(tenant.client);
    const steps = [
      { type: "task", subject: "First call", delay_days: 2 },
      { type: "email", subject: "S", body: "B", delay_days: 3 },
    ];
    const updated = await tenant.client.patch(`/v1/sequences/${sequence.id}`, { steps });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.steps).toEqual([
      { type: "task", delay_days: 2, subject: "First call", body: null },
      { type: "email", delay_days: 3, subject: "S", body: "B" },
    ]);
    const events = await eventsOf(tenant.client, sequence.id);
    expect(events.at(-1)).toMatchObject({ type: "sequence.updated", data: { object: updated.body, previous_attributes: { steps: STORED_STEPS } } });
    const cleared = await tenant.client.patch(`/v1/sequences/${sequence.id}`, { steps: [] });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.steps).toEqual([]);
  });

  it("changes the steps of a paused sequence", async () => {
    const tenant = await t().tenant();
    const paused = await sequenceIn(tenant.client, "paused");
    const response = await tenant.client.patch(`/v1/sequences/${paused.id}`, { steps: [TASK_STEP] });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ status: "paused", steps: [{ type: "task", delay_days: 1, subject: "Call {{first_name}}", body: null }] });
  });

  for (const state of ["active", "archived"] as const) {
    it(`refuses new steps for an ${state} sequence: 409 naming steps and ${state}, nothing changed`, async () => {
      const tenant = await t().tenant();
      const sequence = await sequenceIn(tenant.client, state);
      const before = await snapshot(tenant.client);
      clock.advance(1000);
      const response = await tenant.client.patch(`/v1/sequences/${sequence.id}`, { name: "Changed too", steps: [TASK_STEP] });
      expectRefusedTransition(response, state);
      expect(errorFields(response)).toEqual(["body:steps"]);
      expect(await getSequence(tenant.client, sequence.id)).toEqual(sequence);
      expect(await snapshot(tenant.client)).toEqual(before);
    });
  }

  it("still renames an active sequence", async () => {
    const tenant = await t().tenant();
    const active = await sequenceIn(tenant.client, "active");
    const response = await tenant.client.patch(`/v1/sequences/${active.id}`, { name: "Live one", metadata: { k: "v" } });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ status: "active", name: "Live one", metadata: { k: "v" }, steps: STORED_STEPS });
  });

  it("emits no event when nothing changes", async () => {
    const tenant = await t().tenant();
    const sequence = await createSequence(tenant.client, { metadata: { a: "1" } });
    const response = await tenant.client.patch(`/v1/sequences/${sequence.id}`, {
      name: sequence.name,
      metadata: { a: "1" },
      steps: [EMAIL_STEP, WAIT_STEP, TASK_STEP],
    });
    expect(response.status, response.text).toBe(200);
    expect(await eventTypesOf(tenant.client, sequence.id)).toEqual(["sequence.created"]);
  });

  it("refuses bad bodies naming the field, and changes nothing", async () => {
    const tenant = await t().tenant();
    const sequence = await createSequence(tenant.client);
    const before = await snapshot(tenant.client);
    const patch = (body: unknown) => tenant.client.patch(`/v1/sequences/${sequence.id}`, body);
    expectProblem(await patch({}), 400, "validation_failed");
    expectProblem(await tenant.client.request("PATCH", `/v1/sequences/${sequence.id}`), 400, "validation_failed");
    expectInvalid(await patch({ status: "active" }), ["status"]);
    expectInvalid(await patch({ name: "" }), ["name"]);
    expectInvalid(await patch({ name: null }), ["name"]);
    expectInvalid(await patch({ metadata: { a: 1 } }), ["metadata.a"]);
    expectInvalid(await patch({ steps: [EMAIL_STEP, { type: "email", subject: "S" }] }), ["steps[1].body"]);
    expectInvalid(await patch({ steps: [{ type: "wait", delay_days: 0 }] }), ["steps[0].delay_days"]);
    expectInvalid(await patch({ steps: [{ type: "task" }] }), ["steps[0].subject"]);
    expectInvalid(await patch({ steps: [{ ...TASK_STEP, delay_days: 400 }] }), ["steps[0].delay_days"]);
    expectInvalid(await patch({ name: "ok", colour: "red" }), ["colour"]);
    expect(await getSequence(tenant.client, sequence.id)).toEqual(sequence);
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("is 404 for a sequence that does not exist", async () => {
    const tenant = await t().tenant();
    expectProblem(await tenant.client.patch(`/v1/sequences/${newId("sequence")}`, { name: "x" }), 404, "not_found");
  });
});

describe("status actions: activate, pause, archive", () => {
  type Action = "activate" | "pause" | "archive";
  const RULES: Record<Action, { from: State[]; to: State; events: string[] }> = {
    activate: { from: ["draft", "paused"], to: "active", events: ["sequence.updated", "sequence.activated"] },
    pause: { from: ["active"], to: "paused", events: ["sequence.updated", "sequence.paused"] },
    archive: { from: ["draft", "active", "paused"], to: "archived", events: ["sequence.updated"] },
  };

  for (const action of Object.keys(RULES) as Action[]) {
    const rule = RULES[action];
    for (const state of STATES) {
      if (rule.from.includes(state)) {
        it(`${action} from ${state} -> ${rule.to}, with events ${rule.events.join(", ")}`, async () => {
          const tenant = await t().tenant();
          const sequence = await sequenceIn(tenant.client, state);
          const before = await eventTypesOf(tenant.client, sequence.id);
          clock.advance(1000);
          const response = await tenant.client.post(`/v1/sequences/${sequence.id}/${action}`);
          expect(response.status, response.text).toBe(200);
          expect(response.body).toEqual({ ...sequence, status: rule.to, updated_at: clock().toISOString() });
          expect(await getSequence(tenant.client, sequence.id)).toEqual(response.body);
          const events = await eventsOf(tenant.client, sequence.id);
          expect(events.map((e) => e.type)).toEqual([...before, ...rule.events]);
          const added = events.slice(before.length);
          for (const event of added) expect(event.data.object).toEqual(response.body);
          expect(added[0].data.previous_attributes).toEqual({ status: state });
        });
      } else {
        it(`${action} from ${state} is refused: 409 naming ${state}, nothing changed`, async () => {
          const tenant = await t().tenant();
          const sequence = await sequenceIn(tenant.client, state);
          const before = await snapshot(tenant.client);
          clock.advance(1000);
          const response = await tenant.client.post(`/v1/sequences/${sequence.id}/${action}`);
          expectRefusedTransition(response, state);
          expect(await getSequence(tenant.client, sequence.id)).toEqual(sequence);
          expect(await snapshot(tenant.client)).toEqual(before);
        });
      }
    }
  }

  it("accepts an empty JSON object as the body, and refuses any field", async () => {
    const tenant = await t().tenant();
    const sequence = await createSequence(tenant.client);
    expectInvalid(await tenant.client.post(`/v1/sequences/${sequence.id}/activate`, { force: true }), ["force"]);
    expect((await getSequence(tenant.client, sequence.id)).status).toBe("draft");
    const response = await tenant.client.post(`/v1/sequences/${sequence.id}/activate`, {});
    expect(response.status, response.text).toBe(200);
    expect(response.body.status).toBe("active");
  });

  it("refuses to activate a sequence without an email or task step: 422 naming steps, still draft", async () => {
    const tenant = await t().tenant();
    for (const steps of [[], [WAIT_STEP]]) {
      const sequence = await createSequence(tenant.client, { steps });
      const before = await snapshot(tenant.client);
      const response = await tenant.client.post(`/v1/sequences/${sequence.id}/activate`);
      expectProblem(response, 422, "unprocessable");
      expect(errorFields(response)).toEqual(["body:steps"]);
      expect(await getSequence(tenant.client, sequence.id)).toEqual(sequence);
      expect(await snapshot(tenant.client)).toEqual(before);
    }
  });

  it("refuses to reactivate a paused sequence whose steps were changed to waits only", async () => {
    const tenant = await t().tenant();
    const paused = await sequenceIn(tenant.client, "paused");
    const changed = await tenant.client.patch(`/v1/sequences/${paused.id}`, { steps: [WAIT_STEP] });
    expect(changed.status, changed.text).toBe(200);
    const response = await tenant.client.post(`/v1/sequences/${paused.id}/activate`);
    expectProblem(response, 422, "unprocessable");
    expect((await getSequence(tenant.client, paused.id)).status).toBe("paused");
  });

  it("runs a full life: draft, active, paused, active, archived", async () => {
    const tenant = await t().tenant();
    const sequence = await createSequence(tenant.client);
    await actOnSequence(tenant.client, sequence.id, "activate");
    await actOnSequence(tenant.client, sequence.id, "pause");
    await actOnSequence(tenant.client, sequence.id, "activate");
    const archived = await actOnSequence(tenant.client, sequence.id, "archive");
    expect(archived.status).toBe("archived");
    expect(await eventTypesOf(tenant.client, sequence.id)).toEqual([
      "sequence.created",
      "sequence.updated",
      "sequence.activated",
      "sequence.updated",
      "sequence.paused",
      "sequence.updated",
      "sequence.activated",
      "sequence.updated",
    ]);
  });
});

describe("DELETE /v1/sequences/{id}", () => {
  it("deletes a sequence: gone from GET and the list, sequence.deleted carries it, a second delete is 404", async () => {
    const tenant = await t().tenant();
    const sequence = await createSequence(tenant.client);
    const kept = await createSequence(tenant.client, { name: "Kept" });
    const response = await tenant.client.delete(`/v1/sequences/${sequence.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ id: sequence.id, object: "sequence", deleted: true });
    expectProblem(await tenant.client.get(`/v1/sequences/${sequence.id}`), 404, "not_found");
    expect((await tenant.client.get("/v1/sequences")).body.data.map((s: any) => s.id)).toEqual([kept.id]);
    const events = await eventsOf(tenant.client, sequence.id);
    expect(events.map((e) => e.type)).toEqual(["sequence.created", "sequence.deleted"]);
    expect(events[1].data).toEqual({ object: sequence });
    expectProblem(await tenant.client.delete(`/v1/sequences/${sequence.id}`), 404, "not_found");
  });

  for (const state of STATES) {
    it(`deletes a ${state} sequence without active enrollments`, async () => {
      const tenant = await t().tenant();
      const sequence = await sequenceIn(tenant.client, state);
      const response = await tenant.client.delete(`/v1/sequences/${sequence.id}`);
      expect(response.status, response.text).toBe(200);
      expectProblem(await tenant.client.get(`/v1/sequences/${sequence.id}`), 404, "not_found");
    });
  }

  it("refuses (409) while an enrollment is active, nothing changed; allowed once it is unenrolled", async () => {
    const tenant = await t().tenant();
    const sequence = await sequenceIn(tenant.client, "paused");
    const contact = await createContact(tenant.client, { first_name: "Ann", email: "ann@example.com" });
    const enrollment = await enroll(tenant.client, sequence.id, contact.id);
    const before = await snapshot(tenant.client);
    const refused = await tenant.client.delete(`/v1/sequences/${sequence.id}`);
    expectProblem(refused, 409, "conflict");
    expect(await getSequence(tenant.client, sequence.id)).toEqual(sequence);
    expect((await tenant.client.get(`/v1/sequences/${sequence.id}/enrollments/${enrollment.id}`)).body).toEqual(enrollment);
    expect(await snapshot(tenant.client)).toEqual(before);

    const unenrolled = await tenant.client.delete(`/v1/sequences/${sequence.id}/enrollments/${enrollment.id}`);
    expect(unenrolled.status, unenrolled.text).toBe(200);
    const deleted = await tenant.client.delete(`/v1/sequences/${sequence.id}`);
    expect(deleted.status, deleted.text).toBe(200);
    expectProblem(await tenant.client.get(`/v1/sequences/${sequence.id}/enrollments/${enrollment.id}`), 404, "not_found");
  });

  it("deletes an archived sequence whose enrollments the archive stopped", async () => {
    const tenant = await t().tenant();
    const sequence = await sequenceIn(tenant.client, "active");
    const contact = await createContact(tenant.client, { first_name: "Bo", email: "bo@example.com" });
    await enroll(tenant.client, sequence.id, contact.id);
    expectProblem(await tenant.client.delete(`/v1/sequences/${sequence.id}`), 409, "conflict");
    await actOnSequence(tenant.client, sequence.id, "archive");
    const deleted = await tenant.client.delete(`/v1/sequences/${sequence.id}`);
    expect(deleted.status, deleted.text).toBe(200);
  });
});

describe("ids in the path", () => {
  let tenant: Tenant;
  let sequence: any;
  beforeAll(async () => {
    tenant = await t().tenant();
    sequence = await createSequence(tenant.client);
  });

  const routes: [string, (id: string) => string, unknown][] = [
    ["GET", (id) => `/v1/sequences/${id}`, undefined],
    ["PATCH", (id) => `/v1/sequences/${id}`, { name: "x" }],
    ["DELETE", (id) => `/v1/sequences/${id}`, undefined],
    ["POST", (id) => `/v1/sequences/${id}/activate`, undefined],
    ["POST", (id) => `/v1/sequences/${id}/pause`, undefined],
    ["POST", (id) => `/v1/sequences/${id}/archive`, undefined],
    ["GET", (id) => `/v1/sequences/${id}/enrollments`, undefined],
    ["POST", (id) => `/v1/sequences/${id}/enrollments`, { contact_id: newId("contact") }],
  ];

  for (const [method, path, body] of routes) {
    const route = `${method} ${path("{id}")}`;
    it(`${route}: an id of another kind or malformed is a 400 naming id in the path`, async () => {
      for (const id of [newId("contact"), newId("enrollment"), "seq_123", "seq_" + "u".repeat(26), sequence.id.toUpperCase(), "1"]) {
        expectInvalid(await tenant.client.request(method, path(id), { body }), ["id"], "path");
      }
      expect(await getSequence(tenant.client, sequence.id)).toEqual(sequence);
    });

    it(`${route}: a well-formed id that names nothing is a 404`, async () => {
      const id = newId("sequence");
      const response = await tenant.client.request(method, path(id), { body });
      expectProblem(response, 404, "not_found");
      expect(response.body.detail).toContain(id);
    });
  }
});

describe("cross-tenant isolation", () => {
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    a = await t().tenant();
    b = await t().tenant();
    await createSequence(b.client, { name: "B's own" });
  });

  async function untouched(sequence: any) {
    expect(await getSequence(a.client, sequence.id)).toEqual(sequence);
  }

  it("GET, PATCH and DELETE of another organization's sequence are 404, and change nothing", async () => {
    const sequence = await createSequence(a.client, { name: "Secret of A" });
    const before = await snapshot(a.client);
    for (const response of [
      await b.client.get(`/v1/sequences/${sequence.id}`),
      await b.client.patch(`/v1/sequences/${sequence.id}`, { name: "hijacked" }),
      await b.client.patch(`/v1/sequences/${sequence.id}`, { steps: [] }),
      await b.client.delete(`/v1/sequences/${sequence.id}`),
    ]) {
      expectProblem(response, 404, "not_found");
    }
    await untouched(sequence);
    expect(await snapshot(a.client)).toEqual(before);
  });

  it("activate, pause and archive of another organization's sequence are 404, in any state", async () => {
    for (const state of STATES) {
      const sequence = await sequenceIn(a.client, state);
      const before = await snapshot(a.client);
      for (const action of ["activate", "pause", "archive"]) {
        expectProblem(await b.client.post(`/v1/sequences/${sequence.id}/${action}`), 404, "not_found");
      }
      await untouched(sequence);
      expect(await snapshot(a.client)).toEqual(before);
    }
  });

  it("the enrollment routes of another organization's sequence are 404", async () => {
    const sequence = await sequenceIn(a.client, "active");
    const contactA = await createContact(a.client, { first_name: "Cy", email: "cy@example.com" });
    const enrollment = await enroll(a.client, sequence.id, contactA.id);
    const contactB = await createContact(b.client, { first_name: "Di", email: "di@example.com" });
    const before = await snapshot(a.client);
    for (const response of [
      await b.client.get(`/v1/sequences/${sequence.id}/enrollments`),
      await b.client.post(`/v1/sequences/${sequence.id}/enrollments`, { contact_id: contactB.id }),
      await b.client.get(`/v1/sequences/${sequence.id}/enrollments/${enrollment.id}`),
      await b.client.delete(`/v1/sequences/${sequence.id}/enrollments/${enrollment.id}`),
    ]) {
      expectProblem(response, 404, "not_found");
    }
    expect((await a.client.get(`/v1/sequences/${sequence.id}/enrollments/${enrollment.id}`)).body).toEqual(enrollment);
    expect(await snapshot(a.client)).toEqual(before);
  });

  it("lists, filters, searches and events never show another organization's sequences", async () => {
    const sequence = await createSequence(a.client, { name: "Confidential outreach" });
    for (const query of ["", "?q=Confidential", "?name[contains]=Confidential", "?status=draft", "?per_page=100"]) {
      const list = await b.client.get(`/v1/sequences${query}`);
      expect(list.status, list.text).toBe(200);
      expect(list.body.data.map((s: any) => s.id)).not.toContain(sequence.id);
    }
    expect((await b.client.get("/v1/sequences?q=Confidential")).body.meta.total).toBe(0);
    expect((await b.client.get(`/v1/events?object_id=${sequence.id}`)).body.data).toEqual([]);
    expect((await a.client.get("/v1/sequences?q=Confidential")).body.data.map((s: any) => s.id)).toEqual([sequence.id]);
  });
});

describe("GET /v1/sequences: filters, sort and paging", () => {
  let tenant: Tenant;
  /** The sequences as GET shows them, in creation order. */
  let all: any[] = [];
  const NAMES = ["Welcome", "Re-engage churned", "Enterprise outbound", "Webinar follow-up", "Trial nurture", "Welcome back"];

  beforeAll(async () => {
    tenant = await t().tenant();
    const other = await t().tenant();
    await createSequence(other.client, { name: "Welcome (other org)" });
    const states: State[] = ["draft", "active", "paused", "archived", "active", "draft", "paused", "draft"];
    for (let i = 0; i < states.length; i++) {
      clock.advance(60_000);
      await sequenceIn(tenant.client, states[i]!, { name: `${NAMES[i % NAMES.length]} ${i}` });
    }
    // Touch the first one last, so updated_at order differs from created_at order.
    clock.advance(60_000);
    const list = await tenant.client.get("/v1/sequences?per_page=100&sort=created_at");
    const first = list.body.data[0];
    expect((await tenant.client.patch(`/v1/sequences/${first.id}`, { metadata: { touched: "yes" } })).status).toBe(200);
    all = (await tenant.client.get("/v1/sequences?per_page=100&sort=created_at")).body.data;
    expect(all).toHaveLength(states.length);
    expect(all.map((s) => s.status)).toEqual(states);
  });

  async function ids(query: string): Promise<string[]> {
    const response = await tenant.client.get(`/v1/sequences?${query}`);
    expect(response.status, `${query}: ${response.text}`).toBe(200);
    return response.body.data.map((s: any) => s.id);
  }

  it("lists newest first by default, in the list envelope", async () => {
    const response = await tenant.client.get("/v1/sequences");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: [...all].reverse(), meta: { total: all.length, page: 1, per_page: 25 } });
  });

  it("filters by status, and by a comma list of statuses", async () => {
    for (const status of STATES) {
      expect(await ids(`status=${status}`)).toEqual(
        all
          .filter((s) => s.status === status)
          .map((s) => s.id)
          .reverse(),
      );
    }
    expect((await ids("status=draft,paused")).sort()).toEqual(
      all
        .filter((s) => ["draft", "paused"].includes(s.status))
        .map((s) => s.id)
        .sort(),
    );
  });

  it("filters by name[contains] and q, case-insensitively", async () => {
    const welcome = all
      .filter((s) => s.name.toLowerCase().includes("welcome"))
      .map((s) => s.id)
      .sort();
    expect(welcome.length).toBeGreaterThan(1);
    expect((await ids("name[contains]=WELCOME")).sort()).toEqual(welcome);
    expect((await ids("q=welcome")).sort()).toEqual(welcome);
    expect(await ids("q=nothing-like-this")).toEqual([]);
  });

  it("filters by created_at and updated_at ranges", async () => {
    const pivot = all[3].created_at;
    expect(await ids(`created_at[gte]=${pivot}&sort=created_at`)).toEqual(all.slice(3).map((s) => s.id));
    expect(await ids(`created_at[lt]=${pivot}&sort=created_at`)).toEqual(all.slice(0, 3).map((s) => s.id));
    expect(await ids(`updated_at[gt]=${all[0].created_at}&sort=created_at`)).toContain(all[0].id);
  });

  it("sorts by name, created_at and updated_at, either way", async () => {
    const byName = [...all].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0)).map((s) => s.id);
    expect(await ids("sort=name&per_page=100")).toEqual(byName);
    expect(await ids("sort=-name&per_page=100")).toEqual([...byName].reverse());
    expect(await ids("sort=created_at")).toEqual(all.map((s) => s.id));
    const byUpdated = await ids("sort=-updated_at");
    expect(byUpdated[0]).toBe(all[0].id);
  });

  it("pages through the list without repeats or gaps", async () => {
    const pages: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const response = await tenant.client.get(`/v1/sequences?sort=created_at&per_page=3&page=${page}`);
      expect(response.body.meta).toEqual({ total: all.length, page, per_page: 3 });
      pages.push(...response.body.data.map((s: any) => s.id));
    }
    expect(pages).toEqual(all.map((s) => s.id));
    expect(await ids("page=4&per_page=3")).toEqual([]);
  });

  it("refuses bad query parameters naming them", async () => {
    const bad = async (query: string, fields: string[]) => expectInvalid(await tenant.client.get(`/v1/sequences?${query}`), fields, "query");
    await bad("status=deleted", ["status"]);
    await bad("sort=steps", ["sort"]);
    await bad("per_page=101", ["per_page"]);
    await bad("page=0", ["page"]);
    await bad("colour=red", ["colour"]);
    await bad("created_at[gte]=yesterday", ["created_at[gte]"]);
  });
});
