import { beforeEach, describe, expect, it } from "vitest";
import type { MailTransport, OutgoingMail } from "../../src/engines/growth/mail-transport.ts";
import { newId } from "../../src/platform/ids.ts";
import { errorFields, expectInvalid, expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type Client, type Tenant, type TestApp } from "../helpers/harness.ts";
import {
  DAY,
  ENROLLMENT_ID,
  MESSAGE_ID,
  MINUTE,
  NOW,
  actOnSequence,
  createOk,
  enroll,
  eventLogState,
  eventTypesOf,
  eventsOf,
  expectRefusedTransition,
  getOk,
} from "./helpers.ts";

// Running sequences: enrollments, the scheduler that runs their steps, the mail
// log and replies. The sequences themselves are in sequences.test.ts.

/** NOW plus some days (and milliseconds), as the API writes times. */
function at(days: number, ms = 0): string {
  return new Date(Date.parse(NOW) + days * DAY + ms).toISOString();
}

function email(subject: string, body: string, delay_days = 0) {
  return { type: "email", delay_days, subject, body };
}
function task(subject: string, delay_days = 0) {
  return { type: "task", delay_days, subject };
}
function wait(delay_days: number) {
  return { type: "wait", delay_days };
}

/** Creates an active sequence named "Outbound" with one email step, unless the body says otherwise. */
function createSequence(client: Client, body: Record<string, unknown> = {}): Promise<any> {
  return createOk(client, "/v1/sequences", { name: "Outbound", status: "active", steps: [email("Hi", "Hello")], ...body });
}

function createAccount(client: Client, name: string): Promise<any> {
  return createOk(client, "/v1/accounts", { name });
}

let contactCounter = 0;
/** A contact with an email address unique in the run, unless the body says otherwise. */
function createContact(client: Client, body: Record<string, unknown> = {}): Promise<any> {
  return createOk(client, "/v1/contacts", { first_name: "Ann", email: `person${++contactCounter}@example.com`, ...body });
}

function getEnrollment(client: Client, enrollment: { id: string; sequence_id: string }): Promise<any> {
  return getOk(client, `/v1/sequences/${enrollment.sequence_id}/enrollments/${enrollment.id}`);
}

async function unenroll(client: Client, enrollment: { id: string; sequence_id: string }): Promise<any> {
  const response = await client.delete(`/v1/sequences/${enrollment.sequence_id}/enrollments/${enrollment.id}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** The mail log, newest first. */
async function messages(client: Client, query = ""): Promise<any[]> {
  const log = await getOk(client, `/v1/sequence_messages?per_page=100&${query}`);
  expect(log.meta.total).toBe(log.data.length);
  return log.data;
}

/** Counts any write would move: the event log, the mail log, and the given sequences' enrollments. */
async function snapshot(client: Client, sequenceIds: string[] = []): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = await eventLogState(client);
  result.messages = (await getOk(client, "/v1/sequence_messages?per_page=1")).meta.total;
  for (const id of sequenceIds) result[id] = (await getOk(client, `/v1/sequences/${id}/enrollments?per_page=100`)).data;
  return result;
}

/** A new enrollment as the API shows it, with fields replaced. */
function freshEnrollment(sequence: any, contact: any, fields: Record<string, unknown> = {}) {
  return {
    id: expect.stringMatching(ENROLLMENT_ID),
    object: "enrollment",
    sequence_id: sequence.id,
    contact_id: contact.id,
    status: "active",
    current_step: 0,
    next_step_at: NOW,
    last_step_index: null,
    last_step_at: null,
    stop_reason: null,
    enrolled_at: NOW,
    finished_at: null,
    updated_at: NOW,
    ...fields,
  };
}

describe("with the built-in mail transport", () => {
  const clock = testClock(NOW);
  const t = useTestApp({ clock });
  const tick = () => t().scheduler.tick();
  /** Sets the clock and runs the scheduler once. */
  async function tickAt(time: string) {
    clock.set(time);
    await tick();
  }

  let tenant: Tenant;
  let client: Client;
  beforeEach(async () => {
    // Each test starts at NOW with a tenant (and key) that has never seen a later time.
    clock.set(NOW);
    tenant = await t().tenant();
    client = tenant.client;
  });

  describe("POST /v1/sequences/{id}/enrollments", () => {
    it("enrolls a contact: active, step 0, the first step due its delay_days from now", async () => {
      const sequence = await createSequence(client, { steps: [email("Hi", "Hello", 3), task("Call", 1)] });
      const contact = await createContact(client);
      const response = await client.post(`/v1/sequences/${sequence.id}/enrollments`, { contact_id: contact.id });
      expect(response.status, response.text).toBe(201);
      expect(response.body).toEqual(freshEnrollment(sequence, contact, { next_step_at: at(3) }));
      expect(await getEnrollment(client, response.body)).toEqual(response.body);
      const list = await client.get(`/v1/sequences/${sequence.id}/enrollments`);
      expect(list.body).toEqual({ data: [response.body], meta: { total: 1, page: 1, per_page: 25 } });
    });

    it("makes a first step without delay due at once", async () => {
      const sequence = await createSequence(client, { steps: [task("Call"), email("Hi", "Hello", 2)] });
      const enrollment = await enroll(client, sequence.id, (await createContact(client)).id);
      expect(enrollment.next_step_at).toBe(NOW);
    });

    it("emits sequence.contact_enrolled carrying the enrollment", async () => {
      const sequence = await createSequence(client);
      const enrollment = await enroll(client, sequence.id, (await createContact(client)).id);
      const events = await eventsOf(client, enrollment.id);
      expect(events.map((e) => e.type)).toEqual(["sequence.contact_enrolled"]);
      expect(events[0].data).toEqual({ object: enrollment });
    });

    it("enrolls into draft and paused sequences too (their steps wait)", async () => {
      const draft = await createSequence(client, { status: "draft" });
      const paused = await actOnSequence(client, (await createSequence(client)).id, "pause");
      const contact = await createContact(client);
      expect((await enroll(client, draft.id, contact.id)).status).toBe("active");
      expect((await enroll(client, paused.id, contact.id)).status).toBe("active");
    });

    it("refuses a second enrollment while the first is active: 409 with existing_id, nothing changed", async () => {
      const sequence = await createSequence(client);
      const contact = await createContact(client);
      const first = await enroll(client, sequence.id, contact.id);
      const before = await snapshot(client, [sequence.id]);
      clock.advance(1000);
      const response = await client.post(`/v1/sequences/${sequence.id}/enrollments`, { contact_id: contact.id });
      expectProblem(response, 409, "conflict");
      expect(response.body.existing_id).toBe(first.id);
      expect(errorFields(response)).toEqual(["body:contact_id"]);
      expect(await snapshot(client, [sequence.id])).toEqual(before);
    });

    it("lets exactly one of two simultaneous enrollments of the same contact through", async () => {
      const sequence = await createSequence(client);
      const contact = await createContact(client);
      const responses = await Promise.all([0, 1].map(() => client.post(`/v1/sequences/${sequence.id}/enrollments`, { contact_id: contact.id })));
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
      const winner = responses.find((r) => r.status === 201)!;
      expect(responses.find((r) => r.status === 409)!.body.existing_id).toBe(winner.body.id);
      const list = await client.get(`/v1/sequences/${sequence.id}/enrollments`);
      expect(list.body.data.map((e: any) => e.id)).toEqual([winner.body.id]);
    });

    it("enrolls the same contact in several sequences", async () => {
      const contact = await createContact(client);
      const one = await enroll(client, (await createSequence(client)).id, contact.id);
      const two = await enroll(client, (await createSequence(client)).id, contact.id);
      expect(one.id).not.toBe(two.id);
    });

    it("enrolls a contact again once its enrollment finished (unenrolled, completed or replied)", async () => {
      const sequence = await createSequence(client, { steps: [task("Call")] });
      const contact = await createContact(client);
      const first = await enroll(client, sequence.id, contact.id);
      await unenroll(client, first);
      clock.advance(MINUTE);
      const second = await enroll(client, sequence.id, contact.id);
      expect(second).toEqual(
        freshEnrollment(sequence, contact, { next_step_at: clock().toISOString(), enrolled_at: clock().toISOString(), updated_at: clock().toISOString() }),
      );
      expect(second.id).not.toBe(first.id);
      await tick();
      expect((await getEnrollment(client, second)).status).toBe("completed");
      const third = await enroll(client, sequence.id, contact.id);
      const reply = await client.post("/v1/sequence_replies", { enrollment_id: third.id, body: "Stop" });
      expect(reply.status, reply.text).toBe(200);
      const fourth = await enroll(client, sequence.id, contact.id);
      const all = await client.get(`/v1/sequences/${sequence.id}/enrollments?sort=created_at`);
      expect(all.body.data.map((e: any) => [e.id, e.status])).toEqual([
        [first.id, "unenrolled"],
        [second.id, "completed"],
        [third.id, "replied"],
        [fourth.id, "active"],
      ]);
    });

    it("refuses a contact without an email in a sequence that sends email (422 naming contact_id), not in one without email steps", async () => {
      const mailing = await createSequence(client, { steps: [task("Call"), email("Hi", "Hello", 2)] });
      const calling = await createSequence(client, { steps: [task("Call"), wait(2), task("Call again")] });
      const contact = await createContact(client, { first_name: "No", last_name: "Mail", email: undefined });
      expect(contact.email).toBeNull();
      const before = await snapshot(client, [mailing.id]);
      const response = await client.post(`/v1/sequences/${mailing.id}/enrollments`, { contact_id: contact.id });
      expectProblem(response, 422, "unprocessable");
      expect(errorFields(response)).toEqual(["body:contact_id"]);
      expect(await snapshot(client, [mailing.id])).toEqual(before);
      expect((await enroll(client, calling.id, contact.id)).status).toBe("active");
    });

    it("refuses an archived sequence: 409 naming archived, nothing changed", async () => {
      const sequence = await actOnSequence(client, (await createSequence(client)).id, "archive");
      const contact = await createContact(client);
      const before = await snapshot(client, [sequence.id]);
      expectRefusedTransition(await client.post(`/v1/sequences/${sequence.id}/enrollments`, { contact_id: contact.id }), "archived");
      expect(await snapshot(client, [sequence.id])).toEqual(before);
    });

    it("refuses another organization's contact, or one that does not exist, with 422 naming contact_id", async () => {
      const other = await t().tenant();
      const theirs = await createContact(other.client);
      const sequence = await createSequence(client);
      const before = await snapshot(client, [sequence.id]);
      for (const contactId of [theirs.id, newId("contact")]) {
        const response = await client.post(`/v1/sequences/${sequence.id}/enrollments`, { contact_id: contactId });
        expectProblem(response, 422, "unprocessable");
        expect(response.body.errors).toEqual([{ in: "body", field: "contact_id", message: expect.any(String) }]);
        expect(response.text).not.toContain(theirs.email);
      }
      expect(await snapshot(client, [sequence.id])).toEqual(before);
      expect(await eventTypesOf(other.client, theirs.id)).toEqual(["contact.created"]);
    });

    it("refuses bad bodies naming contact_id or the unknown field", async () => {
      const sequence = await createSequence(client);
      const contact = await createContact(client);
      const before = await snapshot(client, [sequence.id]);
      const post = (body: unknown) => client.post(`/v1/sequences/${sequence.id}/enrollments`, body);
      expectInvalid(await post({}), ["contact_id"]);
      for (const contact_id of [newId("account"), "con_123", contact.id.toUpperCase(), 5, null]) expectInvalid(await post({ contact_id }), ["contact_id"]);
      expectInvalid(await post({ contact_id: contact.id, status: "completed" }), ["status"]);
      expectProblem(await client.request("POST", `/v1/sequences/${sequence.id}/enrollments`), 400, "validation_failed");
      expect(await snapshot(client, [sequence.id])).toEqual(before);
    });
  });

  describe("GET /v1/sequences/{id}/enrollments", () => {
    it("lists the sequence's enrollments newest first, filtered by status and contact_id, sorted and paged", async () => {
      const sequence = await createSequence(client, { steps: [task("Call", 1)] });
      const elsewhere = await createSequence(client);
      const contacts = [];
      for (let i = 0; i < 5; i++) contacts.push(await createContact(client));
      const enrollments: any[] = [];
      for (const [i, contact] of contacts.entries()) {
        clock.set(at(0, i * MINUTE));
        enrollments.push(await enroll(client, sequence.id, contact.id));
      }
      await enroll(client, elsewhere.id, contacts[0].id);
      await unenroll(client, enrollments[1]);
      await unenroll(client, enrollments[3]);
      const current = await Promise.all(enrollments.map((e) => getEnrollment(client, e)));
      const ids = async (query: string) => {
        const response = await client.get(`/v1/sequences/${sequence.id}/enrollments?${query}`);
        expect(response.status, `${query}: ${response.text}`).toBe(200);
        return response.body.data.map((e: any) => e.id);
      };
      const idsOf = (...indexes: number[]) => indexes.map((i) => enrollments[i].id);
      expect((await client.get(`/v1/sequences/${sequence.id}/enrollments`)).body).toEqual({
        data: [...current].reverse(),
        meta: { total: 5, page: 1, per_page: 25 },
      });
      expect(await ids("status=active")).toEqual(idsOf(4, 2, 0));
      expect(await ids("status=unenrolled")).toEqual(idsOf(3, 1));
      expect(await ids("status=completed")).toEqual([]);
      expect(await ids(`contact_id=${contacts[2].id}`)).toEqual(idsOf(2));
      expect(await ids(`contact_id=${contacts[0].id},${contacts[3].id}`)).toEqual(idsOf(3, 0));
      expect(await ids("sort=created_at")).toEqual(idsOf(0, 1, 2, 3, 4));
      expect(await ids(`sort=next_step_at&status=active`)).toEqual(idsOf(0, 2, 4));
      expect(await ids("sort=created_at&per_page=2&page=2")).toEqual(idsOf(2, 3));
      expect(await ids(`next_step_at[gt]=${at(1, 1)}&sort=created_at`)).toEqual(idsOf(2, 4));
    });

    it("refuses bad query parameters naming them", async () => {
      const sequence = await createSequence(client);
      const bad = async (query: string, fields: string[]) =>
        expectInvalid(await client.get(`/v1/sequences/${sequence.id}/enrollments?${query}`), fields, "query");
      await bad("status=paused", ["status"]);
      await bad(`contact_id=${newId("account")}`, ["contact_id"]);
      await bad("sort=contact_id", ["sort"]);
      await bad("q=ann", ["q"]);
    });
  });

  describe("GET and DELETE /v1/sequences/{id}/enrollments/{enrollment_id}", () => {
    it("finds an enrollment only under its own sequence", async () => {
      const sequence = await createSequence(client);
      const other = await createSequence(client);
      const enrollment = await enroll(client, sequence.id, (await createContact(client)).id);
      expectProblem(await client.get(`/v1/sequences/${other.id}/enrollments/${enrollment.id}`), 404, "not_found");
      expectProblem(await client.delete(`/v1/sequences/${other.id}/enrollments/${enrollment.id}`), 404, "not_found");
      expectProblem(await client.get(`/v1/sequences/${sequence.id}/enrollments/${newId("enrollment")}`), 404, "not_found");
      expectProblem(await client.delete(`/v1/sequences/${sequence.id}/enrollments/${newId("enrollment")}`), 404, "not_found");
      expect(await getEnrollment(client, enrollment)).toEqual(enrollment);
    });

    it("refuses a malformed enrollment id naming enrollment_id in the path", async () => {
      const sequence = await createSequence(client);
      for (const id of [newId("contact"), newId("sequence"), "enr_123", "1"]) {
        expectInvalid(await client.get(`/v1/sequences/${sequence.id}/enrollments/${id}`), ["enrollment_id"], "path");
        expectInvalid(await client.delete(`/v1/sequences/${sequence.id}/enrollments/${id}`), ["enrollment_id"], "path");
      }
      expectInvalid(await client.get(`/v1/sequences/seq_1/enrollments/enr_1`), ["id", "enrollment_id"], "path");
    });

    it("unenrolls: status unenrolled, stop_reason manual, no next step; emits sequence.contact_unenrolled", async () => {
      const sequence = await createSequence(client, { steps: [email("Hi", "Hello", 1)] });
      const enrollment = await enroll(client, sequence.id, (await createContact(client)).id);
      clock.set(at(0, 5 * MINUTE));
      const response = await client.delete(`/v1/sequences/${sequence.id}/enrollments/${enrollment.id}`);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({
        ...enrollment,
        status: "unenrolled",
        stop_reason: "manual",
        next_step_at: null,
        finished_at: at(0, 5 * MINUTE),
        updated_at: at(0, 5 * MINUTE),
      });
      expect(await getEnrollment(client, enrollment)).toEqual(response.body);
      const events = await eventsOf(client, enrollment.id);
      expect(events.map((e) => e.type)).toEqual(["sequence.contact_enrolled", "sequence.contact_unenrolled"]);
      expect(events[1].data).toEqual({ object: response.body });
      // Its step never runs.
      await tickAt(at(2));
      expect(await messages(client)).toEqual([]);
      expect(await getEnrollment(client, enrollment)).toEqual(response.body);
    });

    it("refuses to unenroll an enrollment that is not active: 409 naming its status, nothing changed", async () => {
      const sequence = await createSequence(client, { steps: [task("Call")] });
      const unenrolled = await unenroll(client, await enroll(client, sequence.id, (await createContact(client)).id));
      const completed = await enroll(client, sequence.id, (await createContact(client)).id);
      await tick();
      const done = await getEnrollment(client, completed);
      expect(done.status).toBe("completed");
      const before = await snapshot(client, [sequence.id]);
      expectRefusedTransition(await client.delete(`/v1/sequences/${sequence.id}/enrollments/${unenrolled.id}`), "unenrolled");
      expectRefusedTransition(await client.delete(`/v1/sequences/${sequence.id}/enrollments/${completed.id}`), "completed");
      expect(await snapshot(client, [sequence.id])).toEqual(before);
    });
  });

  describe("the scheduler", () => {
    it("sends a due email step with the contact's details filled in, through the log transport", async () => {
      const account = await createAccount(client, "Globex Corp");
      const contact = await createContact(client, {
        first_name: "Ann",
        last_name: "Lee",
        title: "CTO",
        email: "Ann.Lee@Globex.example",
        account_id: account.id,
      });
      const sequence = await createSequence(client, {
        steps: [
          email(
            "{{first_name}}, a question for {{company}}",
            "Dear {{ first_name }} {{last_name}},\nas {{title}} of {{company}} you may like this. {{unknown}} {{FIRST_NAME}}",
          ),
          task("Call {{first_name}}", 2),
        ],
      });
      const enrollment = await enroll(client, sequence.id, contact.id);
      clock.set(at(0, MINUTE));
      await tick();

      const log = await messages(client);
      expect(log).toEqual([
        {
          id: expect.stringMatching(MESSAGE_ID),
          object: "sequence_message",
          sequence_id: sequence.id,
          enrollment_id: enrollment.id,
          contact_id: contact.id,
          direction: "outbound",
          step_index: 0,
          address: "ann.lee@globex.example",
          subject: "Ann, a question for Globex Corp",
          body: "Dear Ann Lee,\nas CTO of Globex Corp you may like this. {{unknown}} {{FIRST_NAME}}",
          transport: "log",
          transport_message_id: null,
          created_at: at(0, MINUTE),
        },
      ]);
      const after = await getEnrollment(client, enrollment);
      expect(after).toEqual({
        ...enrollment,
        current_step: 1,
        last_step_index: 0,
        last_step_at: at(0, MINUTE),
        next_step_at: at(2, MINUTE),
        updated_at: at(0, MINUTE),
      });
      const events = await eventsOf(client, enrollment.id);
      expect(events.map((e) => e.type)).toEqual(["sequence.contact_enrolled", "sequence.step_sent"]);
      expect(events[1].data).toEqual({ object: after });
      expect(events[1].timestamp).toBe(at(0, MINUTE));
      expect(events[1].request).toEqual({ id: null, idempotency_key: null });
    });

    it("fills in missing details as empty text", async () => {
      const contact = await createContact(client, { first_name: undefined, email: "nobody@example.org" });
      const sequence = await createSequence(client, { steps: [email("Hi {{first_name}}!", "[{{last_name}}|{{company}}|{{title}}]")] });
      await enroll(client, sequence.id, contact.id);
      await tick();
      const [message] = await messages(client);
      expect(message).toMatchObject({ subject: "Hi !", body: "[||]", address: "nobody@example.org" });
    });

    it("puts the contact's details in as written: placeholders and $ patterns in them are not expanded", async () => {
      const contact = await createContact(client, { first_name: "{{last_name}}", last_name: "$& $1 $$", title: "{{title}}" });
      const sequence = await createSequence(client, { steps: [email("{{first_name}}", "{{last_name}} / {{title}}")] });
      await enroll(client, sequence.id, contact.id);
      await tick();
      const [message] = await messages(client);
      expect(message).toMatchObject({ subject: "{{last_name}}", body: "$& $1 $$ / {{title}}" });
    });

    it("runs every step in turn, each delay_days after the one before, then completes the enrollment", async () => {
      const contact = await createContact(client, { first_name: "Bo" });
      const sequence = await createSequence(client, {
        steps: [email("One {{first_name}}", "First", 1), wait(2), task("Call {{first_name}}", 1), email("Two", "Last", 3)],
      });
      const enrollment = await enroll(client, sequence.id, contact.id);
      expect(enrollment.next_step_at).toBe(at(1));

      // Not due yet.
      await tickAt(at(1, -1));
      expect(await getEnrollment(client, enrollment)).toEqual(enrollment);
      expect(await messages(client)).toEqual([]);

      // Step 0, the first email.
      await tickAt(at(1));
      expect(await getEnrollment(client, enrollment)).toMatchObject({
        status: "active",
        current_step: 1,
        last_step_index: 0,
        last_step_at: at(1),
        next_step_at: at(3),
      });
      expect((await messages(client)).map((m) => [m.step_index, m.subject])).toEqual([[0, "One Bo"]]);

      // Step 1, the wait: no message, no event.
      await tickAt(at(3));
      expect(await getEnrollment(client, enrollment)).toMatchObject({
        status: "active",
        current_step: 2,
        last_step_index: 1,
        last_step_at: at(3),
        next_step_at: at(4),
      });
      expect(await messages(client)).toHaveLength(1);
      expect(await eventTypesOf(client, enrollment.id)).toEqual(["sequence.contact_enrolled", "sequence.step_sent"]);

      // Step 2, the task: an event, no message.
      await tickAt(at(4));
      expect(await getEnrollment(client, enrollment)).toMatchObject({ status: "active", current_step: 3, last_step_index: 2, next_step_at: at(7) });
      expect(await messages(client)).toHaveLength(1);
      expect(await eventTypesOf(client, enrollment.id)).toEqual(["sequence.contact_enrolled", "sequence.step_sent", "sequence.step_sent"]);

      // Step 3, the last email: the enrollment completes.
      await tickAt(at(7));
      const done = await getEnrollment(client, enrollment);
      expect(done).toEqual({
        ...enrollment,
        status: "completed",
        current_step: 4,
        last_step_index: 3,
        last_step_at: at(7),
        next_step_at: null,
        finished_at: at(7),
        updated_at: at(7),
      });
      expect((await messages(client, "sort=created_at")).map((m) => [m.step_index, m.subject, m.body, m.created_at])).toEqual([
        [0, "One Bo", "First", at(1)],
        [3, "Two", "Last", at(7)],
      ]);
      const events = await eventsOf(client, enrollment.id);
      expect(events.map((e) => e.type)).toEqual([
        "sequence.contact_enrolled",
        "sequence.step_sent",
        "sequence.step_sent",
        "sequence.step_sent",
        "sequence.completed",
      ]);
      expect(events[3].data.object).toEqual(done);
      expect(events[4].data.object).toEqual(done);

      // Nothing more happens.
      await tickAt(at(30));
      expect(await getEnrollment(client, enrollment)).toEqual(done);
      expect(await messages(client)).toHaveLength(2);
    });

    it("completes after a last wait step, emitting sequence.completed but no step_sent for the wait", async () => {
      const sequence = await createSequence(client, { steps: [task("Call"), wait(2)] });
      const enrollment = await enroll(client, sequence.id, (await createContact(client)).id);
      await tick();
      await tickAt(at(2));
      expect(await getEnrollment(client, enrollment)).toMatchObject({ status: "completed", current_step: 2, last_step_index: 1, finished_at: at(2) });
      expect(await eventTypesOf(client, enrollment.id)).toEqual(["sequence.contact_enrolled", "sequence.step_sent", "sequence.completed"]);
    });

    it("never sends a step twice when ticked again at the same time", async () => {
      const sequence = await createSequence(client, { steps: [email("Hi", "Hello"), email("Again", "Hello again", 1)] });
      const enrollment = await enroll(client, sequence.id, (await createContact(client)).id);
      await tick();
      await tick();
      await Promise.all([tick(), tick()]);
      expect(await messages(client)).toHaveLength(1);
      expect(await eventTypesOf(client, enrollment.id)).toEqual(["sequence.contact_enrolled", "sequence.step_sent"]);
      await tickAt(at(1));
      await tick();
      expect((await messages(client)).map((m) => m.step_index)).toEqual([1, 0]);
      expect(await eventTypesOf(client, enrollment.id)).toEqual([
        "sequence.contact_enrolled",
        "sequence.step_sent",
        "sequence.step_sent",
        "sequence.completed",
      ]);
    });

    it("counts a step's delay from when the previous step ran, not from when it was due", async () => {
      const sequence = await createSequence(client, { steps: [email("Hi", "Hello", 1), email("Again", "Hello again", 2)] });
      const enrollment = await enroll(client, sequence.id, (await createContact(client)).id);
      // The scheduler was down for four days: step 0 runs late, and step 1 is due two days after that.
      await tickAt(at(5, 7 * MINUTE));
      expect(await getEnrollment(client, enrollment)).toMatchObject({ current_step: 1, last_step_at: at(5, 7 * MINUTE), next_step_at: at(7, 7 * MINUTE) });
      expect(await messages(client)).toHaveLength(1);
    });

    it("runs each due enrollment once per tick, however many there are", async () => {
      const sequence = await createSequence(client, { steps: [email("Hi {{first_name}}", "Hello", 0), task("Call", 1)] });
      const count = 102; // more than one batch
      for (let i = 0; i < count; i++) await enroll(client, sequence.id, (await createContact(client, { first_name: `P${i}` })).id);
      await tick();
      const log = await client.get(`/v1/sequence_messages?sequence_id=${sequence.id}&per_page=1`);
      expect(log.body.meta.total).toBe(count);
      const active = await client.get(`/v1/sequences/${sequence.id}/enrollments?per_page=1&next_step_at=${at(1)}`);
      expect(active.body.meta.total).toBe(count);
      await tick();
      expect((await client.get(`/v1/sequence_messages?sequence_id=${sequence.id}&per_page=1`)).body.meta.total).toBe(count);
    });

    it("leaves the steps of a paused sequence waiting, and runs them once it is active again", async () => {
      const sequence = await createSequence(client, { steps: [email("Hi", "Hello", 1), task("Call", 1)] });
      const enrollment = await enroll(client, sequence.id, (await createContact(client)).id);
      clock.set(at(0, MINUTE));
      await actOnSequence(client, sequence.id, "pause");
      await tickAt(at(3));
      expect(await getEnrollment(client, enrollment)).toEqual(enrollment);
      expect(await messages(client)).toEqual([]);
      await actOnSequence(client, sequence.id, "activate");
      await tick();
      expect(await getEnrollment(client, enrollment)).toMatchObject({ status: "active", current_step: 1, last_step_at: at(3), next_step_at: at(4) });
      expect(await messages(client)).toHaveLength(1);
    });

    it("runs nothing for a draft sequence until it is activated", async () => {
      const sequence = await createSequence(client, { status: "draft", steps: [task("Call")] });
      const enrollment = await enroll(client, sequence.id, (await createContact(client)).id);
      await tickAt(at(1));
      expect(await getEnrollment(client, enrollment)).toEqual(enrollment);
      await actOnSequence(client, sequence.id, "activate");
      await tick();
      expect(await getEnrollment(client, enrollment)).toMatchObject({ status: "completed", finished_at: at(1) });
    });

    it("completes, without running anything, an enrollment whose remaining steps were removed while paused", async () => {
      const sequence = await createSequence(client, { steps: [email("Hi", "Hello"), email("Again", "Hello again", 1)] });
      const enrollment = await enroll(client, sequence.id, (await createContact(client)).id);
      await tick();
      await actOnSequence(client, sequence.id, "pause");
      const shortened = await client.patch(`/v1/sequences/${sequence.id}`, { steps: [email("Hi", "Hello")] });
      expect(shortened.status, shortened.text).toBe(200);
      await actOnSequence(client, sequence.id, "activate");
      await tickAt(at(1));
      expect(await getEnrollment(client, enrollment)).toMatchObject({
        status: "completed",
        current_step: 1,
        last_step_index: 0,
        next_step_at: null,
        finished_at: at(1),
      });
      expect(await messages(client)).toHaveLength(1);
      expect(await eventTypesOf(client, enrollment.id)).toEqual(["sequence.contact_enrolled", "sequence.step_sent", "sequence.completed"]);
    });

    it("unenrolls as bounced a contact whose email was removed before an email step", async () => {
      const contact = await createContact(client, { first_name: "Cy" });
      const sequence = await createSequence(client, { steps: [email("Hi", "Hello", 1)] });
      const enrollment = await enroll(client, sequence.id, contact.id);
      const cleared = await client.patch(`/v1/contacts/${contact.id}`, { email: null });
      expect(cleared.status, cleared.text).toBe(200);
      await tickAt(at(1));
      const stopped = await getEnrollment(client, enrollment);
      expect(stopped).toEqual({ ...enrollment, status: "unenrolled", stop_reason: "bounced", next_step_at: null, finished_at: at(1), updated_at: at(1) });
      expect(await messages(client)).toEqual([]);
      const events = await eventsOf(client, enrollment.id);
      expect(events.map((e) => e.type)).toEqual(["sequence.contact_enrolled", "sequence.contact_unenrolled"]);
      expect(events[1].data.object).toEqual(stopped);
    });

    it("still runs task steps for a contact without an email", async () => {
      const contact = await createContact(client, { first_name: "Di" });
      const sequence = await createSequence(client, { steps: [task("Call {{first_name}}"), email("Hi", "Hello", 1)] });
      const enrollment = await enroll(client, sequence.id, contact.id);
      await client.patch(`/v1/contacts/${contact.id}`, { email: null });
      await tick();
      expect(await getEnrollment(client, enrollment)).toMatchObject({ status: "active", current_step: 1 });
      await tickAt(at(1));
      expect(await getEnrollment(client, enrollment)).toMatchObject({ status: "unenrolled", stop_reason: "bounced" });
    });

    it("archiving a sequence stops its active enrollments (sequence_archived), leaves finished ones, and nothing runs after", async () => {
      const sequence = await createSequence(client, { steps: [task("Call"), email("Hi", "Hello", 1)] });
      const [c1, c2, c3] = [await createContact(client), await createContact(client), await createContact(client)];
      const e1 = await enroll(client, sequence.id, c1.id);
      const e2 = await enroll(client, sequence.id, c2.id);
      const e3 = await enroll(client, sequence.id, c3.id);
      const manual = await unenroll(client, e3);
      await tick();
      clock.set(at(0, 10 * MINUTE));
      const archived = await actOnSequence(client, sequence.id, "archive");
      expect(archived.status).toBe("archived");
      for (const enrollment of [e1, e2]) {
        const stopped = await getEnrollment(client, enrollment);
        expect(stopped).toMatchObject({
          status: "unenrolled",
          stop_reason: "sequence_archived",
          next_step_at: null,
          finished_at: at(0, 10 * MINUTE),
          current_step: 1,
        });
        const events = await eventsOf(client, enrollment.id);
        expect(events.map((e) => e.type)).toEqual(["sequence.contact_enrolled", "sequence.step_sent", "sequence.contact_unenrolled"]);
        expect(events[2].data.object).toEqual(stopped);
      }
      expect(await getEnrollment(client, e3)).toEqual(manual);
      await tickAt(at(5));
      expect(await messages(client)).toEqual([]);
    });

    it("deleting a contact stops its active enrollments (contact_deleted)", async () => {
      const contact = await createContact(client);
      const sequence = await createSequence(client, { steps: [email("Hi", "Hello", 1)] });
      const enrollment = await enroll(client, sequence.id, contact.id);
      clock.set(at(0, MINUTE));
      const deleted = await client.delete(`/v1/contacts/${contact.id}`);
      expect(deleted.status, deleted.text).toBe(200);
      expect(await getEnrollment(client, enrollment)).toMatchObject({
        status: "unenrolled",
        stop_reason: "contact_deleted",
        finished_at: at(0, MINUTE),
        next_step_at: null,
      });
      expect(await eventTypesOf(client, enrollment.id)).toEqual(["sequence.contact_enrolled", "sequence.contact_unenrolled"]);
      await tickAt(at(2));
      expect(await messages(client)).toEqual([]);
    });

    it("keeps the mail log after the sequence is deleted", async () => {
      const sequence = await createSequence(client, { steps: [email("Hi", "Hello")] });
      const enrollment = await enroll(client, sequence.id, (await createContact(client)).id);
      await tick();
      expect((await getEnrollment(client, enrollment)).status).toBe("completed");
      const log = await messages(client);
      expect(log).toHaveLength(1);
      expect((await client.delete(`/v1/sequences/${sequence.id}`)).status).toBe(200);
      expect(await messages(client, `sequence_id=${sequence.id}`)).toEqual(log);
    });

    it("sends each organization's mail in its own log only", async () => {
      const other = await t().tenant();
      const mine = await enroll(client, (await createSequence(client, { steps: [email("Mine", "Secret A")] })).id, (await createContact(client)).id);
      const theirs = await enroll(
        other.client,
        (await createSequence(other.client, { steps: [email("Theirs", "Secret B")] })).id,
        (await createContact(other.client)).id,
      );
      await tick();
      expect((await messages(client)).map((m) => m.enrollment_id)).toEqual([mine.id]);
      expect((await messages(other.client)).map((m) => m.enrollment_id)).toEqual([theirs.id]);
      expect(await messages(client, "q=Secret B")).toEqual([]);
      expect(await messages(client, `enrollment_id=${theirs.id}`)).toEqual([]);
      expect(await messages(client, `sequence_id=${theirs.sequence_id}`)).toEqual([]);
      expect(await messages(client, `contact_id=${theirs.contact_id}`)).toEqual([]);
      expect(await eventTypesOf(client, theirs.id)).toEqual([]);
      expect(await eventTypesOf(other.client, theirs.id)).toEqual(["sequence.contact_enrolled", "sequence.step_sent", "sequence.completed"]);
    });
  });

  describe("POST /v1/sequence_replies", () => {
    it("stops the replied-to enrollment as replied, logs the reply, emits sequence.replied", async () => {
      const contact = await createContact(client);
      const sequence = await createSequence(client, { steps: [email("Hi", "Hello"), email("Again", "Hello again", 2)] });
      const enrollment = await enroll(client, sequence.id, contact.id);
      await tick();
      clock.set(at(1));
      const response = await client.post("/v1/sequence_replies", { enrollment_id: enrollment.id, body: "Thanks, let's talk." });
      expect(response.status, response.text).toBe(200);
      const replied = await getEnrollment(client, enrollment);
      expect(replied).toEqual({
        ...enrollment,
        status: "replied",
        stop_reason: null,
        current_step: 1,
        last_step_index: 0,
        last_step_at: NOW,
        next_step_at: null,
        finished_at: at(1),
        updated_at: at(1),
      });
      expect(response.body).toEqual({ object: "sequence_reply", contact_id: contact.id, enrollments: [replied] });
      const events = await eventsOf(client, enrollment.id);
      expect(events.map((e) => e.type)).toEqual(["sequence.contact_enrolled", "sequence.step_sent", "sequence.replied"]);
      expect(events[2].data).toEqual({ object: replied });
      const inbound = await messages(client, "direction=inbound");
      expect(inbound).toEqual([
        {
          id: expect.stringMatching(MESSAGE_ID),
          object: "sequence_message",
          sequence_id: sequence.id,
          enrollment_id: enrollment.id,
          contact_id: contact.id,
          direction: "inbound",
          step_index: null,
          // Replies are logged with the address they came from: here, the contact's.
          address: contact.email,
          subject: null,
          body: "Thanks, let's talk.",
          transport: null,
          transport_message_id: null,
          created_at: at(1),
        },
      ]);
      // The second email never goes out.
      await tickAt(at(5));
      expect(await messages(client, "direction=outbound")).toHaveLength(1);
    });

    it("by email, stops every active enrollment of that contact, and no one else's", async () => {
      const contact = await createContact(client, { email: "Eve.Reply@Example.com" });
      const bystander = await createContact(client);
      const s1 = await createSequence(client, { steps: [email("Hi", "Hello", 1)] });
      const s2 = await createSequence(client, { steps: [task("Call", 1)] });
      const s3 = await createSequence(client, { steps: [task("Call")] });
      const e1 = await enroll(client, s1.id, contact.id);
      const e2 = await enroll(client, s2.id, contact.id);
      const e3 = await enroll(client, s3.id, contact.id);
      const other = await enroll(client, s1.id, bystander.id);
      await tick(); // e3 completes at once
      expect((await getEnrollment(client, e3)).status).toBe("completed");
      clock.set(at(0, MINUTE));
      const response = await client.post("/v1/sequence_replies", { email: "EVE.reply@example.COM", body: "Not interested" });
      expect(response.status, response.text).toBe(200);
      expect(response.body.object).toBe("sequence_reply");
      expect(response.body.contact_id).toBe(contact.id);
      expect(response.body.enrollments.map((e: any) => e.id).sort()).toEqual([e1.id, e2.id].sort());
      for (const enrollment of [e1, e2]) {
        const replied = await getEnrollment(client, enrollment);
        expect(replied).toMatchObject({ status: "replied", stop_reason: null, next_step_at: null, finished_at: at(0, MINUTE) });
        expect(response.body.enrollments).toContainEqual(replied);
        expect((await eventTypesOf(client, enrollment.id)).at(-1)).toBe("sequence.replied");
      }
      expect((await getEnrollment(client, e3)).status).toBe("completed");
      expect(await getEnrollment(client, other)).toEqual(other);
      const inbound = await messages(client, "direction=inbound");
      expect(inbound.map((m) => [m.enrollment_id, m.address, m.body]).sort()).toEqual(
        [
          [e1.id, "eve.reply@example.com", "Not interested"],
          [e2.id, "eve.reply@example.com", "Not interested"],
        ].sort(),
      );
      expect(inbound.every((m) => m.contact_id === contact.id && m.created_at === at(0, MINUTE))).toBe(true);
    });

    it("answers 200 with no enrollments for a contact with none active, and records nothing", async () => {
      const contact = await createContact(client);
      const finished = await unenroll(client, await enroll(client, (await createSequence(client)).id, contact.id));
      const before = await snapshot(client);
      const response = await client.post("/v1/sequence_replies", { email: contact.email, body: "Hello?" });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ object: "sequence_reply", contact_id: contact.id, enrollments: [] });
      expect(await snapshot(client)).toEqual(before);
      expect(await getEnrollment(client, finished)).toEqual(finished);
    });

    it("needs exactly one of enrollment_id and email (400), and changes nothing", async () => {
      const contact = await createContact(client);
      const enrollment = await enroll(client, (await createSequence(client)).id, contact.id);
      const before = await snapshot(client);
      const both = await client.post("/v1/sequence_replies", { enrollment_id: enrollment.id, email: contact.email, body: "x" });
      expectProblem(both, 400, "validation_failed");
      expect(errorFields(both)).toHaveLength(1);
      expect(["body:email", "body:enrollment_id"]).toContain(errorFields(both)[0]);
      const neither = await client.post("/v1/sequence_replies", { body: "x" });
      expectProblem(neither, 400, "validation_failed");
      expect(errorFields(neither)).toHaveLength(1);
      expect(["body:email", "body:enrollment_id"]).toContain(errorFields(neither)[0]);
      expect(await snapshot(client)).toEqual(before);
      expect(await getEnrollment(client, enrollment)).toEqual(enrollment);
    });

    it("refuses bad bodies naming the field", async () => {
      const contact = await createContact(client);
      const enrollment = await enroll(client, (await createSequence(client)).id, contact.id);
      const before = await snapshot(client);
      const post = (body: unknown) => client.post("/v1/sequence_replies", body);
      expectInvalid(await post({ enrollment_id: enrollment.id }), ["body"]);
      expectInvalid(await post({ enrollment_id: enrollment.id, body: "" }), ["body"]);
      expectInvalid(await post({ enrollment_id: enrollment.id, body: 42 }), ["body"]);
      expectInvalid(await post({ email: "not-an-email", body: "x" }), ["email"]);
      expectInvalid(await post({ enrollment_id: newId("sequence"), body: "x" }), ["enrollment_id"]);
      expectInvalid(await post({ enrollment_id: "enr_1", body: "x" }), ["enrollment_id"]);
      expectInvalid(await post({ enrollment_id: enrollment.id, body: "x", subject: "Re: Hi" }), ["subject"]);
      expectProblem(await client.request("POST", "/v1/sequence_replies"), 400, "validation_failed");
      expect(await snapshot(client)).toEqual(before);
    });

    it("refuses an email that belongs to no contact of the organization: 422 naming email", async () => {
      const other = await t().tenant();
      const theirs = await createContact(other.client);
      await enroll(other.client, (await createSequence(other.client)).id, theirs.id);
      const before = await snapshot(client);
      for (const address of ["stranger@example.net", theirs.email]) {
        const response = await client.post("/v1/sequence_replies", { email: address, body: "x" });
        expectProblem(response, 422, "unprocessable");
        expect(errorFields(response)).toEqual(["body:email"]);
      }
      expect(await snapshot(client)).toEqual(before);
      const theirEnrollments = await other.client.get(`/v1/sequence_messages`);
      expect(theirEnrollments.body.data).toEqual([]);
    });

    it("refuses another organization's enrollment, or one that does not exist: 422 naming enrollment_id", async () => {
      const other = await t().tenant();
      const theirs = await enroll(other.client, (await createSequence(other.client)).id, (await createContact(other.client)).id);
      const before = await snapshot(client);
      for (const id of [theirs.id, newId("enrollment")]) {
        const response = await client.post("/v1/sequence_replies", { enrollment_id: id, body: "x" });
        expectProblem(response, 422, "unprocessable");
        expect(errorFields(response)).toEqual(["body:enrollment_id"]);
      }
      expect(await snapshot(client)).toEqual(before);
      expect(await getEnrollment(other.client, theirs)).toEqual(theirs);
    });

    it("refuses an enrollment that is not active: 409 naming its status, nothing changed", async () => {
      const sequence = await createSequence(client, { steps: [task("Call")] });
      const unenrolled = await unenroll(client, await enroll(client, sequence.id, (await createContact(client)).id));
      const completed = await enroll(client, sequence.id, (await createContact(client)).id);
      await tick();
      const replied = await enroll(client, sequence.id, (await createContact(client)).id);
      expect((await client.post("/v1/sequence_replies", { enrollment_id: replied.id, body: "first" })).status).toBe(200);
      const before = await snapshot(client, [sequence.id]);
      for (const [enrollment, status] of [
        [unenrolled, "unenrolled"],
        [completed, "completed"],
        [replied, "replied"],
      ] as const) {
        expectRefusedTransition(await client.post("/v1/sequence_replies", { enrollment_id: enrollment.id, body: "again" }), status);
      }
      expect(await snapshot(client, [sequence.id])).toEqual(before);
    });
  });

  describe("GET /v1/sequence_messages", () => {
    it("filters the log by direction, sequence, enrollment and contact, searches it, and sorts it", async () => {
      const [c1, c2] = [await createContact(client, { first_name: "Fay" }), await createContact(client, { first_name: "Gus" })];
      const s1 = await createSequence(client, { steps: [email("Welcome {{first_name}}", "Body one"), email("Follow-up", "Body two", 1)] });
      const s2 = await createSequence(client, { steps: [email("Webinar", "Join us"), task("Call", 5)] });
      const e11 = await enroll(client, s1.id, c1.id);
      const e12 = await enroll(client, s1.id, c2.id);
      const e21 = await enroll(client, s2.id, c1.id);
      await tick();
      await tickAt(at(1));
      clock.set(at(2));
      expect((await client.post("/v1/sequence_replies", { enrollment_id: e21.id, body: "Count me in" })).status).toBe(200);
      const all = await messages(client);
      expect(all).toHaveLength(6);
      expect(all[0]).toMatchObject({ direction: "inbound", enrollment_id: e21.id });
      const key = (m: any) => `${m.enrollment_id}:${m.direction}:${m.step_index}`;
      const keys = async (query: string) => (await messages(client, query)).map(key).sort();
      const expected = (predicate: (m: any) => boolean) => all.filter(predicate).map(key).sort();
      expect(await keys("direction=outbound")).toEqual(expected((m) => m.direction === "outbound"));
      expect(await keys("direction=inbound")).toEqual([`${e21.id}:inbound:null`]);
      expect(await keys(`sequence_id=${s1.id}`)).toEqual(expected((m) => m.sequence_id === s1.id));
      expect(await keys(`enrollment_id=${e12.id}`)).toEqual([`${e12.id}:outbound:0`, `${e12.id}:outbound:1`]);
      expect(await keys(`contact_id=${c1.id}`)).toEqual(expected((m) => m.contact_id === c1.id));
      expect(await keys("q=welcome gus")).toEqual([`${e12.id}:outbound:0`]);
      expect(await keys("q=count me")).toEqual([`${e21.id}:inbound:null`]);
      expect(await keys(`created_at[gte]=${at(1)}`)).toEqual(expected((m) => m.created_at >= at(1)));
      const ascending = (await messages(client, "sort=created_at")).map((m) => m.created_at);
      expect(ascending).toEqual([...ascending].sort());
      expect(ascending[0]).toBe(NOW);
      expect(e11.id).toBeTruthy();
    });

    it("refuses bad query parameters naming them", async () => {
      const bad = async (query: string, fields: string[]) => expectInvalid(await client.get(`/v1/sequence_messages?${query}`), fields, "query");
      await bad("direction=sideways", ["direction"]);
      await bad(`sequence_id=${newId("contact")}`, ["sequence_id"]);
      await bad(`enrollment_id=${newId("sequence")}`, ["enrollment_id"]);
      await bad(`contact_id=enr_1`, ["contact_id"]);
      await bad("sort=subject", ["sort"]);
      await bad("status=sent", ["status"]);
    });
  });
});

describe("with a mail transport of its own", () => {
  const clock = testClock(NOW);
  /** What the transport was handed, and whether it is down. */
  const relay = { down: true, attempts: 0, sent: [] as OutgoingMail[] };
  const transport: MailTransport = {
    name: "relay",
    async send(mail) {
      relay.attempts++;
      if (relay.down) throw new Error("down");
      relay.sent.push(mail);
      return { transportMessageId: `relay-${relay.sent.length}` };
    },
  };
  const t = useTestApp({ clock, integrations: { mail: transport } });

  let client: Client;
  let app: TestApp;
  beforeEach(async () => {
    clock.set(NOW);
    app = t();
    client = (await app.tenant()).client;
    relay.down = true;
    relay.attempts = 0;
    relay.sent = [];
  });

  it("leaves the enrollment active and retries 10 minutes later when the transport throws, logging nothing", async () => {
    const contact = await createContact(client, { first_name: "Hal", email: "hal@example.com" });
    const sequence = await createSequence(client, { steps: [email("Hi {{first_name}}", "Hello {{first_name}}"), task("Call", 1)] });
    const enrollment = await enroll(client, sequence.id, contact.id);
    await app.scheduler.tick();
    expect(relay.attempts).toBe(1);
    const waiting = await getEnrollment(client, enrollment);
    expect(waiting).toEqual({ ...enrollment, next_step_at: at(0, 10 * MINUTE) });
    expect(await messages(client)).toEqual([]);
    expect(await eventTypesOf(client, enrollment.id)).toEqual(["sequence.contact_enrolled"]);

    // Not tried again before the ten minutes are up.
    clock.set(at(0, 10 * MINUTE - 1));
    await app.scheduler.tick();
    expect(relay.attempts).toBe(1);

    // Still down at the retry: another ten minutes.
    clock.set(at(0, 10 * MINUTE));
    await app.scheduler.tick();
    expect(relay.attempts).toBe(2);
    expect(await getEnrollment(client, enrollment)).toMatchObject({
      status: "active",
      current_step: 0,
      last_step_index: null,
      next_step_at: at(0, 20 * MINUTE),
    });
    expect(await messages(client)).toEqual([]);

    // Back up: sent, with the transport's own id in the log.
    relay.down = false;
    clock.set(at(0, 20 * MINUTE));
    await app.scheduler.tick();
    expect(relay.sent).toEqual([{ id: expect.stringMatching(MESSAGE_ID), to: "hal@example.com", subject: "Hi Hal", body: "Hello Hal" }]);
    const log = await messages(client);
    expect(log).toEqual([
      {
        id: relay.sent[0]!.id,
        object: "sequence_message",
        sequence_id: sequence.id,
        enrollment_id: enrollment.id,
        contact_id: contact.id,
        direction: "outbound",
        step_index: 0,
        address: "hal@example.com",
        subject: "Hi Hal",
        body: "Hello Hal",
        transport: "relay",
        transport_message_id: "relay-1",
        created_at: at(0, 20 * MINUTE),
      },
    ]);
    expect(await getEnrollment(client, enrollment)).toMatchObject({
      status: "active",
      current_step: 1,
      last_step_at: at(0, 20 * MINUTE),
      next_step_at: at(1, 20 * MINUTE),
    });
    expect(await eventTypesOf(client, enrollment.id)).toEqual(["sequence.contact_enrolled", "sequence.step_sent"]);
  });

  it("keeps running task steps while the transport is down", async () => {
    const sequence = await createSequence(client, { steps: [task("Call"), email("Hi", "Hello", 1)] });
    const enrollment = await enroll(client, sequence.id, (await createContact(client)).id);
    await app.scheduler.tick();
    expect(relay.attempts).toBe(0);
    expect(await getEnrollment(client, enrollment)).toMatchObject({ status: "active", current_step: 1, next_step_at: at(1) });
    clock.set(at(1));
    await app.scheduler.tick();
    expect(relay.attempts).toBe(1);
    expect(await getEnrollment(client, enrollment)).toMatchObject({ status: "active", current_step: 1, next_step_at: at(1, 10 * MINUTE) });
  });

  it("does not let a failing email hold up the other enrollments in the same run", async () => {
    const sequence = await createSequence(client, { steps: [email("Hi", "Hello")] });
    const first = await enroll(client, sequence.id, (await createContact(client)).id);
    const second = await enroll(client, sequence.id, (await createContact(client)).id);
    await app.scheduler.tick();
    expect(relay.attempts).toBe(2);
    relay.down = false;
    clock.set(at(0, 10 * MINUTE));
    await app.scheduler.tick();
    expect(relay.sent).toHaveLength(2);
    for (const enrollment of [first, second]) expect((await getEnrollment(client, enrollment)).status).toBe("completed");
    expect((await messages(client)).map((m) => m.transport_message_id).sort()).toEqual(["relay-1", "relay-2"]);
  });
});
