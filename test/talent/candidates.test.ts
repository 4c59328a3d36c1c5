import { describe, expect, it } from "vitest";
import { testClock, useTestApp } from "../helpers/harness.ts";
import {
  ALLOWED,
  CANDIDATE_ID,
  candidateIn,
  candidateInput,
  createCandidate,
  createJob,
  DAY,
  eventsOf,
  eventTypesOf,
  expectProblem,
  getCandidate,
  HOUR,
  list,
  listIds,
  missingCandidateId,
  missingJobId,
  neverBeforeNow,
  NOW,
  patchCandidate,
  patchJob,
  snapshot,
  STAGES,
  tick,
  type Stage,
} from "./helpers.ts";
import { expectInvalid } from "../helpers/expect-problem.ts";

const clock = testClock(NOW);
const t = useTestApp({ clock });
neverBeforeNow(clock);

/** A fresh tenant with one open job. */
async function setup() {
  const tenant = await t().tenant();
  const job = await createJob(tenant.client, { title: "Engineer" });
  return { tenant, client: tenant.client, job };
}

/** The events of an object written after the first `skip` of them. */
async function newEvents(client: any, id: string, skip: number): Promise<any[]> {
  return (await eventsOf(client, id)).slice(skip);
}

describe("POST /v1/candidates", () => {
  it("creates an applied candidate with every field, email in lower case, and a first history entry", async () => {
    const { client, job } = await setup();
    const now = tick(clock);
    const response = await client.post("/v1/candidates", {
      job_id: job.id,
      first_name: "Grace",
      last_name: "Hopper",
      email: "Grace.Hopper@Navy.MIL",
      phone: "+1 (555) 010-2030",
      source: "referral",
      rating: 5,
      resume_url: "https://cv.example.com/grace.pdf",
      notes: "Invented the compiler.",
      metadata: { referrer: "ada" },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(CANDIDATE_ID),
      object: "candidate",
      job_id: job.id,
      first_name: "Grace",
      last_name: "Hopper",
      email: "grace.hopper@navy.mil",
      phone: "+1 (555) 010-2030",
      stage: "applied",
      source: "referral",
      rating: 5,
      resume_url: "https://cv.example.com/grace.pdf",
      notes: "Invented the compiler.",
      metadata: { referrer: "ada" },
      stage_changed_at: now,
      created_at: now,
      updated_at: now,
      history: [{ from: null, to: "applied", changed_at: now }],
    });
    expect(await getCandidate(client, response.body.id)).toEqual(response.body);
  });

  it("defaults the optional fields to null and metadata to {}", async () => {
    const { client, job } = await setup();
    const candidate = await createCandidate(client, job.id, { email: "min@example.com" });
    expect(candidate).toMatchObject({ phone: null, source: null, rating: null, resume_url: null, notes: null, metadata: {}, stage: "applied" });
  });

  it("accepts stage applied explicitly, and explicit nulls", async () => {
    const { client, job } = await setup();
    const candidate = await createCandidate(client, job.id, { stage: "applied", rating: null, phone: null, source: null, resume_url: null, notes: null });
    expect(candidate.stage).toBe("applied");
    expect(candidate.rating).toBeNull();
  });

  it("emits candidate.created carrying the candidate with its history", async () => {
    const { client, job } = await setup();
    const candidate = await createCandidate(client, job.id);
    const events = await eventsOf(client, candidate.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "candidate.created", timestamp: candidate.created_at, data: { object: candidate } });
    expect(events[0].data.object.history).toEqual([{ from: null, to: "applied", changed_at: candidate.created_at }]);
    expect(events[0].data.previous_attributes).toBeUndefined();
  });

  it("accepts ratings 1 to 5", async () => {
    const { client, job } = await setup();
    for (const rating of [1, 2, 3, 4, 5]) expect((await createCandidate(client, job.id, { rating })).rating).toBe(rating);
  });

  it("accepts http and https resume URLs with a host", async () => {
    const { client, job } = await setup();
    for (const url of ["http://example.com", "https://cv.example.com/path/ada.pdf?v=2#p1", "http://localhost:8080/cv", "https://192.0.2.1/cv"]) {
      expect((await createCandidate(client, job.id, { resume_url: url })).resume_url).toBe(url);
    }
  });

  it("refuses a closed job with 422 naming job_id, and creates nothing; reopened, it takes candidates again", async () => {
    const { client, job } = await setup();
    await patchJob(client, job.id, { status: "closed" });
    const before = await snapshot(client);
    const response = await client.post("/v1/candidates", candidateInput(job.id));
    expectProblem(response, 422, "unprocessable");
    expect(response.body.errors).toEqual([{ in: "body", field: "job_id", message: expect.any(String) }]);
    expect(response.body.detail).toContain(job.id);
    expect(await snapshot(client)).toEqual(before);
    await patchJob(client, job.id, { status: "open" });
    expect((await createCandidate(client, job.id)).job_id).toBe(job.id);
  });

  it("refuses a job created closed (422 naming job_id)", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client, { status: "closed" });
    const response = await tenant.client.post("/v1/candidates", candidateInput(job.id));
    expectProblem(response, 422, "unprocessable");
    expect(response.body.errors.map((e: any) => e.field)).toEqual(["job_id"]);
  });

  it("refuses a job that does not exist with 422 naming job_id, and creates nothing", async () => {
    const tenant = await t().tenant();
    const before = await snapshot(tenant.client);
    const response = await tenant.client.post("/v1/candidates", candidateInput(missingJobId()));
    expectProblem(response, 422, "unprocessable");
    expect(response.body.errors).toEqual([{ in: "body", field: "job_id", message: expect.any(String) }]);
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("refuses another tenant's job with 422 naming job_id, exactly as a missing one, and creates nothing anywhere", async () => {
    const owner = await t().tenant();
    const intruder = await t().tenant();
    const job = await createJob(owner.client, { title: "Secret role" });
    const ownerBefore = await snapshot(owner.client);
    const intruderBefore = await snapshot(intruder.client);
    const response = await intruder.client.post("/v1/candidates", candidateInput(job.id));
    expectProblem(response, 422, "unprocessable");
    expect(response.body.errors).toEqual([{ in: "body", field: "job_id", message: expect.any(String) }]);
    expect(response.text).not.toContain("Secret role");
    expect(response.body.errors[0].message).not.toContain("closed");
    expect(await snapshot(owner.client)).toEqual(ownerBefore);
    expect(await snapshot(intruder.client)).toEqual(intruderBefore);
  });

  it("an email is unique per job, compared in lower case: 409 naming email, nothing created", async () => {
    const { client, job } = await setup();
    const first = await createCandidate(client, job.id, { email: "dup@example.com" });
    const before = await snapshot(client);
    const response = await client.post("/v1/candidates", candidateInput(job.id, { email: "DUP@Example.com", first_name: "Other" }));
    expectProblem(response, 409, "conflict");
    expect(response.body.errors).toEqual([{ in: "body", field: "email", message: expect.any(String) }]);
    expect(response.body.detail).toContain("dup@example.com");
    expect(await snapshot(client)).toEqual(before);
    expect(await getCandidate(client, first.id)).toEqual(first);
  });

  it("the same email may apply to another job, and in another tenant", async () => {
    const { tenant, client, job } = await setup();
    const otherJob = await createJob(client, { title: "Designer" });
    const a = await createCandidate(client, job.id, { email: "twice@example.com" });
    const b = await createCandidate(client, otherJob.id, { email: "Twice@Example.com" });
    expect(a.email).toBe("twice@example.com");
    expect(b.email).toBe("twice@example.com");
    expect(a.id).not.toBe(b.id);
    const other = await t().tenant();
    const theirJob = await createJob(other.client);
    expect((await createCandidate(other.client, theirJob.id, { email: "twice@example.com" })).email).toBe("twice@example.com");
    expect((await list(tenant.client, "/v1/candidates?email=twice@example.com")).meta.total).toBe(2);
  });

  it("two simultaneous applications with the same email: one 201, one 409 (never a 500)", async () => {
    const { client, job } = await setup();
    const responses = await Promise.all([
      client.post("/v1/candidates", candidateInput(job.id, { email: "race@example.com" })),
      client.post("/v1/candidates", candidateInput(job.id, { email: "RACE@example.com" })),
    ]);
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await list(client, `/v1/candidates?job_id=${job.id}`)).meta.total).toBe(1);
  });

  describe("refuses bad input with 400 naming the field, and creates nothing", () => {
    const cases: [string, (jobId: string) => unknown, string[]][] = [
      ["missing job_id", (j) => ({ ...candidateInput(j), job_id: undefined }), ["job_id"]],
      ["job_id of another kind", () => candidateInput(missingCandidateId()), ["job_id"]],
      ["job_id malformed", () => candidateInput("job_42"), ["job_id"]],
      ["missing first_name", (j) => ({ ...candidateInput(j), first_name: undefined }), ["first_name"]],
      ["missing last_name", (j) => ({ ...candidateInput(j), last_name: undefined }), ["last_name"]],
      ["missing email", (j) => ({ ...candidateInput(j), email: undefined }), ["email"]],
      ["whitespace-only first_name", (j) => candidateInput(j, { first_name: "   " }), ["first_name"]],
      ["empty last_name", (j) => candidateInput(j, { last_name: "" }), ["last_name"]],
      ["first_name too long", (j) => candidateInput(j, { first_name: "a".repeat(101) }), ["first_name"]],
      ["first_name a number", (j) => candidateInput(j, { first_name: 7 }), ["first_name"]],
      ["email not an email", (j) => candidateInput(j, { email: "not-an-email" }), ["email"]],
      ["email null", (j) => candidateInput(j, { email: null }), ["email"]],
      ["rating 0", (j) => candidateInput(j, { rating: 0 }), ["rating"]],
      ["rating 6", (j) => candidateInput(j, { rating: 6 }), ["rating"]],
      ["rating -1", (j) => candidateInput(j, { rating: -1 }), ["rating"]],
      ["rating 2.5", (j) => candidateInput(j, { rating: 2.5 }), ["rating"]],
      ["rating as a string", (j) => candidateInput(j, { rating: "3" }), ["rating"]],
      ["resume_url ftp", (j) => candidateInput(j, { resume_url: "ftp://files.example.com/cv.pdf" }), ["resume_url"]],
      ["resume_url javascript", (j) => candidateInput(j, { resume_url: "javascript:alert(1)" }), ["resume_url"]],
      ["resume_url without host", (j) => candidateInput(j, { resume_url: "https:///cv.pdf" }), ["resume_url"]],
      ["resume_url relative", (j) => candidateInput(j, { resume_url: "/cv.pdf" }), ["resume_url"]],
      ["resume_url not a URL", (j) => candidateInput(j, { resume_url: "my resume" }), ["resume_url"]],
      ["phone with letters", (j) => candidateInput(j, { phone: "call me" }), ["phone"]],
      ["phone too short", (j) => candidateInput(j, { phone: "12" }), ["phone"]],
      ["source empty", (j) => candidateInput(j, { source: "" }), ["source"]],
      ["notes too long", (j) => candidateInput(j, { notes: "n".repeat(20_001) }), ["notes"]],
      ["stage other than applied", (j) => candidateInput(j, { stage: "screening" }), ["stage"]],
      ["stage hired", (j) => candidateInput(j, { stage: "hired" }), ["stage"]],
      ["unknown field", (j) => candidateInput(j, { linkedin: "ada" }), ["linkedin"]],
      ["history in the body", (j) => candidateInput(j, { history: [] }), ["history"]],
      ["stage_changed_at in the body", (j) => candidateInput(j, { stage_changed_at: NOW }), ["stage_changed_at"]],
      ["metadata value not a string", (j) => candidateInput(j, { metadata: { n: 1 } }), ["metadata.n"]],
      ["several bad fields", (j) => candidateInput(j, { rating: 9, email: "x" }), ["rating", "email"]],
    ];
    it.each(cases)("%s", async (_name, body, fields) => {
      const { client, job } = await setup();
      const before = await snapshot(client);
      expectInvalid(await client.post("/v1/candidates", body(job.id)), fields);
      expect(await snapshot(client)).toEqual(before);
    });
  });
});

describe("GET /v1/candidates/{id}", () => {
  it("404 for a well-formed id that names nothing; 400 naming the path id for a wrong kind", async () => {
    const tenant = await t().tenant();
    const id = missingCandidateId();
    const response = await tenant.client.get(`/v1/candidates/${id}`);
    expectProblem(response, 404, "not_found");
    expect(response.body.detail).toContain(id);
    for (const bad of [missingJobId(), "cand_123"]) {
      expectInvalid(await tenant.client.get(`/v1/candidates/${bad}`), ["id"], "path", bad);
      expectInvalid(await tenant.client.patch(`/v1/candidates/${bad}`, { rating: 1 }), ["id"], "path", bad);
      expectInvalid(await tenant.client.delete(`/v1/candidates/${bad}`), ["id"], "path", bad);
    }
  });
});

describe("PATCH /v1/candidates/{id}: fields", () => {
  it("updates the given fields, emits candidate.updated with exactly the previous values, and no stage event", async () => {
    const { client, job } = await setup();
    const candidate = await createCandidate(client, job.id, {
      first_name: "Ada",
      email: "ada@example.com",
      rating: 2,
      source: "linkedin",
      metadata: { a: "1" },
    });
    const now = tick(clock, HOUR);
    const updated = await patchCandidate(client, candidate.id, {
      first_name: "Augusta",
      email: "AUGUSTA@Example.com",
      rating: 4,
      phone: "0123 456",
      notes: "Strong on maths",
      metadata: { b: "2" },
    });
    expect(updated).toEqual({
      ...candidate,
      first_name: "Augusta",
      email: "augusta@example.com",
      rating: 4,
      phone: "0123 456",
      notes: "Strong on maths",
      metadata: { b: "2" },
      updated_at: now,
    });
    expect(updated.stage_changed_at).toBe(candidate.created_at);
    expect(await getCandidate(client, candidate.id)).toEqual(updated);
    const events = await newEvents(client, candidate.id, 1);
    expect(events.map((e) => e.type)).toEqual(["candidate.updated"]);
    expect(events[0].timestamp).toBe(now);
    expect(events[0].data).toEqual({
      object: updated,
      previous_attributes: { first_name: "Ada", email: "ada@example.com", rating: 2, phone: null, notes: null, metadata: { a: "1" } },
    });
  });

  it("clears nullable fields with null", async () => {
    const { client, job } = await setup();
    const candidate = await createCandidate(client, job.id, {
      phone: "555-0101",
      source: "referral",
      rating: 3,
      resume_url: "https://x.example/cv",
      notes: "n",
    });
    const updated = await patchCandidate(client, candidate.id, { phone: null, source: null, rating: null, resume_url: null, notes: null });
    expect(updated).toMatchObject({ phone: null, source: null, rating: null, resume_url: null, notes: null });
    const [event] = await newEvents(client, candidate.id, 1);
    expect(event.data.previous_attributes).toEqual({ phone: "555-0101", source: "referral", rating: 3, resume_url: "https://x.example/cv", notes: "n" });
  });

  it("emits nothing when nothing changes (same values, same email in other case)", async () => {
    const { client, job } = await setup();
    const candidate = await createCandidate(client, job.id, { email: "same@example.com", rating: 3 });
    tick(clock);
    const updated = await patchCandidate(client, candidate.id, { email: "SAME@example.com", rating: 3, first_name: candidate.first_name });
    expect({ ...updated, updated_at: candidate.updated_at }).toEqual(candidate);
    expect(await eventTypesOf(client, candidate.id)).toEqual(["candidate.created"]);
  });

  it("refuses an email another candidate of the same job has (409 naming email), and changes nothing", async () => {
    const { client, job } = await setup();
    await createCandidate(client, job.id, { email: "taken@example.com" });
    const candidate = await createCandidate(client, job.id, { email: "free@example.com" });
    const before = await snapshot(client);
    const response = await client.patch(`/v1/candidates/${candidate.id}`, { email: "Taken@Example.com", rating: 5 });
    expectProblem(response, 409, "conflict");
    expect(response.body.errors).toEqual([{ in: "body", field: "email", message: expect.any(String) }]);
    expect(await getCandidate(client, candidate.id)).toEqual(candidate);
    expect(await snapshot(client)).toEqual(before);
  });

  it("accepts an email a candidate of another job has", async () => {
    const { client, job } = await setup();
    const otherJob = await createJob(client);
    await createCandidate(client, otherJob.id, { email: "elsewhere@example.com" });
    const candidate = await createCandidate(client, job.id);
    expect((await patchCandidate(client, candidate.id, { email: "elsewhere@example.com" })).email).toBe("elsewhere@example.com");
  });

  it("a candidate of a closed job can still be edited and moved", async () => {
    const { client, job } = await setup();
    const candidate = await createCandidate(client, job.id);
    await patchJob(client, job.id, { status: "closed" });
    expect((await patchCandidate(client, candidate.id, { stage: "rejected", notes: "Role closed" })).stage).toBe("rejected");
  });

  it("404 for a well-formed id that names nothing", async () => {
    const tenant = await t().tenant();
    const before = await snapshot(tenant.client);
    expectProblem(await tenant.client.patch(`/v1/candidates/${missingCandidateId()}`, { stage: "screening" }), 404, "not_found");
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  describe("refuses bad input with 400 naming the field, and changes nothing", () => {
    const cases: [string, unknown, string[]][] = [
      ["empty body", {}, ["body"]],
      ["unknown field", { salary: 1 }, ["salary"]],
      ["job_id (a candidate does not change job)", { job_id: "job_01jd8z6q4m2c8v3t5y7w9x0a1b" }, ["job_id"]],
      ["history", { history: [] }, ["history"]],
      ["stage_changed_at", { stage_changed_at: NOW }, ["stage_changed_at"]],
      ["unknown stage", { stage: "onboarding" }, ["stage"]],
      ["stage null", { stage: null }, ["stage"]],
      ["stage in capitals", { stage: "SCREENING" }, ["stage"]],
      ["rating 6", { rating: 6 }, ["rating"]],
      ["rating 0", { rating: 0 }, ["rating"]],
      ["rating 4.5", { rating: 4.5 }, ["rating"]],
      ["first_name whitespace", { first_name: " " }, ["first_name"]],
      ["first_name null", { first_name: null }, ["first_name"]],
      ["email null", { email: null }, ["email"]],
      ["email invalid", { email: "a@" }, ["email"]],
      ["resume_url mailto", { resume_url: "mailto:ada@example.com" }, ["resume_url"]],
      ["a valid stage with a bad field", { stage: "screening", rating: 10 }, ["rating"]],
    ];
    it.each(cases)("%s", async (_name, body, fields) => {
      const { client, job } = await setup();
      const candidate = await createCandidate(client, job.id, { rating: 3 });
      const before = await snapshot(client);
      expectInvalid(await client.patch(`/v1/candidates/${candidate.id}`, body), fields);
      expect(await getCandidate(client, candidate.id)).toEqual(candidate);
      expect(await snapshot(client)).toEqual(before);
    });
  });
});

describe("PATCH /v1/candidates/{id}: stage moves", () => {
  const pairs = STAGES.flatMap((from) => STAGES.filter((to) => to !== from).map((to) => [from, to] as [Stage, Stage]));
  const allowed = pairs.filter(([from, to]) => ALLOWED[from].includes(to));
  const refused = pairs.filter(([from, to]) => !ALLOWED[from].includes(to));

  it("covers every ordered pair of distinct stages", () => {
    expect(pairs).toHaveLength(30);
    expect(allowed).toHaveLength(9);
    expect(refused).toHaveLength(21);
  });

  it.each(allowed)("%s -> %s is allowed: stage_changed_at, history and events", async (from, to) => {
    const { client, job } = await setup();
    const before = await candidateIn(client, job.id, from);
    expect(await getCandidate(client, before.id)).toEqual(before);
    const seen = (await eventsOf(client, before.id)).length;
    const now = tick(clock, HOUR);
    const moved = await patchCandidate(client, before.id, { stage: to });
    expect(moved).toEqual({
      ...before,
      stage: to,
      stage_changed_at: now,
      updated_at: now,
      history: [...before.history, { from, to, changed_at: now }],
    });
    expect(await getCandidate(client, before.id)).toEqual(moved);

    const events = await newEvents(client, before.id, seen);
    const extra = to === "hired" ? ["candidate.hired"] : to === "rejected" ? ["candidate.rejected"] : [];
    expect(events.map((e) => e.type)).toEqual(["candidate.updated", "candidate.status_changed", ...extra]);
    const previous = { stage: from, stage_changed_at: before.stage_changed_at };
    expect(events[0].data).toEqual({ object: moved, previous_attributes: previous });
    expect(events[1].data).toEqual({ object: moved, previous_attributes: previous });
    if (extra.length > 0) expect(events[2].data).toEqual({ object: moved });
    for (const event of events) expect(event.timestamp).toBe(now);
  });

  it.each(refused)("%s -> %s is refused: 409 invalid_state_transition, nothing changes", async (from, to) => {
    const { client, job } = await setup();
    const before = await candidateIn(client, job.id, from);
    tick(clock, HOUR);
    const snap = await snapshot(client);
    const response = await client.patch(`/v1/candidates/${before.id}`, { stage: to });
    const problem = expectProblem(response, 409, "invalid_state_transition");
    expect(problem.current_stage).toBe(from);
    expect(problem.allowed_next_stages).toEqual(ALLOWED[from]);
    expect(problem.errors).toEqual([{ in: "body", field: "stage", message: expect.any(String) }]);
    expect(problem.detail).toContain(from);
    expect(problem.detail).toContain(to);
    expect(await getCandidate(client, before.id)).toEqual(before);
    expect(await snapshot(client)).toEqual(snap);
  });

  it.each(STAGES.map((s) => [s]))("a PATCH to the current stage (%s) is a no-op: no move, no history entry, no event", async (stage) => {
    const { client, job } = await setup();
    const before = await candidateIn(client, job.id, stage);
    const seen = await eventsOf(client, before.id);
    tick(clock, HOUR);
    const after = await patchCandidate(client, before.id, { stage });
    expect(after.stage).toBe(stage);
    expect(after.stage_changed_at).toBe(before.stage_changed_at);
    expect(after.history).toEqual(before.history);
    expect({ ...after, updated_at: before.updated_at }).toEqual(before);
    expect(await eventsOf(client, before.id)).toEqual(seen);
  });

  it("a refused move with other changes in the same PATCH changes none of them", async () => {
    const { client, job } = await setup();
    const candidate = await createCandidate(client, job.id, { rating: 2 });
    const before = await snapshot(client);
    const response = await client.patch(`/v1/candidates/${candidate.id}`, { stage: "hired", rating: 5, notes: "skip ahead" });
    expectProblem(response, 409, "invalid_state_transition");
    expect(await getCandidate(client, candidate.id)).toEqual(candidate);
    expect(await snapshot(client)).toEqual(before);
  });

  it("hired is final: allowed_next_stages is empty", async () => {
    const { client, job } = await setup();
    const hired = await candidateIn(client, job.id, "hired");
    for (const to of ["applied", "rejected", "offer"]) {
      const problem = expectProblem(await client.patch(`/v1/candidates/${hired.id}`, { stage: to }), 409, "invalid_state_transition");
      expect(problem.current_stage).toBe("hired");
      expect(problem.allowed_next_stages).toEqual([]);
    }
    // Fields other than stage can still change.
    expect((await patchCandidate(client, hired.id, { notes: "Starts in April" })).notes).toBe("Starts in April");
  });

  it("a whole hiring journey: exact history and events, in order, at the clock's times", async () => {
    const { client, job } = await setup();
    const appliedAt = tick(clock, HOUR);
    const candidate = await createCandidate(client, job.id);
    const times: Record<string, string> = {};
    for (const stage of ["screening", "interview", "offer", "hired"] as const) {
      times[stage] = tick(clock, DAY);
      await patchCandidate(client, candidate.id, { stage });
    }
    const final = await getCandidate(client, candidate.id);
    expect(final).toMatchObject({ stage: "hired", stage_changed_at: times.hired, created_at: appliedAt, updated_at: times.hired });
    expect(final.history).toEqual([
      { from: null, to: "applied", changed_at: appliedAt },
      { from: "applied", to: "screening", changed_at: times.screening },
      { from: "screening", to: "interview", changed_at: times.interview },
      { from: "interview", to: "offer", changed_at: times.offer },
      { from: "offer", to: "hired", changed_at: times.hired },
    ]);
    const events = await eventsOf(client, candidate.id);
    expect(events.map((e) => [e.type, e.timestamp])).toEqual([
      ["candidate.created", appliedAt],
      ["candidate.updated", times.screening],
      ["candidate.status_changed", times.screening],
      ["candidate.updated", times.interview],
      ["candidate.status_changed", times.interview],
      ["candidate.updated", times.offer],
      ["candidate.status_changed", times.offer],
      ["candidate.updated", times.hired],
      ["candidate.status_changed", times.hired],
      ["candidate.hired", times.hired],
    ]);
    expect(events.filter((e) => e.type === "candidate.status_changed").map((e) => e.data.previous_attributes)).toEqual([
      { stage: "applied", stage_changed_at: appliedAt },
      { stage: "screening", stage_changed_at: times.screening },
      { stage: "interview", stage_changed_at: times.interview },
      { stage: "offer", stage_changed_at: times.offer },
    ]);
    // Each event carries the candidate as it was right after that move (history so far).
    expect(events[2].data.object.history).toHaveLength(2);
    expect(events[9].data.object).toEqual(final);
  });

  it("rejected -> applied -> screening again: the history keeps every move", async () => {
    const { client, job } = await setup();
    const candidate = await createCandidate(client, job.id);
    const rejectedAt = tick(clock);
    await patchCandidate(client, candidate.id, { stage: "rejected" });
    const reappliedAt = tick(clock);
    await patchCandidate(client, candidate.id, { stage: "applied" });
    const screeningAt = tick(clock);
    const moved = await patchCandidate(client, candidate.id, { stage: "screening" });
    expect(moved.history).toEqual([
      { from: null, to: "applied", changed_at: candidate.created_at },
      { from: "applied", to: "rejected", changed_at: rejectedAt },
      { from: "rejected", to: "applied", changed_at: reappliedAt },
      { from: "applied", to: "screening", changed_at: screeningAt },
    ]);
    expect(await eventTypesOf(client, candidate.id)).toEqual([
      "candidate.created",
      "candidate.updated",
      "candidate.status_changed",
      "candidate.rejected",
      "candidate.updated",
      "candidate.status_changed",
      "candidate.updated",
      "candidate.status_changed",
    ]);
  });

  it("a move with other changes: candidate.updated names them all, status_changed only stage and stage_changed_at", async () => {
    const { client, job } = await setup();
    const candidate = await createCandidate(client, job.id, { rating: 2 });
    const now = tick(clock);
    const moved = await patchCandidate(client, candidate.id, { stage: "rejected", rating: 1, notes: "Not a fit" });
    const events = await newEvents(client, candidate.id, 1);
    expect(events.map((e) => e.type)).toEqual(["candidate.updated", "candidate.status_changed", "candidate.rejected"]);
    expect(events[0].data.previous_attributes).toEqual({ stage: "applied", stage_changed_at: candidate.stage_changed_at, rating: 2, notes: null });
    expect(events[1].data.previous_attributes).toEqual({ stage: "applied", stage_changed_at: candidate.stage_changed_at });
    expect(events[0].data.previous_attributes).not.toHaveProperty("history");
    expect(moved.stage_changed_at).toBe(now);
  });

  it("two simultaneous identical moves make one move: one history entry, one set of events", async () => {
    const { client, job } = await setup();
    const candidate = await createCandidate(client, job.id);
    tick(clock);
    const responses = await Promise.all([
      client.patch(`/v1/candidates/${candidate.id}`, { stage: "screening" }),
      client.patch(`/v1/candidates/${candidate.id}`, { stage: "screening" }),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const after = await getCandidate(client, candidate.id);
    expect(after.history.map((h: any) => h.to)).toEqual(["applied", "screening"]);
    expect(await eventTypesOf(client, candidate.id)).toEqual(["candidate.created", "candidate.updated", "candidate.status_changed"]);
  });
});

describe("DELETE /v1/candidates/{id}", () => {
  it("deletes the candidate and emits candidate.deleted with the candidate and its history", async () => {
    const { client, job } = await setup();
    const candidate = await candidateIn(client, job.id, "interview");
    const now = tick(clock);
    const response = await client.delete(`/v1/candidates/${candidate.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ id: candidate.id, object: "candidate", deleted: true });
    expectProblem(await client.get(`/v1/candidates/${candidate.id}`), 404, "not_found");
    expect(await listIds(client, "/v1/candidates")).toEqual([]);
    const events = await eventsOf(client, candidate.id);
    const last = events[events.length - 1];
    expect(last).toMatchObject({ type: "candidate.deleted", timestamp: now, data: { object: candidate } });
    expect(last.data.object.history).toHaveLength(3);
    expect(last.data.previous_attributes).toBeUndefined();
    expectProblem(await client.delete(`/v1/candidates/${candidate.id}`), 404, "not_found");
    expect((await eventsOf(client, candidate.id)).length).toBe(events.length);
  });

  it("frees the email for the job: the person can apply again, with a fresh history", async () => {
    const { client, job } = await setup();
    const first = await candidateIn(client, job.id, "rejected", { email: "again@example.com" });
    expect((await client.delete(`/v1/candidates/${first.id}`)).status).toBe(200);
    const second = await createCandidate(client, job.id, { email: "again@example.com" });
    expect(second.id).not.toBe(first.id);
    expect(second.history).toEqual([{ from: null, to: "applied", changed_at: second.created_at }]);
  });

  it("404 for a well-formed id that names nothing", async () => {
    const tenant = await t().tenant();
    const before = await snapshot(tenant.client);
    expectProblem(await tenant.client.delete(`/v1/candidates/${missingCandidateId()}`), 404, "not_found");
    expect(await snapshot(tenant.client)).toEqual(before);
  });
});

describe("GET /v1/candidates", () => {
  it("lists newest first; items are the candidate without history", async () => {
    const { tenant, client, job } = await setup();
    const other = await t().tenant();
    const theirJob = await createJob(other.client);
    await createCandidate(other.client, theirJob.id);
    const a = await createCandidate(client, job.id);
    tick(clock);
    const b = await candidateIn(client, job.id, "screening");
    const body = await list(tenant.client, "/v1/candidates");
    const { history: _a, ...aSummary } = a;
    const { history: _b, ...bSummary } = await getCandidate(client, b.id);
    expect(body).toEqual({ data: [bSummary, aSummary], meta: { total: 2, page: 1, per_page: 25 } });
    for (const item of body.data) expect(item).not.toHaveProperty("history");
  });

  it("filters by job_id, and refuses a job_id of the wrong kind (400)", async () => {
    const { client, job } = await setup();
    const otherJob = await createJob(client);
    const a = await createCandidate(client, job.id);
    const b = await createCandidate(client, otherJob.id);
    expect(await listIds(client, `/v1/candidates?job_id=${job.id}`)).toEqual([a.id]);
    expect(await listIds(client, `/v1/candidates?job_id=${otherJob.id}`)).toEqual([b.id]);
    expect(await listIds(client, `/v1/candidates?job_id=${missingJobId()}`)).toEqual([]);
    expectInvalid(await client.get(`/v1/candidates?job_id=${a.id}`), ["job_id"], "query");
  });

  it("filters by stage; a comma list means any of; refuses an unknown stage", async () => {
    const { client, job } = await setup();
    const applied = await createCandidate(client, job.id);
    const interview = await candidateIn(client, job.id, "interview");
    const hired = await candidateIn(client, job.id, "hired");
    const rejected = await candidateIn(client, job.id, "rejected");
    expect(await listIds(client, "/v1/candidates?stage=applied")).toEqual([applied.id]);
    expect((await listIds(client, "/v1/candidates?stage=hired,rejected")).sort()).toEqual([hired.id, rejected.id].sort());
    expect((await listIds(client, "/v1/candidates?stage=applied,interview,offer")).sort()).toEqual([applied.id, interview.id].sort());
    expect(await listIds(client, "/v1/candidates?stage=offer")).toEqual([]);
    expect((await listIds(client, "/v1/candidates?stage[ne]=rejected")).sort()).toEqual([applied.id, interview.id, hired.id].sort());
    expectInvalid(await client.get("/v1/candidates?stage=applied,ghosted"), ["stage"], "query");
  });

  it("filters by source (exact, comma list)", async () => {
    const { client, job } = await setup();
    const referral = await createCandidate(client, job.id, { source: "referral" });
    const linkedin = await createCandidate(client, job.id, { source: "linkedin" });
    await createCandidate(client, job.id);
    expect(await listIds(client, "/v1/candidates?source=referral")).toEqual([referral.id]);
    expect((await listIds(client, "/v1/candidates?source=referral,linkedin")).sort()).toEqual([referral.id, linkedin.id].sort());
    expect(await listIds(client, "/v1/candidates?source=refer")).toEqual([]);
  });

  it("filters by rating: equality and ranges, unrated candidates never match a range", async () => {
    const { client, job } = await setup();
    const byRating: Record<number, string> = {};
    for (const rating of [1, 2, 3, 4, 5]) byRating[rating] = (await createCandidate(client, job.id, { rating })).id;
    await createCandidate(client, job.id);
    const ids = async (q: string) => (await listIds(client, `/v1/candidates?${q}`)).sort();
    expect(await ids("rating=3")).toEqual([byRating[3]]);
    expect(await ids("rating[gte]=4")).toEqual([byRating[4], byRating[5]].sort());
    expect(await ids("rating[lte]=2")).toEqual([byRating[1], byRating[2]].sort());
    expect(await ids("rating[gte]=2&rating[lte]=3")).toEqual([byRating[2], byRating[3]].sort());
    expect(await ids("rating[gt]=5")).toEqual([]);
    expectInvalid(await client.get("/v1/candidates?rating[gte]=high"), ["rating[gte]"], "query");
  });

  it("filters by email, case-insensitively", async () => {
    const { client, job } = await setup();
    const ada = await createCandidate(client, job.id, { email: "ada@example.com" });
    const bob = await createCandidate(client, job.id, { email: "bob@example.com" });
    expect(await listIds(client, "/v1/candidates?email=ADA@Example.COM")).toEqual([ada.id]);
    expect(await listIds(client, "/v1/candidates?email=ada@example.com")).toEqual([ada.id]);
    expect((await listIds(client, "/v1/candidates?email=Ada@example.com,BOB@example.com")).sort()).toEqual([ada.id, bob.id].sort());
    expect(await listIds(client, "/v1/candidates?email=ada@example")).toEqual([]);
  });

  it("email[ne] is case-insensitive too", async () => {
    const { client, job } = await setup();
    await createCandidate(client, job.id, { email: "ada@example.com" });
    const bob = await createCandidate(client, job.id, { email: "bob@example.com" });
    expect(await listIds(client, "/v1/candidates?email[ne]=ada@example.com")).toEqual([bob.id]);
    expect(await listIds(client, "/v1/candidates?email[ne]=ADA@example.com")).toEqual([bob.id]);
  });

  it("q searches first name, last name, the full name and email, case-insensitively", async () => {
    const { client, job } = await setup();
    const byFirst = await createCandidate(client, job.id, { first_name: "Zelda", last_name: "One", email: "one@example.com" });
    const byLast = await createCandidate(client, job.id, { first_name: "Two", last_name: "Zeldaston", email: "two@example.com" });
    const byEmail = await createCandidate(client, job.id, { first_name: "Three", last_name: "Three", email: "zelda.fan@example.com" });
    await createCandidate(client, job.id, { first_name: "Link", last_name: "Hyrule", email: "link@example.com", notes: "zelda in notes is not searched" });
    expect((await listIds(client, "/v1/candidates?q=ZELDA")).sort()).toEqual([byFirst.id, byLast.id, byEmail.id].sort());
    expect(await listIds(client, "/v1/candidates?q=zeldaston")).toEqual([byLast.id]);
    expect(await listIds(client, "/v1/candidates?q=fan@")).toEqual([byEmail.id]);
    expect(await listIds(client, `/v1/candidates?q=${encodeURIComponent("two zeldaston")}`)).toEqual([byLast.id]);
    expect(await listIds(client, `/v1/candidates?q=${encodeURIComponent("Link Hyrule")}`)).toHaveLength(1);
    expect(await listIds(client, `/v1/candidates?q=${encodeURIComponent("%")}`)).toEqual([]);
  });

  it("filters created_at and stage_changed_at ranges", async () => {
    const { client, job } = await setup();
    const t0 = tick(clock, DAY);
    const early = await createCandidate(client, job.id);
    const t1 = tick(clock, DAY);
    const late = await createCandidate(client, job.id);
    const t2 = tick(clock, DAY);
    await patchCandidate(client, early.id, { stage: "screening" });
    expect(await listIds(client, `/v1/candidates?created_at[gte]=${t1}`)).toEqual([late.id]);
    expect(await listIds(client, `/v1/candidates?created_at[lt]=${t1}&created_at[gte]=${t0}`)).toEqual([early.id]);
    expect(await listIds(client, `/v1/candidates?stage_changed_at[gte]=${t2}`)).toEqual([early.id]);
    expect(await listIds(client, `/v1/candidates?stage_changed_at[lt]=${t2}&stage_changed_at[gte]=${t0}`)).toEqual([late.id]);
    expect(await listIds(client, `/v1/candidates?stage_changed_at=${t1}`)).toEqual([late.id]);
    expectInvalid(await client.get("/v1/candidates?stage_changed_at[gte]=2026-13-01"), ["stage_changed_at[gte]"], "query");
  });

  it("sorts by rating, last_name, stage_changed_at and created_at", async () => {
    const { client, job } = await setup();
    const c = await createCandidate(client, job.id, { last_name: "Curie", rating: 3 });
    tick(clock);
    const a = await createCandidate(client, job.id, { last_name: "Agnesi", rating: 5 });
    tick(clock);
    const b = await createCandidate(client, job.id, { last_name: "Babbage", rating: 1 });
    tick(clock);
    await patchCandidate(client, c.id, { stage: "screening" });
    expect(await listIds(client, "/v1/candidates?sort=rating")).toEqual([b.id, c.id, a.id]);
    expect(await listIds(client, "/v1/candidates?sort=-rating")).toEqual([a.id, c.id, b.id]);
    expect(await listIds(client, "/v1/candidates?sort=last_name")).toEqual([a.id, b.id, c.id]);
    expect(await listIds(client, "/v1/candidates?sort=-stage_changed_at")).toEqual([c.id, b.id, a.id]);
    expect(await listIds(client, "/v1/candidates?sort=created_at")).toEqual([c.id, a.id, b.id]);
    expect(await listIds(client, "/v1/candidates")).toEqual([b.id, a.id, c.id]);
    expectInvalid(await client.get("/v1/candidates?sort=stage"), ["sort"], "query");
  });

  it("pages with page and per_page", async () => {
    const { client, job } = await setup();
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await createCandidate(client, job.id)).id);
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const body = await list(client, `/v1/candidates?per_page=2&page=${page}`);
      expect(body.meta).toEqual({ total: 5, page, per_page: 2 });
      seen.push(...body.data.map((c: any) => c.id));
    }
    expect(seen.sort()).toEqual(made.sort());
    expectInvalid(await client.get("/v1/candidates?per_page=101"), ["per_page"], "query");
  });

  it("refuses unknown query parameters", async () => {
    const tenant = await t().tenant();
    expectInvalid(await tenant.client.get("/v1/candidates?notes=x"), ["notes"], "query");
    expectInvalid(await tenant.client.get("/v1/candidates?history=x"), ["history"], "query");
  });
});

describe("tenant isolation", () => {
  it("another tenant's candidate is 404 on GET, PATCH and DELETE, and stays untouched", async () => {
    const { client: ownerClient, job } = await setup();
    const intruder = await t().tenant();
    const candidate = await createCandidate(ownerClient, job.id, { first_name: "Hidden", email: "hidden@example.com" });
    const ownerBefore = await snapshot(ownerClient);
    const intruderBefore = await snapshot(intruder.client);
    for (const response of [
      await intruder.client.get(`/v1/candidates/${candidate.id}`),
      await intruder.client.patch(`/v1/candidates/${candidate.id}`, { stage: "screening" }),
      await intruder.client.patch(`/v1/candidates/${candidate.id}`, { rating: 1 }),
      await intruder.client.delete(`/v1/candidates/${candidate.id}`),
    ]) {
      expectProblem(response, 404, "not_found");
      expect(response.text).not.toContain("hidden@example.com");
    }
    expect(await getCandidate(ownerClient, candidate.id)).toEqual(candidate);
    expect(await snapshot(ownerClient)).toEqual(ownerBefore);
    expect(await snapshot(intruder.client)).toEqual(intruderBefore);
    expect(await listIds(intruder.client, `/v1/candidates?job_id=${job.id}`)).toEqual([]);
    expect(await listIds(intruder.client, "/v1/candidates?email=hidden@example.com")).toEqual([]);
    expect(await eventsOf(intruder.client, candidate.id)).toEqual([]);
  });
});

describe("keys and permissions", () => {
  it("a growth-only engine key gets 403 on candidate routes; read_only reads but cannot write; talent key works", async () => {
    const { tenant, client, job } = await setup();
    const candidate = await createCandidate(client, job.id);
    const growth = await tenant.newKey("engine", { engines: ["growth"] });
    const readOnly = await tenant.newKey("read_only");
    const before = await snapshot(client);
    const writes: [string, string, unknown][] = [
      ["POST", "/v1/candidates", candidateInput(job.id)],
      ["PATCH", `/v1/candidates/${candidate.id}`, { stage: "screening" }],
      ["DELETE", `/v1/candidates/${candidate.id}`, undefined],
    ];
    for (const [method, path, body] of [["GET", "/v1/candidates", undefined], ["GET", `/v1/candidates/${candidate.id}`, undefined], ...writes] as [
      string,
      string,
      unknown,
    ][]) {
      expectProblem(await growth.client.request(method, path, { body }), 403, "insufficient_permission", `growth ${method} ${path}`);
    }
    expect(await getCandidate(readOnly.client, candidate.id)).toEqual(candidate);
    expect(await listIds(readOnly.client, "/v1/candidates")).toEqual([candidate.id]);
    for (const [method, path, body] of writes) {
      const problem = expectProblem(await readOnly.client.request(method, path, { body }), 403, "insufficient_permission", `read_only ${method} ${path}`);
      expect(problem.required_permission).toBe("talent:write");
    }
    expect(await snapshot(client)).toEqual(before);
    const talent = await tenant.newKey("engine", { engines: ["talent"] });
    expect((await patchCandidate(talent.client, candidate.id, { stage: "screening" })).stage).toBe("screening");
    expect(await eventTypesOf(talent.client, candidate.id)).toEqual(["candidate.created", "candidate.updated", "candidate.status_changed"]);
  });
});
