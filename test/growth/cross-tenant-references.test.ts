import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../helpers/expect-problem.ts";
import { useTestApp, type Tenant } from "../helpers/harness.ts";

/**
 * Ids in request bodies are checked against the caller's organization: another
 * organization's contact, account, pipeline, stage or enrollment is refused
 * exactly like one that does not exist (422 naming the field), and nothing changes.
 */
const t = useTestApp();

let a: Tenant;
let b: Tenant;
/** A's resources, which B will try to name. */
const theirs: Record<string, string> = {};

async function created(response: Promise<{ status: number; body: any; text: string }>): Promise<any> {
  const res = await response;
  expect(res.status, res.text).toBe(201);
  return res.body;
}

beforeAll(async () => {
  a = await t().tenant({ name: "A" });
  b = await t().tenant({ name: "B" });
  const account = await created(a.client.post("/v1/accounts", { name: "A's account", domain: "a-only.example" }));
  const contact = await created(a.client.post("/v1/contacts", { email: "someone@a-only.example" }));
  const pipeline = await created(a.client.post("/v1/pipelines", { name: "A's pipeline", stages: [{ name: "Open", probability: 10 }] }));
  const sequence = await created(a.client.post("/v1/sequences", { name: "A's", status: "active", steps: [{ type: "task", subject: "Call" }] }));
  const enrollment = await created(a.client.post(`/v1/sequences/${sequence.id}/enrollments`, { contact_id: contact.id }));
  const job = await created(a.client.post("/v1/jobs", { title: "A's job" }));
  Object.assign(theirs, {
    account: account.id,
    contact: contact.id,
    pipeline: pipeline.id,
    stage: pipeline.stages[0].id,
    enrollment: enrollment.id,
    job: job.id,
  });
});

/** What B holds that a refused write could have touched. */
async function bState() {
  const paths = ["/v1/contacts", "/v1/deals", "/v1/invoices", "/v1/candidates", "/v1/events", "/v1/sequence_messages"];
  const totals = await Promise.all(paths.map(async (p) => (await b.client.get(`${p}?per_page=1`)).body.meta.total));
  return Object.fromEntries(paths.map((p, i) => [p, totals[i]]));
}

const cases: [string, string, () => Promise<{ path: string; body: unknown }>, string][] = [
  ["contact.account_id", "POST", async () => ({ path: "/v1/contacts", body: { email: "x@b.example", account_id: theirs.account } }), "account_id"],
  ["deal.account_id", "POST", async () => ({ path: "/v1/deals", body: { name: "D", account_id: theirs.account } }), "account_id"],
  ["deal.contact_ids", "POST", async () => ({ path: "/v1/deals", body: { name: "D", contact_ids: [theirs.contact] } }), "contact_ids"],
  ["deal.pipeline_id", "POST", async () => ({ path: "/v1/deals", body: { name: "D", pipeline_id: theirs.pipeline } }), "pipeline_id"],
  ["deal.stage_id", "POST", async () => ({ path: "/v1/deals", body: { name: "D", stage_id: theirs.stage } }), "stage_id"],
  [
    "invoice.account_id",
    "POST",
    async () => ({ path: "/v1/invoices", body: { client: "C", amount: 10, currency: "USD", due_date: "2030-01-01", account_id: theirs.account } }),
    "account_id",
  ],
  [
    "enrollment.contact_id",
    "POST",
    async () => {
      const sequence = await created(b.client.post("/v1/sequences", { name: "B's", steps: [{ type: "task", subject: "Call" }] }));
      return { path: `/v1/sequences/${sequence.id}/enrollments`, body: { contact_id: theirs.contact } };
    },
    "contact_id",
  ],
  [
    "candidate.job_id",
    "POST",
    async () => ({ path: "/v1/candidates", body: { job_id: theirs.job, first_name: "C", last_name: "D", email: "c@b.example" } }),
    "job_id",
  ],
  ["reply.enrollment_id", "POST", async () => ({ path: "/v1/sequence_replies", body: { enrollment_id: theirs.enrollment, body: "hi" } }), "enrollment_id"],
  ["reply.email", "POST", async () => ({ path: "/v1/sequence_replies", body: { email: "someone@a-only.example", body: "hi" } }), "email"],
  [
    "pipeline stages[].id",
    "PATCH",
    async () => {
      const pipeline = await created(b.client.post("/v1/pipelines", { name: "B's", stages: [{ name: "Open", probability: 10 }] }));
      return { path: `/v1/pipelines/${pipeline.id}`, body: { stages: [{ id: theirs.stage, name: "Taken", probability: 10 }] } };
    },
    "stages[0].id",
  ],
];

describe("another organization's ids in a body", () => {
  it.each(cases)("%s is refused with 422 naming the field", async (_, method, make, field) => {
    const { path, body } = await make();
    const before = await bState();
    const problem = expectProblem(await b.client.request(method, path, { body }), 422, "unprocessable");
    expect(problem.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect(await bState()).toEqual(before);
  });

  it("left A's data alone", async () => {
    const enrollment = await a.client.get(`/v1/sequences/${(await a.client.get("/v1/sequences")).body.data[0].id}/enrollments/${theirs.enrollment}`);
    expect(enrollment.body.status).toBe("active");
    expect((await a.client.get(`/v1/contacts/${theirs.contact}`)).body.account_id).toBe(theirs.account);
    expect((await a.client.get(`/v1/pipelines/${theirs.pipeline}`)).body.stages.map((s: { name: string }) => s.name)).toEqual(["Open"]);
  });
});
