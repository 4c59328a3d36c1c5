import { describe, expect, it } from "vitest";
import { testClock, useTestApp } from "../helpers/harness.ts";
import {
  createCandidate,
  createJob,
  DAY,
  EMPLOYMENT_TYPES,
  eventsOf,
  eventTypesOf,
  expectProblem,
  getJob,
  JOB_ID,
  list,
  listIds,
  missingCandidateId,
  missingJobId,
  neverBeforeNow,
  NOW,
  patchJob,
  snapshot,
  tick,
} from "./helpers.ts";
import { expectInvalid } from "../helpers/expect-problem.ts";

const clock = testClock(NOW);
const t = useTestApp({ clock });
neverBeforeNow(clock);

describe("POST /v1/jobs", () => {
  it("creates an open job with every field, as GET shows it", async () => {
    const tenant = await t().tenant();
    const now = tick(clock);
    const response = await tenant.client.post("/v1/jobs", {
      title: "Senior Backend Engineer",
      department: "Engineering",
      location: "Berlin, DE",
      employment_type: "contract",
      metadata: { req: "R-17", level: "L5" },
    });
    expect(response.status, response.text).toBe(201);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body).toEqual({
      id: expect.stringMatching(JOB_ID),
      object: "job",
      title: "Senior Backend Engineer",
      department: "Engineering",
      location: "Berlin, DE",
      employment_type: "contract",
      status: "open",
      closed_at: null,
      metadata: { req: "R-17", level: "L5" },
      created_at: now,
      updated_at: now,
    });
    expect(await getJob(tenant.client, response.body.id)).toEqual(response.body);
  });

  it("defaults: no department or location, full_time, open, empty metadata", async () => {
    const tenant = await t().tenant();
    const now = tick(clock);
    const job = await createJob(tenant.client, { title: "Designer" });
    expect(job).toEqual({
      id: expect.stringMatching(JOB_ID),
      object: "job",
      title: "Designer",
      department: null,
      location: null,
      employment_type: "full_time",
      status: "open",
      closed_at: null,
      metadata: {},
      created_at: now,
      updated_at: now,
    });
  });

  it("accepts explicit nulls for department and location, and an explicit status open", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client, { department: null, location: null, status: "open" });
    expect(job).toMatchObject({ department: null, location: null, status: "open", closed_at: null });
  });

  it("accepts every employment type", async () => {
    const tenant = await t().tenant();
    for (const type of EMPLOYMENT_TYPES) {
      const job = await createJob(tenant.client, { employment_type: type });
      expect(job.employment_type).toBe(type);
      expect((await getJob(tenant.client, job.id)).employment_type).toBe(type);
    }
  });

  it("emits job.created carrying the job", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client, { department: "Sales" });
    const events = await eventsOf(tenant.client, job.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "job.created", timestamp: job.created_at, org_id: tenant.orgId, data: { object: job } });
    expect(events[0].data.previous_attributes).toBeUndefined();
  });

  it("creates a closed job when status is closed: closed_at set, job.created then job.closed", async () => {
    const tenant = await t().tenant();
    const now = tick(clock);
    const job = await createJob(tenant.client, { status: "closed" });
    expect(job).toMatchObject({ status: "closed", closed_at: now, created_at: now });
    expect(await getJob(tenant.client, job.id)).toEqual(job);
    const events = await eventsOf(tenant.client, job.id);
    expect(events.map((e) => e.type)).toEqual(["job.created", "job.closed"]);
    for (const event of events) {
      expect(event.data.object).toEqual(job);
      expect(event.data.previous_attributes).toBeUndefined();
    }
  });

  it("keeps title text as given (inner spaces, unicode)", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client, { title: "Ingénieur·e  Données 数据", department: "R&D / Data" });
    expect(job.title).toBe("Ingénieur·e  Données 数据");
    expect(job.department).toBe("R&D / Data");
  });

  describe("refuses bad input with 400 naming the field, and creates nothing", () => {
    const cases: [string, unknown, string[]][] = [
      ["missing title", { department: "Eng" }, ["title"]],
      ["empty title", { title: "" }, ["title"]],
      ["whitespace-only title", { title: "   \t " }, ["title"]],
      ["title too long", { title: "x".repeat(201) }, ["title"]],
      ["title a number", { title: 42 }, ["title"]],
      ["title null", { title: null }, ["title"]],
      ["unknown field", { title: "Ok", salary: 100000 }, ["salary"]],
      ["unknown field closed_at", { title: "Ok", closed_at: NOW }, ["closed_at"]],
      ["bad employment_type", { title: "Ok", employment_type: "freelance" }, ["employment_type"]],
      ["employment_type in capitals", { title: "Ok", employment_type: "FULL_TIME" }, ["employment_type"]],
      ["employment_type null", { title: "Ok", employment_type: null }, ["employment_type"]],
      ["bad status", { title: "Ok", status: "draft" }, ["status"]],
      ["whitespace-only department", { title: "Ok", department: "  " }, ["department"]],
      ["empty location", { title: "Ok", location: "" }, ["location"]],
      ["department too long", { title: "Ok", department: "d".repeat(101) }, ["department"]],
      ["location too long", { title: "Ok", location: "l".repeat(201) }, ["location"]],
      ["metadata value not a string", { title: "Ok", metadata: { level: 5 } }, ["metadata.level"]],
      ["metadata an array", { title: "Ok", metadata: ["a"] }, ["metadata"]],
      ["two bad fields", { title: " ", employment_type: "gig" }, ["title", "employment_type"]],
    ];
    it.each(cases)("%s", async (_name, body, fields) => {
      const tenant = await t().tenant();
      const before = await snapshot(tenant.client);
      const response = await tenant.client.post("/v1/jobs", body);
      expectInvalid(response, fields);
      expect(await snapshot(tenant.client)).toEqual(before);
    });
  });

  it("accepts limits exactly: 200-character title, 100-character department, 200-character location, 50 metadata keys", async () => {
    const tenant = await t().tenant();
    const metadata = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, "v"]));
    const job = await createJob(tenant.client, { title: "t".repeat(200), department: "d".repeat(100), location: "l".repeat(200), metadata });
    expect(job.title).toHaveLength(200);
    expect(Object.keys(job.metadata)).toHaveLength(50);
    const tooMany = await tenant.client.post("/v1/jobs", { title: "x", metadata: { ...metadata, k50: "v" } });
    expectInvalid(tooMany, ["metadata"]);
  });

  it("refuses a body that is not an object, and malformed JSON", async () => {
    const tenant = await t().tenant();
    const before = await snapshot(tenant.client);
    expectProblem(await tenant.client.post("/v1/jobs", ["title"]), 400, "validation_failed");
    expectProblem(await tenant.client.post("/v1/jobs", undefined, { raw: '{"title":', headers: { "content-type": "application/json" } }), 400, "invalid_json");
    expect(await snapshot(tenant.client)).toEqual(before);
  });
});

describe("GET /v1/jobs/{id}", () => {
  it("404 for a well-formed id that names nothing", async () => {
    const tenant = await t().tenant();
    const id = missingJobId();
    const response = await tenant.client.get(`/v1/jobs/${id}`);
    expectProblem(response, 404, "not_found");
    expect(response.body.detail).toContain(id);
  });

  it("400 naming the path id for an id of the wrong kind or shape", async () => {
    const tenant = await t().tenant();
    for (const id of [missingCandidateId(), "job_123", "not-an-id"]) {
      expectInvalid(await tenant.client.get(`/v1/jobs/${id}`), ["id"], "path", id);
      expectInvalid(await tenant.client.patch(`/v1/jobs/${id}`, { title: "x" }), ["id"], "path", id);
      expectInvalid(await tenant.client.delete(`/v1/jobs/${id}`), ["id"], "path", id);
    }
  });
});

describe("PATCH /v1/jobs/{id}", () => {
  it("updates the given fields only and emits job.updated with the previous values", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client, { title: "Engineer", department: "Eng", location: "Paris", metadata: { a: "1" } });
    const now = tick(clock);
    const updated = await patchJob(tenant.client, job.id, { title: "Staff Engineer", employment_type: "part_time", metadata: { b: "2" } });
    expect(updated).toEqual({
      ...job,
      title: "Staff Engineer",
      employment_type: "part_time",
      metadata: { b: "2" },
      updated_at: now,
    });
    expect(await getJob(tenant.client, job.id)).toEqual(updated);
    const events = await eventsOf(tenant.client, job.id);
    expect(events.map((e) => e.type)).toEqual(["job.created", "job.updated"]);
    expect(events[1]).toMatchObject({ timestamp: now, data: { object: updated } });
    expect(events[1].data.previous_attributes).toEqual({ title: "Engineer", employment_type: "full_time", metadata: { a: "1" } });
  });

  it("clears department and location with null", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client, { department: "Eng", location: "Remote" });
    const updated = await patchJob(tenant.client, job.id, { department: null, location: null });
    expect(updated).toMatchObject({ department: null, location: null, title: job.title });
    const [, event] = await eventsOf(tenant.client, job.id);
    expect(event.data.previous_attributes).toEqual({ department: "Eng", location: "Remote" });
  });

  it("emits nothing when the PATCH changes no value", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client, { title: "Same", department: "Same" });
    tick(clock);
    const updated = await patchJob(tenant.client, job.id, { title: "Same", department: "Same", status: "open" });
    expect({ ...updated, updated_at: job.updated_at }).toEqual(job);
    expect(await eventTypesOf(tenant.client, job.id)).toEqual(["job.created"]);
  });

  it("closing sets closed_at and emits job.updated (status, closed_at) then job.closed", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client);
    const now = tick(clock, DAY);
    const closed = await patchJob(tenant.client, job.id, { status: "closed" });
    expect(closed).toEqual({ ...job, status: "closed", closed_at: now, updated_at: now });
    expect(await getJob(tenant.client, job.id)).toEqual(closed);
    const events = await eventsOf(tenant.client, job.id);
    expect(events.map((e) => e.type)).toEqual(["job.created", "job.updated", "job.closed"]);
    expect(events[1].data).toEqual({ object: closed, previous_attributes: { status: "open", closed_at: null } });
    expect(events[2].data).toEqual({ object: closed });
    expect(events[2].timestamp).toBe(now);
  });

  it("closing together with other changes names them all in previous_attributes", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client, { location: "Lyon" });
    const now = tick(clock);
    const closed = await patchJob(tenant.client, job.id, { status: "closed", location: "Remote" });
    const events = await eventsOf(tenant.client, job.id);
    expect(events.map((e) => e.type)).toEqual(["job.created", "job.updated", "job.closed"]);
    expect(events[1].data.previous_attributes).toEqual({ status: "open", closed_at: null, location: "Lyon" });
    expect(closed.closed_at).toBe(now);
  });

  it("closing a closed job again keeps the first closed_at and emits nothing", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client);
    const closedAt = tick(clock);
    await patchJob(tenant.client, job.id, { status: "closed" });
    tick(clock, DAY);
    const again = await patchJob(tenant.client, job.id, { status: "closed" });
    expect(again.closed_at).toBe(closedAt);
    expect(again.status).toBe("closed");
    expect(await eventTypesOf(tenant.client, job.id)).toEqual(["job.created", "job.updated", "job.closed"]);
  });

  it("editing a closed job keeps it closed with its closed_at, and emits job.updated only", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client, { status: "closed" });
    tick(clock);
    const edited = await patchJob(tenant.client, job.id, { title: "Renamed" });
    expect(edited).toMatchObject({ status: "closed", closed_at: job.closed_at, title: "Renamed" });
    const events = await eventsOf(tenant.client, job.id);
    expect(events.map((e) => e.type)).toEqual(["job.created", "job.closed", "job.updated"]);
    expect(events[2].data.previous_attributes).toEqual({ title: job.title });
  });

  it("reopening clears closed_at and emits job.updated only", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client);
    const closedAt = tick(clock);
    const closed = await patchJob(tenant.client, job.id, { status: "closed" });
    const now = tick(clock);
    const reopened = await patchJob(tenant.client, job.id, { status: "open" });
    expect(reopened).toEqual({ ...job, status: "open", closed_at: null, updated_at: now });
    const events = await eventsOf(tenant.client, job.id);
    expect(events.map((e) => e.type)).toEqual(["job.created", "job.updated", "job.closed", "job.updated"]);
    expect(events[3].data).toEqual({ object: reopened, previous_attributes: { status: "closed", closed_at: closedAt } });
    expect(closed.closed_at).toBe(closedAt);
    // Closing it again is a new close, at the new time.
    const closedAgainAt = tick(clock);
    expect((await patchJob(tenant.client, job.id, { status: "closed" })).closed_at).toBe(closedAgainAt);
    expect((await eventTypesOf(tenant.client, job.id)).filter((type) => type === "job.closed")).toHaveLength(2);
  });

  it("404 for a well-formed id that names nothing, and nothing changes", async () => {
    const tenant = await t().tenant();
    const before = await snapshot(tenant.client);
    expectProblem(await tenant.client.patch(`/v1/jobs/${missingJobId()}`, { title: "x" }), 404, "not_found");
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  describe("refuses bad input with 400 naming the field, and changes nothing", () => {
    const cases: [string, unknown, string[]][] = [
      ["empty body", {}, ["body"]],
      ["whitespace-only title", { title: "  " }, ["title"]],
      ["title null", { title: null }, ["title"]],
      ["unknown field", { headcount: 3 }, ["headcount"]],
      ["id in the body", { id: "job_01jd8z6q4m2c8v3t5y7w9x0a1b" }, ["id"]],
      ["closed_at in the body", { closed_at: NOW }, ["closed_at"]],
      ["bad status", { status: "archived" }, ["status"]],
      ["status null", { status: null }, ["status"]],
      ["bad employment_type", { employment_type: "seasonal" }, ["employment_type"]],
      ["metadata value not a string", { metadata: { x: true } }, ["metadata.x"]],
      ["valid field with a bad one", { title: "Fine", status: "paused" }, ["status"]],
    ];
    it.each(cases)("%s", async (_name, body, fields) => {
      const tenant = await t().tenant();
      const job = await createJob(tenant.client, { department: "Eng" });
      const before = await snapshot(tenant.client);
      expectInvalid(await tenant.client.patch(`/v1/jobs/${job.id}`, body), fields);
      expect(await getJob(tenant.client, job.id)).toEqual(job);
      expect(await snapshot(tenant.client)).toEqual(before);
    });
  });
});

describe("DELETE /v1/jobs/{id}", () => {
  it("deletes a job without candidates and emits job.deleted with the job as it was", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client, { department: "Ops" });
    const now = tick(clock);
    const response = await tenant.client.delete(`/v1/jobs/${job.id}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ id: job.id, object: "job", deleted: true });
    expectProblem(await tenant.client.get(`/v1/jobs/${job.id}`), 404, "not_found");
    expect(await listIds(tenant.client, "/v1/jobs")).not.toContain(job.id);
    const events = await eventsOf(tenant.client, job.id);
    expect(events.map((e) => e.type)).toEqual(["job.created", "job.deleted"]);
    expect(events[1]).toMatchObject({ timestamp: now, data: { object: job } });
    expect(events[1].data.previous_attributes).toBeUndefined();
    // A second delete finds nothing.
    expectProblem(await tenant.client.delete(`/v1/jobs/${job.id}`), 404, "not_found");
    expect(await eventTypesOf(tenant.client, job.id)).toEqual(["job.created", "job.deleted"]);
  });

  it("deletes a closed job without candidates", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client, { status: "closed" });
    expect((await tenant.client.delete(`/v1/jobs/${job.id}`)).status).toBe(200);
    const [deleted] = (await eventsOf(tenant.client, job.id)).filter((e) => e.type === "job.deleted");
    expect(deleted.data.object).toEqual(job);
  });

  it("refuses a job with candidates: 409 conflict with candidate_count, nothing changes", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client);
    const first = await createCandidate(tenant.client, job.id);
    const second = await createCandidate(tenant.client, job.id);
    const before = await snapshot(tenant.client);
    const response = await tenant.client.delete(`/v1/jobs/${job.id}`);
    const problem = expectProblem(response, 409, "conflict");
    expect(problem.candidate_count).toBe(2);
    expect(problem.detail).toContain("2 candidates");
    expect(await getJob(tenant.client, job.id)).toEqual(job);
    expect(await snapshot(tenant.client)).toEqual(before);
    // Once the candidates are gone, the job can go.
    expect((await tenant.client.delete(`/v1/candidates/${first.id}`)).status).toBe(200);
    const one = expectProblem(await tenant.client.delete(`/v1/jobs/${job.id}`), 409, "conflict");
    expect(one.candidate_count).toBe(1);
    expect((await tenant.client.delete(`/v1/candidates/${second.id}`)).status).toBe(200);
    expect((await tenant.client.delete(`/v1/jobs/${job.id}`)).status).toBe(200);
  });

  it("refuses a closed job with candidates too (409)", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client);
    await createCandidate(tenant.client, job.id);
    await patchJob(tenant.client, job.id, { status: "closed" });
    const problem = expectProblem(await tenant.client.delete(`/v1/jobs/${job.id}`), 409, "conflict");
    expect(problem.candidate_count).toBe(1);
    expect((await getJob(tenant.client, job.id)).status).toBe("closed");
  });

  it("counts only this job's candidates", async () => {
    const tenant = await t().tenant();
    const busy = await createJob(tenant.client);
    const empty = await createJob(tenant.client);
    await createCandidate(tenant.client, busy.id);
    expect((await tenant.client.delete(`/v1/jobs/${empty.id}`)).status).toBe(200);
  });

  it("404 for a well-formed id that names nothing", async () => {
    const tenant = await t().tenant();
    const before = await snapshot(tenant.client);
    expectProblem(await tenant.client.delete(`/v1/jobs/${missingJobId()}`), 404, "not_found");
    expect(await snapshot(tenant.client)).toEqual(before);
  });
});

describe("GET /v1/jobs", () => {
  it("lists the tenant's jobs newest first, in the list envelope, items as GET shows them", async () => {
    const tenant = await t().tenant();
    const other = await t().tenant();
    await createJob(other.client, { title: "Not mine" });
    const a = await createJob(tenant.client, { title: "A" });
    tick(clock);
    const b = await createJob(tenant.client, { title: "B", status: "closed" });
    tick(clock);
    const c = await createJob(tenant.client, { title: "C", metadata: { k: "v" } });
    const body = await list(tenant.client, "/v1/jobs");
    expect(body).toEqual({ data: [c, b, a], meta: { total: 3, page: 1, per_page: 25 } });
  });

  it("an empty tenant lists nothing", async () => {
    const tenant = await t().tenant();
    expect(await list(tenant.client, "/v1/jobs")).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 25 } });
  });

  it("filters by status and employment_type (a comma list means any of)", async () => {
    const tenant = await t().tenant();
    const open = await createJob(tenant.client, { employment_type: "full_time" });
    const closed = await createJob(tenant.client, { status: "closed", employment_type: "contract" });
    const intern = await createJob(tenant.client, { employment_type: "internship" });
    expect((await listIds(tenant.client, "/v1/jobs?status=open")).sort()).toEqual([open.id, intern.id].sort());
    expect(await listIds(tenant.client, "/v1/jobs?status=closed")).toEqual([closed.id]);
    expect(await listIds(tenant.client, "/v1/jobs?employment_type=contract")).toEqual([closed.id]);
    expect((await listIds(tenant.client, "/v1/jobs?employment_type=contract,internship")).sort()).toEqual([closed.id, intern.id].sort());
    expect(await listIds(tenant.client, "/v1/jobs?status=open&employment_type=internship")).toEqual([intern.id]);
    expect((await listIds(tenant.client, "/v1/jobs?status[ne]=closed")).sort()).toEqual([open.id, intern.id].sort());
    expect(await listIds(tenant.client, "/v1/jobs?employment_type=part_time")).toEqual([]);
  });

  it("filters department and location by exact value and by contains (case-insensitive)", async () => {
    const tenant = await t().tenant();
    const eng = await createJob(tenant.client, { department: "Platform Engineering", location: "Berlin" });
    const data = await createJob(tenant.client, { department: "Data Engineering", location: "Remote (EU)" });
    const sales = await createJob(tenant.client, { department: "Sales", location: "New York" });
    await createJob(tenant.client, { title: "No department" });
    expect((await listIds(tenant.client, "/v1/jobs?department[contains]=engineering")).sort()).toEqual([eng.id, data.id].sort());
    expect(await listIds(tenant.client, "/v1/jobs?department=Sales")).toEqual([sales.id]);
    expect(await listIds(tenant.client, "/v1/jobs?location[contains]=BERL")).toEqual([eng.id]);
    expect(await listIds(tenant.client, `/v1/jobs?location[contains]=${encodeURIComponent("(EU)")}`)).toEqual([data.id]);
    expect(await listIds(tenant.client, "/v1/jobs?location[contains]=york&department[contains]=sal")).toEqual([sales.id]);
    // % and _ are matched literally, not as wildcards.
    expect(await listIds(tenant.client, `/v1/jobs?department[contains]=${encodeURIComponent("%")}`)).toEqual([]);
    expect(await listIds(tenant.client, "/v1/jobs?department[contains]=_")).toEqual([]);
  });

  it("q searches title, department and location, case-insensitively", async () => {
    const tenant = await t().tenant();
    const byTitle = await createJob(tenant.client, { title: "Kubernetes Wrangler" });
    const byDepartment = await createJob(tenant.client, { title: "Engineer", department: "kubernetes platform" });
    const byLocation = await createJob(tenant.client, { title: "Manager", location: "Kubernetes City" });
    await createJob(tenant.client, { title: "Accountant", department: "Finance", location: "Paris" });
    expect((await listIds(tenant.client, "/v1/jobs?q=KUBERNETES")).sort()).toEqual([byTitle.id, byDepartment.id, byLocation.id].sort());
    expect(await listIds(tenant.client, "/v1/jobs?q=wrangl")).toEqual([byTitle.id]);
    expect(await listIds(tenant.client, "/v1/jobs?q=nothing-matches-this")).toEqual([]);
  });

  it("filters created_at and updated_at ranges", async () => {
    const tenant = await t().tenant();
    const t0 = tick(clock, DAY);
    const first = await createJob(tenant.client);
    const t1 = tick(clock, DAY);
    const second = await createJob(tenant.client);
    const t2 = tick(clock, DAY);
    const third = await createJob(tenant.client);
    expect(await listIds(tenant.client, `/v1/jobs?created_at[gte]=${t1}`)).toEqual([third.id, second.id]);
    expect(await listIds(tenant.client, `/v1/jobs?created_at[gt]=${t1}`)).toEqual([third.id]);
    expect(await listIds(tenant.client, `/v1/jobs?created_at[lt]=${t1}&created_at[gte]=${t0}`)).toEqual([first.id]);
    expect(await listIds(tenant.client, `/v1/jobs?created_at[lte]=${t1}&created_at[gte]=${t0}`)).toEqual([second.id, first.id]);
    expect(await listIds(tenant.client, `/v1/jobs?created_at=${t2}`)).toEqual([third.id]);
    const t3 = tick(clock, DAY);
    await patchJob(tenant.client, first.id, { title: "Touched" });
    expect(await listIds(tenant.client, `/v1/jobs?updated_at[gte]=${t3}`)).toEqual([first.id]);
  });

  it("sorts by title, created_at and updated_at, both ways", async () => {
    const tenant = await t().tenant();
    const b = await createJob(tenant.client, { title: "Bravo" });
    tick(clock);
    const a = await createJob(tenant.client, { title: "Alpha" });
    tick(clock);
    const c = await createJob(tenant.client, { title: "Charlie" });
    tick(clock);
    await patchJob(tenant.client, b.id, { department: "x" });
    expect(await listIds(tenant.client, "/v1/jobs?sort=title")).toEqual([a.id, b.id, c.id]);
    expect(await listIds(tenant.client, "/v1/jobs?sort=-title")).toEqual([c.id, b.id, a.id]);
    expect(await listIds(tenant.client, "/v1/jobs?sort=created_at")).toEqual([b.id, a.id, c.id]);
    expect(await listIds(tenant.client, "/v1/jobs?sort=-updated_at")).toEqual([b.id, c.id, a.id]);
  });

  it("pages through with page and per_page, without repeats or gaps (ties broken by id)", async () => {
    const tenant = await t().tenant();
    // Same created_at for all: order among them must still be stable.
    const created = [];
    for (let i = 0; i < 7; i++) created.push(await createJob(tenant.client, { title: `Job ${i}` }));
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const body = await list(tenant.client, `/v1/jobs?per_page=3&page=${page}`);
      expect(body.meta).toEqual({ total: 7, page, per_page: 3 });
      pages.push(...body.data.map((j: any) => j.id));
    }
    expect(pages).toHaveLength(7);
    expect(new Set(pages)).toEqual(new Set(created.map((j) => j.id)));
    const past = await list(tenant.client, "/v1/jobs?per_page=3&page=4");
    expect(past).toEqual({ data: [], meta: { total: 7, page: 4, per_page: 3 } });
  });

  it("refuses bad query parameters with 400 naming them", async () => {
    const tenant = await t().tenant();
    const cases: [string, string][] = [
      ["status=archived", "status"],
      ["status=open,", "status"],
      ["employment_type=gig", "employment_type"],
      ["sort=salary", "sort"],
      ["per_page=0", "per_page"],
      ["per_page=101", "per_page"],
      ["page=0", "page"],
      ["created_at[gte]=yesterday", "created_at[gte]"],
      ["title=Engineer", "title"],
      ["department[gte]=A", "department[gte]"],
      ["bogus=1", "bogus"],
    ];
    for (const [query, field] of cases) {
      expectInvalid(await tenant.client.get(`/v1/jobs?${query}`), [field], "query", query);
    }
  });
});

describe("tenant isolation", () => {
  it("another tenant's job is 404 on GET, PATCH and DELETE, and stays untouched", async () => {
    const owner = await t().tenant();
    const intruder = await t().tenant();
    const job = await createJob(owner.client, { title: "Secret role", department: "Stealth" });
    const ownerBefore = await snapshot(owner.client);
    const intruderBefore = await snapshot(intruder.client);
    for (const response of [
      await intruder.client.get(`/v1/jobs/${job.id}`),
      await intruder.client.patch(`/v1/jobs/${job.id}`, { status: "closed" }),
      await intruder.client.delete(`/v1/jobs/${job.id}`),
    ]) {
      expectProblem(response, 404, "not_found");
      expect(response.text).not.toContain("Secret role");
    }
    expect(await getJob(owner.client, job.id)).toEqual(job);
    expect(await snapshot(owner.client)).toEqual(ownerBefore);
    expect(await snapshot(intruder.client)).toEqual(intruderBefore);
    expect(await listIds(intruder.client, "/v1/jobs?q=Secret")).toEqual([]);
    expect(await eventsOf(intruder.client, job.id)).toEqual([]);
  });
});

describe("keys and permissions", () => {
  it("a growth-only engine key gets 403 on every job route, and changes nothing", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client);
    const growth = await tenant.newKey("engine", { engines: ["growth"] });
    const before = await snapshot(tenant.client);
    const attempts: [string, string, unknown][] = [
      ["GET", "/v1/jobs", undefined],
      ["GET", `/v1/jobs/${job.id}`, undefined],
      ["POST", "/v1/jobs", { title: "Nope" }],
      ["PATCH", `/v1/jobs/${job.id}`, { status: "closed" }],
      ["DELETE", `/v1/jobs/${job.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const response = await growth.client.request(method, path, { body });
      const problem = expectProblem(response, 403, "insufficient_permission", `${method} ${path}`);
      expect(problem.required_permission).toBe(method === "GET" ? "talent:read" : "talent:write");
    }
    expect(await snapshot(tenant.client)).toEqual(before);
    expect(await getJob(tenant.client, job.id)).toEqual(job);
    // The growth key does not see talent events either.
    expect((await list(growth.client, `/v1/events?object_id=${job.id}`)).data).toEqual([]);
  });

  it("a talent engine key creates, reads, updates, lists and deletes jobs, and sees their events", async () => {
    const tenant = await t().tenant();
    const talent = await tenant.newKey("engine", { engines: ["talent"] });
    const job = await createJob(talent.client, { title: "By talent key" });
    expect(await getJob(talent.client, job.id)).toEqual(job);
    expect(await listIds(talent.client, "/v1/jobs")).toEqual([job.id]);
    const closed = await patchJob(talent.client, job.id, { status: "closed" });
    expect(closed.status).toBe("closed");
    expect(await eventTypesOf(talent.client, job.id)).toEqual(["job.created", "job.updated", "job.closed"]);
    expect((await talent.client.delete(`/v1/jobs/${job.id}`)).status).toBe(200);
    expectProblem(await talent.client.get("/v1/contacts"), 403, "insufficient_permission");
    // The full-access key sees what the talent key did.
    expect(await eventTypesOf(tenant.client, job.id)).toEqual(["job.created", "job.updated", "job.closed", "job.deleted"]);
  });

  it("a read_only key reads jobs but cannot write (403 talent:write), and changes nothing", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client);
    const readOnly = await tenant.newKey("read_only");
    expect(await getJob(readOnly.client, job.id)).toEqual(job);
    expect(await listIds(readOnly.client, "/v1/jobs")).toEqual([job.id]);
    const before = await snapshot(tenant.client);
    const attempts: [string, string, unknown][] = [
      ["POST", "/v1/jobs", { title: "Nope" }],
      ["PATCH", `/v1/jobs/${job.id}`, { status: "closed" }],
      ["DELETE", `/v1/jobs/${job.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const problem = expectProblem(await readOnly.client.request(method, path, { body }), 403, "insufficient_permission", `${method} ${path}`);
      expect(problem.required_permission).toBe("talent:write");
    }
    expect(await snapshot(tenant.client)).toEqual(before);
  });

  it("refuses requests without a key (401)", async () => {
    const tenant = await t().tenant();
    const job = await createJob(tenant.client);
    expectProblem(await t().client.get(`/v1/jobs/${job.id}`), 401, "missing_api_key");
    expectProblem(await t().client.post("/v1/jobs", { title: "x" }), 401, "missing_api_key");
  });
});

describe("field[ne] keeps rows where the field is empty", () => {
  it("department[ne]=Sales lists jobs in other departments and jobs without one", async () => {
    const { client } = await t().tenant();
    const ids: Record<string, string> = {};
    for (const [name, department] of [
      ["sales", "Sales"],
      ["eng", "Engineering"],
      ["none", null],
    ] as const) {
      const res = await client.post("/v1/jobs", { title: `Job ${name}`, department });
      expect(res.status, res.text).toBe(201);
      ids[name] = res.body.id;
    }
    const listed = (await client.get("/v1/jobs?department[ne]=Sales&sort=created_at")).body.data.map((j: { id: string }) => j.id);
    expect(listed).toEqual([ids.eng, ids.none]);
  });
});
