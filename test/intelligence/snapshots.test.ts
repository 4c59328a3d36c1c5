import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newId } from "../../src/platform/ids.ts";
import { expectInvalid, expectProblem } from "../helpers/expect-problem.ts";
import { testClock, useTestApp, type ApiResponse, type Client, type Tenant, type TestClock } from "../helpers/harness.ts";

// Intelligence snapshots: the routes, the figures they hold (checked against a
// fixture whose every number is worked out by hand below), the scheduler's
// daily run, permissions and tenant isolation.

// ---------------------------------------------------------------------------
// Helpers (local to this file)
// ---------------------------------------------------------------------------

/** The instant the figures of the hand-built organization describe (UTC); today is 2026-03-10. */
const NOW = "2026-03-10T12:00:00.000Z";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const SNAPSHOT_ID = /^snap_[0-7][0-9a-hjkmnp-tv-z]{25}$/;

/** NOW minus some days, plus some milliseconds, as the API writes times. */
function ago(days: number, plusMs = 0): string {
  return new Date(Date.parse(NOW) - days * DAY + plusMs).toISOString();
}

/** An instant plus some milliseconds, as the API writes times. */
function plus(time: string | Date, ms: number): string {
  return new Date(new Date(time).getTime() + ms).toISOString();
}

async function expectStatus(response: ApiResponse, status: number, what: string): Promise<any> {
  expect(response.status, `${what}: ${response.text}`).toBe(status);
  return response.body;
}

async function createOk(client: Client, path: string, body?: unknown): Promise<any> {
  return expectStatus(await client.post(path, body), 201, `POST ${path}`);
}

async function postOk(client: Client, path: string, body?: unknown): Promise<any> {
  return expectStatus(await client.post(path, body), 200, `POST ${path}`);
}

async function patchOk(client: Client, path: string, body: unknown): Promise<any> {
  return expectStatus(await client.patch(path, body), 200, `PATCH ${path}`);
}

async function deleteOk(client: Client, path: string): Promise<any> {
  return expectStatus(await client.delete(path), 200, `DELETE ${path}`);
}

async function getOk(client: Client, path: string): Promise<any> {
  return expectStatus(await client.get(path), 200, `GET ${path}`);
}

/** POST /v1/intelligence/snapshots, insisting on 201. */
function takeSnapshot(client: Client): Promise<any> {
  return createOk(client, "/v1/intelligence/snapshots");
}

/** Every snapshot of the caller's organization, newest first. */
async function snapshotsOf(client: Client, query = ""): Promise<any[]> {
  const page = await getOk(client, `/v1/intelligence/snapshots?per_page=100${query}`);
  expect(page.meta.total).toBe(page.data.length);
  return page.data;
}

/** The intelligence.snapshot_created events the caller can see, oldest first. */
async function snapshotEvents(client: Client): Promise<any[]> {
  return (await getOk(client, "/v1/events?type=intelligence.snapshot_created&sort=timestamp&per_page=100")).data;
}

/** A candidate count for every stage, zeros included. */
function stages(counts: Partial<Record<"applied" | "screening" | "interview" | "offer" | "hired" | "rejected", number>> = {}) {
  return { applied: 0, screening: 0, interview: 0, offer: 0, hired: 0, rejected: 0, ...counts };
}

/** What an organization with nothing in any engine shows. */
const EMPTY_FIGURES = {
  finance: { currencies: [], overdue_count: 0 },
  growth: {
    pipeline: { totals: [], by_stage: [] },
    last_90_days: { won: 0, lost: 0, win_rate: null },
    new_contacts_last_30_days: 0,
    sequences: { active_enrollments: 0, reply_rate: null },
  },
  talent: { open_jobs: 0, open_job_pipelines: [], median_days_to_hire: null, hires_last_365_days: 0 },
};

let unique = 0;
const nextNumber = () => `${process.pid}-${++unique}`;

function openInvoice(client: Client, amount: number, currency: string, due_date: string): Promise<any> {
  return createOk(client, "/v1/invoices", { client: "Client", amount, currency, due_date, status: "open" });
}

function draftInvoice(client: Client, amount: number, currency: string, due_date: string): Promise<any> {
  return createOk(client, "/v1/invoices", { client: "Client", amount, currency, due_date });
}

function contact(client: Client, first_name: string): Promise<any> {
  return createOk(client, "/v1/contacts", { first_name, email: `${first_name.toLowerCase()}-${nextNumber()}@example.com` });
}

function candidate(client: Client, jobId: string, first_name: string): Promise<any> {
  return createOk(client, "/v1/candidates", { job_id: jobId, first_name, last_name: "Doe", email: `${first_name.toLowerCase()}-${nextNumber()}@example.com` });
}

function moveCandidate(client: Client, id: string, stage: string): Promise<any> {
  return patchOk(client, `/v1/candidates/${id}`, { stage });
}

function deal(client: Client, name: string, stageId: string, amount: number | null, currency: string): Promise<any> {
  return createOk(client, "/v1/deals", { name, stage_id: stageId, amount, currency });
}

function moveDeal(client: Client, id: string, stageId: string): Promise<any> {
  return patchOk(client, `/v1/deals/${id}`, { stage_id: stageId });
}

function enroll(client: Client, sequenceId: string, contactId: string): Promise<any> {
  return createOk(client, `/v1/sequences/${sequenceId}/enrollments`, { contact_id: contactId });
}

/** The organization's default pipeline (made on first look), with its stages by name. */
async function defaultPipeline(client: Client): Promise<{ id: string; stage: Record<string, string> }> {
  const pipelines = (await getOk(client, "/v1/pipelines?per_page=100")).data.filter((p: any) => p.is_default);
  expect(pipelines).toHaveLength(1);
  return { id: pipelines[0].id, stage: Object.fromEntries(pipelines[0].stages.map((s: any) => [s.name, s.id])) };
}

/**
 * Moves the clock forward to `time`, refusing to move it back: a tenant's key
 * must never see time run backwards (rate limits), and the fixture reads in
 * the order things happened.
 */
function forwardClock(clock: TestClock) {
  return (time: string) => {
    if (Date.parse(time) < clock().getTime()) throw new Error(`fixture out of order: ${time} is before ${clock().toISOString()}`);
    clock.set(time);
  };
}

// ===========================================================================
// An app without scheduled snapshots: every snapshot here is made by POST.
// ===========================================================================

describe("snapshots on demand", () => {
  const clock = testClock(NOW);
  const t = useTestApp({ clock });

  // -------------------------------------------------------------------------
  describe("figures of a hand-built organization", () => {
    const at = forwardClock(clock);
    const tick = () => t().scheduler.tick();

    let a: Tenant; // the organization the figures are about
    let b: Tenant; // another organization, whose data must not leak into a's figures
    let atSixDaysAgo: any; // a's snapshot taken at NOW - 6 days
    let response: ApiResponse; // a's snapshot taken at NOW
    let bSnapshot: any;
    const ids: Record<string, any> = {}; // ids of what the fixture made, by the names the comments use
    let sales: { id: string; stage: Record<string, string> };
    let enterprise: { id: string; stage: Record<string, string> };
    let bSales: { id: string; stage: Record<string, string> };
    let bJob: any;

    async function hire(client: Client, candidateId: string, time: string) {
      // Through the stages a minute apart; the hire itself lands at `time`.
      for (const [i, stage] of (["screening", "interview", "offer"] as const).entries()) {
        at(plus(time, (i - 3) * MINUTE));
        await moveCandidate(client, candidateId, stage);
      }
      at(time);
      await moveCandidate(client, candidateId, "hired");
    }

    beforeAll(async () => {
      // Everything below happens in time order, from 520 days before NOW.
      clock.set(ago(520));
      a = await t().tenant();
      const c = a.client;
      const job = (title: string) => createOk(c, "/v1/jobs", { title }).then((j) => j.id as string);

      // --- talent, long ago -------------------------------------------------
      ids.j1 = await job("Backend Engineer"); // created NOW-520d, stays open
      at(ago(510));
      ids.h0 = (await candidate(c, ids.j1, "Hank")).id;
      await hire(c, ids.h0, ago(480)); // 30 days; hired more than 365 days before NOW
      at(ago(300));
      ids.j2 = await job("Product Designer"); // closed later
      ids.h1 = (await candidate(c, ids.j1, "Hilda")).id;
      await hire(c, ids.h1, ago(290)); // 10 days
      at(ago(280));
      ids.h2 = (await candidate(c, ids.j2, "Hugo")).id;
      await hire(c, ids.h2, ago(250)); // 30 days
      at(ago(200));
      ids.j3 = await job("Data Analyst");

      // --- finance, old invoices -------------------------------------------
      await openInvoice(c, 250, "EUR", "2026-05-01"); // E2: issued 200 days ago, not due yet
      await openInvoice(c, 100, "GBP", "2025-09-01"); // G1: 190 days late, issued 200 days ago
      ids.u14 = (await draftInvoice(c, 150, "USD", "2026-04-15")).id; // U14: draft now, finalized 30 days ago
      await draftInvoice(c, 75, "CHF", "2026-01-01"); // a draft is no figure: no CHF row at all

      at(ago(150));
      ids.h3 = (await candidate(c, ids.j3, "Hedda")).id;
      at(ago(130));
      ids.u7 = (await openInvoice(c, 700, "USD", "2025-12-09")).id; // U7: 91 days late, issued 130 days ago
      await hire(c, ids.h3, ago(150 - 20.25)); // 20.25 days after applying
      at(ago(125));
      await postOk(c, `/v1/invoices/${ids.u7}/pay`, { amount: 100 }); // U7 due 600
      at(ago(120));
      await openInvoice(c, 600, "USD", "2025-12-10"); // U6: 90 days late, issued 120 days ago

      // --- growth, 100 days ago --------------------------------------------
      at(ago(100));
      ids.j4 = await job("Recruiter");
      ids.ca = (await contact(c, "Carla")).id;
      ids.cz = (await contact(c, "Zoe")).id;
      ids.s1 = (
        await createOk(c, "/v1/sequences", {
          name: "Outbound",
          status: "active",
          steps: [
            { type: "email", delay_days: 0, subject: "Hi", body: "Hello" },
            { type: "email", delay_days: 3, subject: "Again", body: "Hello again" },
          ],
        })
      ).id;
      ids.ea = (await enroll(c, ids.s1, ids.ca)).id;
      ids.ez = (await enroll(c, ids.s1, ids.cz)).id;
      sales = await defaultPipeline(c);
      ids.w1 = (await deal(c, "W1", sales.stage["Lead in"]!, 800, "USD")).id;
      ids.l1 = (await deal(c, "L1", sales.stage["Qualified"]!, 300, "USD")).id;
      ids.r1 = (await deal(c, "R1", sales.stage["Proposal"]!, 700, "USD")).id;
      await tick(); // Carla's and Zoe's first step run now (100 days ago)
      at(ago(99));
      await postOk(c, "/v1/sequence_replies", { enrollment_id: ids.ea, body: "Thanks" }); // replied, but enrolled > 90 days ago
      at(ago(95));
      await deal(c, "W3", sales.stage["Closed won"]!, 450, "USD"); // won 95 days ago: outside the 90-day window

      // --- the DSO window's edge (NOW - 90 days) -----------------------------
      at(ago(90, -HOUR));
      await openInvoice(c, 500, "USD", "2026-01-08"); // U5: 61 days late; issued 90d 1h ago: not invoiced in the window
      at(ago(90, HOUR));
      await openInvoice(c, 400, "USD", "2026-01-09"); // U4: 60 days late; issued 89d 23h ago: invoiced in the window

      // --- a second pipeline, its stages reordered ---------------------------
      at(ago(70));
      const made = await createOk(c, "/v1/pipelines", {
        name: "Enterprise",
        stages: [
          { name: "Discovery", probability: 20 },
          { name: "Pilot", probability: 60 },
          { name: "Won", kind: "won" },
          { name: "Lost", kind: "lost" },
        ],
      });
      const byName = Object.fromEntries(made.stages.map((s: any) => [s.name, s]));
      at(ago(69));
      await patchOk(c, `/v1/pipelines/${made.id}`, {
        stages: [byName.Pilot, byName.Discovery, byName.Won, byName.Lost].map(({ id, name, probability, kind }) => ({ id, name, probability, kind })),
      });
      enterprise = { id: made.id, stage: Object.fromEntries(made.stages.map((s: any) => [s.name, s.id])) };
      at(ago(65));
      await deal(c, "D6", enterprise.stage.Discovery!, 10000, "USD");
      await deal(c, "D7", enterprise.stage.Pilot!, 5000, "USD");
      await deal(c, "D8", enterprise.stage.Pilot!, 1000.01, "EUR");
      at(ago(60));
      await deal(c, "D1", sales.stage["Lead in"]!, 1000, "USD");
      await deal(c, "D2", sales.stage["Lead in"]!, 500.55, "USD");
      await deal(c, "D3", sales.stage["Lead in"]!, 2000, "EUR");
      await deal(c, "D4", sales.stage["Proposal"]!, 3000, "USD");
      await deal(c, "D5", sales.stage["Negotiation"]!, null, "USD"); // no amount: counted, worth nothing
      ids.u12 = (await openInvoice(c, 350, "USD", "2026-01-01")).id;
      at(ago(59));
      await postOk(c, `/v1/invoices/${ids.u12}/mark_uncollectible`); // U12: invoiced in the window, never outstanding

      // --- talent and finance, the last two months ---------------------------
      at(ago(55));
      await patchOk(c, `/v1/jobs/${ids.j4}`, { status: "closed" });
      at(ago(50));
      await patchOk(c, `/v1/jobs/${ids.j4}`, { status: "open" }); // reopened: open again
      await openInvoice(c, 300, "USD", "2026-02-07"); // U3: 31 days late
      at(ago(45));
      ids.e1 = (await openInvoice(c, 1000, "EUR", "2026-02-20")).id; // E1: 18 days late
      ids.c1 = (await candidate(c, ids.j4, "Cole")).id;
      at(ago(44));
      await postOk(c, `/v1/invoices/${ids.e1}/pay`, { amount: 400 }); // E1 due 600
      await moveCandidate(c, ids.c1, "screening");
      at(ago(40));
      await openInvoice(c, 200, "USD", "2026-02-08"); // U2: 30 days late
      at(ago(35));
      ids.a1 = (await candidate(c, ids.j1, "Ada")).id;
      ids.a2 = (await candidate(c, ids.j1, "Abe")).id;
      ids.a3 = (await candidate(c, ids.j1, "Ava")).id;
      await candidate(c, ids.j2, "Xena"); // applied to the job closed below
      ids.b1 = (await candidate(c, ids.j3, "Bea")).id;
      ids.b2 = (await candidate(c, ids.j3, "Bo")).id;
      await candidate(c, ids.j3, "Bill");
      await candidate(c, ids.j3, "Bob");
      at(ago(34));
      await moveCandidate(c, ids.a1, "rejected");
      await moveCandidate(c, ids.a2, "screening");
      await moveCandidate(c, ids.a3, "rejected");
      await moveCandidate(c, ids.b1, "screening");
      await moveCandidate(c, ids.b2, "screening");
      at(ago(33));
      await moveCandidate(c, ids.a1, "applied"); // back from rejected
      await moveCandidate(c, ids.b1, "interview");
      await moveCandidate(c, ids.b2, "interview");
      at(ago(32));
      await moveCandidate(c, ids.b2, "offer");

      // --- the 30-day window's edge (NOW - 30 days) --------------------------
      at(ago(30, -MINUTE));
      await contact(c, "Olga"); // 30d 1min ago: not new
      at(ago(30));
      await patchOk(c, `/v1/jobs/${ids.j2}`, { status: "closed" });
      ids.u10 = (await openInvoice(c, 1200, "USD", "2026-04-01")).id;
      await postOk(c, `/v1/invoices/${ids.u14}/finalize`); // U14 issued now (30 days ago)
      ids.h4 = (await candidate(c, ids.j3, "Hal")).id;
      await moveDeal(c, ids.l1, sales.stage["Closed lost"]!); // lost 30 days ago
      at(ago(30, MINUTE));
      await contact(c, "Edgar"); // 29d 23h 59min ago: new
      at(ago(29));
      await postOk(c, `/v1/invoices/${ids.u10}/pay`, { amount: 1200 }); // U10 paid: invoiced, not outstanding
      at(ago(28));
      await moveCandidate(c, ids.h4, "screening");
      at(ago(27));
      await moveCandidate(c, ids.h4, "interview");
      at(ago(26));
      await moveCandidate(c, ids.h4, "offer");

      // --- sequences, 20 days ago --------------------------------------------
      at(ago(20));
      for (const name of ["Cb", "Cc", "Cg", "Ch", "Ck"]) {
        ids[name] = (await contact(c, name)).id;
        ids[`e${name}`] = (await enroll(c, ids.s1, ids[name]!)).id;
      }
      ids.u1 = (await openInvoice(c, 1000, "USD", "2026-03-09")).id; // U1: 1 day late
      await moveDeal(c, ids.r1, sales.stage["Closed won"]!); // won 20 days ago ...
      await tick(); // first step of the five new enrollments; Zoe's second (last) step: completed
      at(ago(19));
      await postOk(c, `/v1/invoices/${ids.u1}/pay`, { amount: 250.5 }); // U1 due 749.50
      at(ago(18));
      await postOk(c, "/v1/sequence_replies", { enrollment_id: ids.eCc, body: "Interested" });
      at(ago(16));
      await deleteOk(c, `/v1/sequences/${ids.s1}/enrollments/${ids.eCg}`);
      at(ago(15));
      await moveDeal(c, ids.r1, sales.stage["Negotiation"]!); // ... and reopened: open, not won
      at(ago(12));
      const cd = await contact(c, "Dora");
      await enroll(c, ids.s1, cd.id);
      at(ago(12, HOUR));
      await postOk(c, "/v1/sequence_replies", { email: cd.email, body: "Not now" }); // replied before any step ran
      at(ago(10));
      await moveDeal(c, ids.w1, sales.stage["Closed won"]!);
      ids.u11 = (await openInvoice(c, 5000, "USD", "2026-03-01")).id;
      await draftInvoice(c, 10000, "USD", "2026-01-01"); // U13: a draft, past its due date
      ids.e3 = (await openInvoice(c, 500, "EUR", "2026-04-10")).id;
      ids.j5 = await job("Intern"); // no candidates
      at(ago(10, HOUR));
      await postOk(c, `/v1/invoices/${ids.e3}/pay`, { amount: 500 });
      at(ago(9));
      await postOk(c, `/v1/invoices/${ids.u11}/void`); // U11: counts nowhere
      at(ago(8));
      const cf = await contact(c, "Fay");
      const ef = await enroll(c, ids.s1, cf.id);
      at(ago(7));
      await deleteOk(c, `/v1/sequences/${ids.s1}/enrollments/${ef.id}`); // stopped before any step

      // --- the odd count of hires: a snapshot 6 days ago ---------------------
      at(ago(6));
      atSixDaysAgo = await takeSnapshot(c);

      at(ago(5));
      await deal(c, "W2", enterprise.stage.Won!, 2500, "USD"); // won on creation
      ids.ce = (await contact(c, "Eve")).id;
      await enroll(c, ids.s1, ids.ce); // active, no step yet
      await openInvoice(c, 800, "USD", "2026-03-10"); // U8: due today, not late
      await moveCandidate(c, ids.h4, "hired"); // Hal, in offer since NOW-26d: hired 25 days after applying
      at(ago(2));
      await openInvoice(c, 900, "USD", "2026-04-30"); // U9
      const gone = await contact(c, "Gina");
      at(ago(1));
      await deleteOk(c, `/v1/contacts/${gone.id}`); // deleted: not a new contact

      // --- another organization, 20 hours before NOW ------------------------
      clock.set(ago(0, -20 * HOUR));
      b = await t().tenant();
      const bc = b.client;
      await openInvoice(bc, 999, "USD", "2026-01-01"); // 68 days late at NOW
      await createOk(bc, "/v1/deals", { name: "B deal", amount: 12345, currency: "USD" }); // default pipeline, first stage
      bSales = await defaultPipeline(bc);
      await deal(bc, "B won", bSales.stage["Closed won"]!, 1, "USD");
      const bContact = await contact(bc, "Bruno");
      const bSequence = await createOk(bc, "/v1/sequences", { name: "B", status: "active", steps: [{ type: "email", subject: "Hi", body: "Hello" }] });
      const bEnrollment = await enroll(bc, bSequence.id, bContact.id);
      await postOk(bc, "/v1/sequence_replies", { enrollment_id: bEnrollment.id, body: "Yes" });
      bJob = await createOk(bc, "/v1/jobs", { title: "Warehouse lead" });
      const bCandidate = await candidate(bc, bJob.id, "Basil");
      await hire(bc, bCandidate.id, ago(0, -8 * HOUR)); // half a day after applying

      // --- the snapshots -----------------------------------------------------
      clock.set(NOW);
      response = await c.post("/v1/intelligence/snapshots");
      bSnapshot = await takeSnapshot(bc);
    });

    it("the fixture is what the figures below assume", async () => {
      // Not the figures: the state they are computed from, as the other endpoints show it.
      const overdue = (await getOk(a.client, "/v1/invoices?status=overdue&per_page=100&sort=due_date")).data;
      expect(overdue.map((i: any) => [i.currency, i.days_overdue, i.amount_due])).toEqual([
        ["GBP", 190, 100],
        ["USD", 91, 600],
        ["USD", 90, 600],
        ["USD", 61, 500],
        ["USD", 60, 400],
        ["USD", 31, 300],
        ["USD", 30, 200],
        ["EUR", 18, 600],
        ["USD", 1, 749.5],
      ]);
      const enrollments = (await getOk(a.client, `/v1/sequences/${ids.s1}/enrollments?per_page=100&sort=created_at`)).data;
      expect(enrollments.map((e: any) => [e.enrolled_at, e.status, e.last_step_at])).toEqual([
        [ago(100), "replied", ago(100)], // Carla
        [ago(100), "completed", ago(20)], // Zoe
        [ago(20), "active", ago(20)],
        [ago(20), "replied", ago(20)],
        [ago(20), "unenrolled", ago(20)],
        [ago(20), "active", ago(20)],
        [ago(20), "active", ago(20)],
        [ago(12), "replied", null], // Dora
        [ago(8), "unenrolled", null], // Fay
        [ago(5), "active", null], // Eve
      ]);
      const deals = (await getOk(a.client, "/v1/deals?per_page=100&status=won,lost&sort=closed_at")).data;
      expect(deals.map((d: any) => [d.name, d.status, d.closed_at])).toEqual([
        ["W3", "won", ago(95)],
        ["L1", "lost", ago(30)],
        ["W1", "won", ago(10)],
        ["W2", "won", ago(5)],
      ]);
    });

    it("computes every figure exactly (NOW = 2026-03-10 12:00 UTC)", () => {
      expect(response.status, response.text).toBe(201);
      // Sales pipeline rows, then Enterprise's, in the order of the pipelines' ids.
      const salesRows = [
        // Lead in (10 %): D3 2000 EUR -> 200
        {
          pipeline_id: sales.id,
          stage_id: sales.stage["Lead in"],
          stage_name: "Lead in",
          probability: 10,
          currency: "EUR",
          deal_count: 1,
          open_value: 2000,
          weighted_value: 200,
        },
        // Lead in (10 %): D1 1000 + D2 500.55 = 1500.55 USD -> 150.055, rounded to 150.06
        {
          pipeline_id: sales.id,
          stage_id: sales.stage["Lead in"],
          stage_name: "Lead in",
          probability: 10,
          currency: "USD",
          deal_count: 2,
          open_value: 1500.55,
          weighted_value: 150.06,
        },
        // Qualified: L1 was lost; nothing open. Proposal (50 %): D4 3000 -> 1500 (R1 left it)
        {
          pipeline_id: sales.id,
          stage_id: sales.stage["Proposal"],
          stage_name: "Proposal",
          probability: 50,
          currency: "USD",
          deal_count: 1,
          open_value: 3000,
          weighted_value: 1500,
        },
        // Negotiation (75 %): D5 (no amount) + R1 700 (won, then reopened) -> 525
        {
          pipeline_id: sales.id,
          stage_id: sales.stage["Negotiation"],
          stage_name: "Negotiation",
          probability: 75,
          currency: "USD",
          deal_count: 2,
          open_value: 700,
          weighted_value: 525,
        },
      ];
      const enterpriseRows = [
        // Pilot is first after the reorder (60 %): D8 1000.01 EUR -> 600.006, rounded to 600.01
        {
          pipeline_id: enterprise.id,
          stage_id: enterprise.stage.Pilot,
          stage_name: "Pilot",
          probability: 60,
          currency: "EUR",
          deal_count: 1,
          open_value: 1000.01,
          weighted_value: 600.01,
        },
        // Pilot: D7 5000 USD -> 3000
        {
          pipeline_id: enterprise.id,
          stage_id: enterprise.stage.Pilot,
          stage_name: "Pilot",
          probability: 60,
          currency: "USD",
          deal_count: 1,
          open_value: 5000,
          weighted_value: 3000,
        },
        // Discovery (20 %): D6 10000 USD -> 2000
        {
          pipeline_id: enterprise.id,
          stage_id: enterprise.stage.Discovery,
          stage_name: "Discovery",
          probability: 20,
          currency: "USD",
          deal_count: 1,
          open_value: 10000,
          weighted_value: 2000,
        },
      ];
      const byStage = sales.id < enterprise.id ? [...salesRows, ...enterpriseRows] : [...enterpriseRows, ...salesRows];

      expect(response.body).toEqual({
        id: expect.stringMatching(SNAPSHOT_ID),
        object: "intelligence_snapshot",
        trigger: "manual",
        generated_at: NOW,
        finance: {
          currencies: [
            {
              currency: "EUR",
              // E1 1000 - 400 paid = 600 (18 days late) + E2 250 (not due) = 850; E3 is paid
              outstanding: 850,
              overdue: 600,
              overdue_count: 1,
              aging: { "1_30": 600, "31_60": 0, "61_90": 0, "90_plus": 0 },
              // invoiced in 90 days: E1 1000 + E3 500 = 1500 (E2 issued 200 days ago); 850 / 1500 x 90 = 51
              days_sales_outstanding: 51,
            },
            {
              currency: "GBP",
              // G1 100, 190 days late
              outstanding: 100,
              overdue: 100,
              overdue_count: 1,
              aging: { "1_30": 0, "31_60": 0, "61_90": 0, "90_plus": 100 },
              // nothing issued in the last 90 days
              days_sales_outstanding: null,
            },
            {
              currency: "USD",
              // open: U1 749.50 + U2 200 + U3 300 + U4 400 + U5 500 + U6 600 + U7 600 + U8 800 + U9 900 + U14 150 = 5199.50
              // (U10 paid, U11 void, U12 uncollectible, U13 draft)
              outstanding: 5199.5,
              // U1..U7: 749.50 + 200 + 300 + 400 + 500 + 600 + 600 = 3349.50 (U8 is due today)
              overdue: 3349.5,
              overdue_count: 7,
              aging: {
                "1_30": 949.5, // U1 1 day 749.50 + U2 30 days 200
                "31_60": 700, // U3 31 days 300 + U4 60 days 400
                "61_90": 1100, // U5 61 days 500 + U6 90 days 600
                "90_plus": 600, // U7 91 days: 700 - 100 paid
              },
              // issued since NOW-90d, not void: U1 1000 + U2 200 + U3 300 + U4 400 + U8 800 + U9 900 + U10 1200 + U12 350 + U14 150 = 5300
              // (U5 issued 90d 1h ago, U6, U7 older; U11 void; U13 draft); 5199.50 / 5300 x 90 = 88.29 -> 88.3
              days_sales_outstanding: 88.3,
            },
          ],
          overdue_count: 9, // 1 EUR + 1 GBP + 7 USD
        },
        growth: {
          pipeline: {
            totals: [
              // D3 2000 + D8 1000.01 = 3000.01; weighted 200 + 600.006 = 800.006 -> 800.01
              { currency: "EUR", open_value: 3000.01, weighted_value: 800.01, deal_count: 2 },
              // 1500.55 + 3000 + 700 + 5000 + 10000 = 20200.55; weighted 150.055 + 1500 + 525 + 3000 + 2000 = 7175.055 -> 7175.06;
              // deals D1, D2, D4, D5, R1, D6, D7
              { currency: "USD", open_value: 20200.55, weighted_value: 7175.06, deal_count: 7 },
            ],
            by_stage: byStage,
          },
          // closed since NOW-90d: W1 won 10 days ago, W2 won 5 days ago, L1 lost 30 days ago (W3 won 95 days ago; R1 reopened)
          // win rate 2 / 3 = 0.667
          last_90_days: { won: 2, lost: 1, win_rate: 0.667 },
          // Edgar (29d 23h 59m ago), Cb, Cc, Cg, Ch, Ck (20 days), Dora (12), Fay (8), Eve (5) = 9;
          // not Olga (30d 1min), Carla, Zoe (100 days) nor Gina (deleted)
          new_contacts_last_30_days: 9,
          sequences: {
            // Cb, Ch, Ck (waiting for their second step) and Eve (no step yet)
            active_enrollments: 4,
            // enrolled in 90 days with a step or a reply: Cb, Cc, Cg, Ch, Ck (stepped), Dora (replied) = 6;
            // replied: Cc, Dora = 2 -> 2 / 6 = 0.333 (Carla replied but was enrolled 100 days ago; Fay and Eve had no step)
            reply_rate: 0.333,
          },
        },
        talent: {
          open_jobs: 4, // Backend Engineer, Data Analyst, Recruiter (reopened), Intern; not Product Designer (closed)
          open_job_pipelines: [
            // by creation: NOW-520d, -200d, -100d, -10d
            // Hank, Hilda hired; Ada back to applied; Abe screening; Ava rejected
            { job_id: ids.j1, title: "Backend Engineer", candidates: stages({ applied: 1, screening: 1, hired: 2, rejected: 1 }) },
            // Hedda, Hal hired; Bea interview; Bo offer; Bill, Bob applied
            { job_id: ids.j3, title: "Data Analyst", candidates: stages({ applied: 2, interview: 1, offer: 1, hired: 2 }) },
            // Cole screening
            { job_id: ids.j4, title: "Recruiter", candidates: stages({ screening: 1 }) },
            { job_id: ids.j5, title: "Intern", candidates: stages() },
          ],
          // hired since NOW-365d, days from applying: Hilda 10, Hugo 30 (closed job), Hedda 20.25, Hal 25 (Hank was hired 480 days ago)
          // sorted 10, 20.25, 25, 30: median (20.25 + 25) / 2 = 22.625 -> 22.6
          median_days_to_hire: 22.6,
          hires_last_365_days: 4,
        },
      });
    });

    it("an earlier snapshot has the odd number of hires and the pipelines of its time", () => {
      expect(atSixDaysAgo.generated_at).toBe(ago(6));
      expect(atSixDaysAgo.talent).toEqual({
        open_jobs: 4,
        open_job_pipelines: [
          { job_id: ids.j1, title: "Backend Engineer", candidates: stages({ applied: 1, screening: 1, hired: 2, rejected: 1 }) },
          // Hal still in offer, next to Bo
          { job_id: ids.j3, title: "Data Analyst", candidates: stages({ applied: 2, interview: 1, offer: 2, hired: 1 }) },
          { job_id: ids.j4, title: "Recruiter", candidates: stages({ screening: 1 }) },
          { job_id: ids.j5, title: "Intern", candidates: stages() },
        ],
        // since NOW-371d: Hilda 10, Hugo 30, Hedda 20.25: the middle one, 20.25 -> 20.3
        median_days_to_hire: 20.3,
        hires_last_365_days: 3,
      });
      // The 90-day window then began at NOW-96d: W3 (won NOW-95d) and W1 were in it, W2 did not exist yet; lost L1.
      expect(atSixDaysAgo.growth.last_90_days).toEqual({ won: 2, lost: 1, win_rate: 0.667 });
    });

    it("another organization's data stays out, and its own snapshot holds only its own", () => {
      expect(bSnapshot).toEqual({
        id: expect.stringMatching(SNAPSHOT_ID),
        object: "intelligence_snapshot",
        trigger: "manual",
        generated_at: NOW,
        finance: {
          // 999 USD due 2026-01-01: 68 days late; issued 20 hours ago: 999 / 999 x 90 = 90
          currencies: [
            {
              currency: "USD",
              outstanding: 999,
              overdue: 999,
              overdue_count: 1,
              aging: { "1_30": 0, "31_60": 0, "61_90": 999, "90_plus": 0 },
              days_sales_outstanding: 90,
            },
          ],
          overdue_count: 1,
        },
        growth: {
          pipeline: {
            // 12345 at 10 % = 1234.5
            totals: [{ currency: "USD", open_value: 12345, weighted_value: 1234.5, deal_count: 1 }],
            by_stage: [
              {
                pipeline_id: bSales.id,
                stage_id: bSales.stage["Lead in"],
                stage_name: "Lead in",
                probability: 10,
                currency: "USD",
                deal_count: 1,
                open_value: 12345,
                weighted_value: 1234.5,
              },
            ],
          },
          last_90_days: { won: 1, lost: 0, win_rate: 1 },
          new_contacts_last_30_days: 1,
          // one enrollment, replied before any step: 1 / 1
          sequences: { active_enrollments: 0, reply_rate: 1 },
        },
        talent: {
          open_jobs: 1,
          open_job_pipelines: [{ job_id: bJob.id, title: "Warehouse lead", candidates: stages({ hired: 1 }) }],
          median_days_to_hire: 0.5, // applied 20 hours before NOW, hired 8 hours before NOW
          hires_last_365_days: 1,
        },
      });
      expect(bSnapshot.id).not.toBe(response.body.id);
    });

    it("stores the snapshot: GET by id and latest return the same body", async () => {
      expect(await getOk(a.client, `/v1/intelligence/snapshots/${response.body.id}`)).toEqual(response.body);
      expect(await getOk(a.client, "/v1/intelligence/snapshots/latest")).toEqual(response.body);
      expect(await getOk(a.client, `/v1/intelligence/snapshots/${atSixDaysAgo.id}`)).toEqual(atSixDaysAgo);
      expect(await snapshotsOf(a.client)).toEqual([response.body, atSixDaysAgo]);
      // Each tenant sees only its own.
      expect(await snapshotsOf(b.client)).toEqual([bSnapshot]);
      expectProblem(await b.client.get(`/v1/intelligence/snapshots/${response.body.id}`), 404, "not_found");
      expectProblem(await a.client.get(`/v1/intelligence/snapshots/${bSnapshot.id}`), 404, "not_found");
    });

    it("emits intelligence.snapshot_created carrying the snapshot", async () => {
      const events = (await getOk(a.client, `/v1/events?object_id=${response.body.id}&sort=timestamp`)).data;
      expect(events).toEqual([
        {
          id: expect.stringMatching(/^evt_/),
          type: "intelligence.snapshot_created",
          timestamp: NOW,
          api_version: "v1",
          org_id: a.orgId,
          data: { object: response.body },
          request: { id: response.headers.get("x-request-id"), idempotency_key: null },
        },
      ]);
    });
  });

  // -------------------------------------------------------------------------
  describe("POST /v1/intelligence/snapshots", () => {
    let tenant: Tenant;
    beforeEach(async () => {
      clock.set(NOW);
      tenant = await t().tenant();
    });

    it("makes a manual snapshot of an empty organization: every figure zero, empty or null", async () => {
      const response = await tenant.client.post("/v1/intelligence/snapshots");
      expect(response.status, response.text).toBe(201);
      expect(response.body).toEqual({
        id: expect.stringMatching(SNAPSHOT_ID),
        object: "intelligence_snapshot",
        trigger: "manual",
        generated_at: NOW,
        ...EMPTY_FIGURES,
      });
    });

    it("takes an empty JSON object as no body", async () => {
      const response = await tenant.client.post("/v1/intelligence/snapshots", {});
      expect(response.status, response.text).toBe(201);
      expect(response.body.trigger).toBe("manual");
    });

    it("refuses a body with fields, naming them, and makes nothing", async () => {
      expectInvalid(await tenant.client.post("/v1/intelligence/snapshots", { trigger: "scheduled" }), ["trigger"], "body");
      expect(await snapshotsOf(tenant.client)).toEqual([]);
      expect(await snapshotEvents(tenant.client)).toEqual([]);
    });

    it("a retry with the same Idempotency-Key gets the first snapshot back and makes no other", async () => {
      const headers = { "idempotency-key": `snapshot-${nextNumber()}` };
      const first = await tenant.client.post("/v1/intelligence/snapshots", undefined, { headers });
      expect(first.status, first.text).toBe(201);
      clock.set(plus(NOW, MINUTE));
      const again = await tenant.client.post("/v1/intelligence/snapshots", undefined, { headers });
      expect(again.status, again.text).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await snapshotsOf(tenant.client)).toEqual([first.body]);
      expect((await snapshotEvents(tenant.client)).map((e) => e.request)).toEqual([
        { id: first.headers.get("x-request-id"), idempotency_key: headers["idempotency-key"] },
      ]);
    });

    it("every POST makes a new snapshot with the figures of its moment", async () => {
      const first = await takeSnapshot(tenant.client);
      clock.set(plus(NOW, HOUR));
      await createOk(tenant.client, "/v1/jobs", { title: "Cook" });
      const second = await takeSnapshot(tenant.client);
      expect(second.id).not.toBe(first.id);
      expect(first.talent.open_jobs).toBe(0);
      expect(second.talent.open_jobs).toBe(1);
      expect(second.generated_at).toBe(plus(NOW, HOUR));
      const events = await snapshotEvents(tenant.client);
      expect(events.map((e) => [e.type, e.timestamp, e.data])).toEqual([
        ["intelligence.snapshot_created", NOW, { object: first }],
        ["intelligence.snapshot_created", plus(NOW, HOUR), { object: second }],
      ]);
    });
  });

  // -------------------------------------------------------------------------
  describe("GET /v1/intelligence/snapshots/latest and /{id}", () => {
    let tenant: Tenant;
    let other: Tenant;
    beforeEach(async () => {
      clock.set(NOW);
      tenant = await t().tenant();
      other = await t().tenant();
    });

    it("latest is a 404 before any snapshot, even when another organization has some", async () => {
      await takeSnapshot(other.client);
      expectProblem(await tenant.client.get("/v1/intelligence/snapshots/latest"), 404, "not_found");
    });

    it("latest is the newest snapshot", async () => {
      const first = await takeSnapshot(tenant.client);
      expect(await getOk(tenant.client, "/v1/intelligence/snapshots/latest")).toEqual(first);
      clock.set(plus(NOW, MINUTE));
      const second = await takeSnapshot(tenant.client);
      clock.set(plus(NOW, 2 * MINUTE));
      await takeSnapshot(other.client); // newer, but not this organization's
      expect(await getOk(tenant.client, "/v1/intelligence/snapshots/latest")).toEqual(second);
    });

    it("a snapshot by id; 404 for a missing one or another organization's", async () => {
      const mine = await takeSnapshot(tenant.client);
      const theirs = await takeSnapshot(other.client);
      expect(await getOk(tenant.client, `/v1/intelligence/snapshots/${mine.id}`)).toEqual(mine);
      expectProblem(await tenant.client.get(`/v1/intelligence/snapshots/${theirs.id}`), 404, "not_found");
      expectProblem(await tenant.client.get(`/v1/intelligence/snapshots/${newId("snapshot")}`), 404, "not_found");
    });

    it("an id of the wrong kind or shape is a 400 naming the path parameter", async () => {
      const mine = await takeSnapshot(tenant.client);
      for (const bad of [newId("invoice"), mine.id.replace(/^snap_/, "inv_"), "snap_123", "snap_" + "u".repeat(26)]) {
        expectInvalid(await tenant.client.get(`/v1/intelligence/snapshots/${bad}`), ["id"], "path");
      }
    });
  });

  // -------------------------------------------------------------------------
  describe("GET /v1/intelligence/snapshots (list)", () => {
    let tenant: Tenant;
    let made: any[]; // oldest first, an hour apart from NOW
    beforeAll(async () => {
      clock.set(NOW);
      tenant = await t().tenant();
      const other = await t().tenant();
      made = [];
      for (let i = 0; i < 3; i++) {
        clock.set(plus(NOW, i * HOUR));
        made.push(await takeSnapshot(tenant.client));
        await takeSnapshot(other.client); // at the same instants, never listed for tenant
      }
    });

    it("lists the organization's snapshots newest first in the standard envelope", async () => {
      const response = await getOk(tenant.client, "/v1/intelligence/snapshots");
      expect(response).toEqual({ data: [made[2], made[1], made[0]], meta: { total: 3, page: 1, per_page: 25 } });
    });

    it("pages, sorts and filters by generated_at and trigger", async () => {
      expect(await getOk(tenant.client, "/v1/intelligence/snapshots?per_page=2&page=2")).toEqual({ data: [made[0]], meta: { total: 3, page: 2, per_page: 2 } });
      expect((await getOk(tenant.client, "/v1/intelligence/snapshots?sort=generated_at")).data).toEqual(made);
      expect(await snapshotsOf(tenant.client, `&generated_at[gte]=${plus(NOW, HOUR)}`)).toEqual([made[2], made[1]]);
      expect(await snapshotsOf(tenant.client, `&generated_at[lt]=${plus(NOW, HOUR)}`)).toEqual([made[0]]);
      expect(await snapshotsOf(tenant.client, `&generated_at[gt]=${NOW}&generated_at[lte]=${plus(NOW, HOUR)}`)).toEqual([made[1]]);
      expect(await snapshotsOf(tenant.client, `&generated_at=${plus(NOW, 2 * HOUR)}`)).toEqual([made[2]]);
      expect(await snapshotsOf(tenant.client, "&trigger=manual")).toEqual([made[2], made[1], made[0]]);
      expect(await snapshotsOf(tenant.client, "&trigger=scheduled")).toEqual([]);
    });

    it("refuses bad query parameters, naming each", async () => {
      const list = (query: string) => tenant.client.get(`/v1/intelligence/snapshots?${query}`);
      expectInvalid(await list("trigger=daily"), ["trigger"], "query");
      expectInvalid(await list("generated_at[gte]=yesterday"), ["generated_at[gte]"], "query");
      expectInvalid(await list("sort=amount"), ["sort"], "query");
      expectInvalid(await list("per_page=101"), ["per_page"], "query");
      expectInvalid(await list("page=0"), ["page"], "query");
      expectInvalid(await list("currency=USD"), ["currency"], "query");
    });
  });

  // -------------------------------------------------------------------------
  describe("who may use the snapshot routes", () => {
    let tenant: Tenant;
    let existing: any;
    beforeEach(async () => {
      clock.set(NOW);
      tenant = await t().tenant();
      existing = await takeSnapshot(tenant.client);
    });

    const routes = (id: string): [string, string][] => [
      ["POST", "/v1/intelligence/snapshots"],
      ["GET", "/v1/intelligence/snapshots"],
      ["GET", "/v1/intelligence/snapshots/latest"],
      ["GET", `/v1/intelligence/snapshots/${id}`],
    ];

    async function expectAllowed(client: Client) {
      const made = await takeSnapshot(client);
      expect(made.trigger).toBe("manual");
      expect((await getOk(client, "/v1/intelligence/snapshots")).data[0]).toEqual(made);
      expect(await getOk(client, "/v1/intelligence/snapshots/latest")).toEqual(made);
      expect(await getOk(client, `/v1/intelligence/snapshots/${existing.id}`)).toEqual(existing);
    }

    it("a read_only key reads snapshots but makes none (403 naming the write permissions)", async () => {
      const { client } = await tenant.newKey("read_only");
      const problem = expectProblem(await client.post("/v1/intelligence/snapshots"), 403, "insufficient_permission");
      expect(problem.missing_permissions).toEqual(["finance:write", "growth:write", "talent:write"]);
      expect(problem.required_permission).toBe("finance:write");
      expect((await getOk(client, "/v1/intelligence/snapshots")).data).toEqual([existing]);
      expect(await getOk(client, "/v1/intelligence/snapshots/latest")).toEqual(existing);
      expect(await getOk(client, `/v1/intelligence/snapshots/${existing.id}`)).toEqual(existing);
      // Nothing stored, no event for webhooks.
      expect(await snapshotsOf(tenant.client)).toEqual([existing]);
      expect((await snapshotEvents(tenant.client)).map((e) => e.data.object.id)).toEqual([existing.id]);
    });

    it("a full_access key may use all four routes", async () => {
      await expectAllowed(tenant.client);
    });

    it("an engine key with finance, growth and talent may use all four routes", async () => {
      await expectAllowed((await tenant.newKey("engine", { engines: ["finance", "growth", "talent"] })).client);
    });

    const lacking: [string[], string[]][] = [
      [["finance"], ["growth:read", "talent:read"]],
      [["growth"], ["finance:read", "talent:read"]],
      [["talent"], ["finance:read", "growth:read"]],
      [["finance", "growth"], ["talent:read"]],
      [["finance", "talent"], ["growth:read"]],
      [["growth", "talent", "agent"], ["finance:read"]],
      [["agent"], ["finance:read", "growth:read", "talent:read"]],
    ];
    it.each(lacking)("an engine key with %j gets 403 on every route, missing exactly %j", async (engines, missing) => {
      const { client } = await tenant.newKey("engine", { engines: engines as any });
      for (const [method, path] of routes(existing.id)) {
        const problem = expectProblem(await client.request(method, path), 403, "insufficient_permission", `${method} ${path}`);
        // Making one also takes each engine's write permission, which an engine key has for its engines only.
        const writes = ["finance", "growth", "talent"].filter((e) => !engines.includes(e)).map((e) => `${e}:write`);
        expect(problem.missing_permissions).toEqual(method === "POST" ? [...missing, ...writes] : missing);
        expect(problem.required_permission).toBe(missing[0]);
      }
      // The refused POSTs made nothing.
      expect(await snapshotsOf(tenant.client)).toEqual([existing]);
      expect((await snapshotEvents(tenant.client)).map((e) => e.data.object.id)).toEqual([existing.id]);
    });

    it("an intelligence event is seen by callers that read every engine, as the snapshot routes are, whatever the key's kind", async () => {
      const [event] = await snapshotEvents(tenant.client);
      expect(event.data.object).toEqual(existing);
      const readOnly = (await tenant.newKey("read_only")).client;
      expect((await snapshotEvents(readOnly)).map((e) => e.id)).toEqual([event.id]);
      expect(await getOk(readOnly, `/v1/events/${event.id}`)).toEqual(event);

      // An engine key for all three engines reads snapshots, so it sees their events, its own snapshot's included.
      const all = (await tenant.newKey("engine", { engines: ["finance", "growth", "talent"] as any })).client;
      expect((await snapshotEvents(all)).map((e) => e.id)).toContain(event.id);
      const made = await takeSnapshot(all);
      expect((await getOk(all, `/v1/events?object_id=${made.id}`)).data.map((e: any) => e.type)).toEqual(["intelligence.snapshot_created"]);

      // One engine short of every engine: neither the snapshot route nor its events.
      for (const engines of [["finance"], ["finance", "growth"], ["growth", "talent", "agent"]]) {
        const { client } = await tenant.newKey("engine", { engines: engines as any });
        expectProblem(await client.get("/v1/intelligence/snapshots/latest"), 403, "insufficient_permission");
        expect(await snapshotEvents(client), `${engines}`).toEqual([]);
        expect((await getOk(client, "/v1/events?type=intelligence.*&per_page=100")).data).toEqual([]);
        expect((await getOk(client, `/v1/events?object_id=${existing.id}&per_page=100`)).data).toEqual([]);
        const everything = (await getOk(client, "/v1/events?per_page=100")).data;
        expect(everything.filter((e: any) => e.type.startsWith("intelligence."))).toEqual([]);
        expectProblem(await client.get(`/v1/events/${event.id}`), 404, "not_found");
      }
    });
  });
});

// ===========================================================================
// An app whose scheduler makes a snapshot per organization every 24 hours.
// ===========================================================================

describe("scheduled snapshots (every 24 hours)", () => {
  const START = "2026-06-01T00:00:00.000Z";
  const clock = testClock(START);
  const t = useTestApp({ clock, snapshotEveryHours: 24 });
  const tick = () => t().scheduler.tick();
  /** Sets the clock and runs the scheduler once. */
  async function tickAt(time: string) {
    clock.set(time);
    await tick();
  }

  let t0: string;
  beforeEach(() => {
    // Every test starts long after the last one: earlier snapshots are all stale, and no key sees time run backwards.
    clock.advance(30 * DAY);
    t0 = clock().toISOString();
  });

  it("a tick makes one scheduled snapshot for each organization without a recent one, and announces it", async () => {
    const first = await t().tenant();
    const second = await t().tenant();
    await openInvoice(first.client, 100, "USD", "2027-01-01");
    await tick();

    const [mine] = await snapshotsOf(first.client);
    expect(await snapshotsOf(first.client)).toHaveLength(1);
    expect(mine).toEqual({
      id: expect.stringMatching(SNAPSHOT_ID),
      object: "intelligence_snapshot",
      trigger: "scheduled",
      generated_at: t0,
      ...EMPTY_FIGURES,
      finance: {
        // 100 USD open, not due; issued now: 100 / 100 x 90 = 90
        currencies: [
          {
            currency: "USD",
            outstanding: 100,
            overdue: 0,
            overdue_count: 0,
            aging: { "1_30": 0, "31_60": 0, "61_90": 0, "90_plus": 0 },
            days_sales_outstanding: 90,
          },
        ],
        overdue_count: 0,
      },
    });
    expect(await getOk(first.client, "/v1/intelligence/snapshots/latest")).toEqual(mine);
    expect(await snapshotEvents(first.client)).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        type: "intelligence.snapshot_created",
        timestamp: t0,
        api_version: "v1",
        org_id: first.orgId,
        data: { object: mine },
        request: { id: null, idempotency_key: null },
      },
    ]);

    const theirs = await snapshotsOf(second.client);
    expect(theirs).toEqual([
      { id: expect.stringMatching(SNAPSHOT_ID), object: "intelligence_snapshot", trigger: "scheduled", generated_at: t0, ...EMPTY_FIGURES },
    ]);
    expect((await snapshotEvents(second.client)).map((e) => e.data.object)).toEqual(theirs);
  });

  it("none again within 24 hours; a new one once the last is more than 24 hours old", async () => {
    const tenant = await t().tenant();
    await tick();
    await tickAt(plus(t0, 23 * HOUR));
    expect((await snapshotsOf(tenant.client)).map((s) => s.generated_at)).toEqual([t0]);
    await tickAt(plus(t0, 24 * HOUR + SECOND));
    const after = await snapshotsOf(tenant.client);
    expect(after.map((s) => [s.trigger, s.generated_at])).toEqual([
      ["scheduled", plus(t0, 24 * HOUR + SECOND)],
      ["scheduled", t0],
    ]);
    // Counted from the newest one now.
    await tickAt(plus(t0, 47 * HOUR));
    expect(await snapshotsOf(tenant.client)).toEqual(after);
    expect((await snapshotEvents(tenant.client)).map((e) => e.data.object)).toEqual([after[1], after[0]]);
  });

  it("a manual snapshot counts as recent", async () => {
    const tenant = await t().tenant();
    const manual = await takeSnapshot(tenant.client);
    await tickAt(plus(t0, HOUR));
    expect(await snapshotsOf(tenant.client)).toEqual([manual]);
    await tickAt(plus(t0, 24 * HOUR + SECOND));
    const [scheduled, ...rest] = await snapshotsOf(tenant.client);
    expect(rest).toEqual([manual]);
    expect([scheduled.trigger, scheduled.generated_at]).toEqual(["scheduled", plus(t0, 24 * HOUR + SECOND)]);
    expect((await snapshotEvents(tenant.client)).map((e) => e.data.object)).toEqual([manual, scheduled]);
  });

  it("two ticks at the same instant make one snapshot", async () => {
    const tenant = await t().tenant();
    await tick();
    await tick();
    await Promise.all([tick(), tick()]);
    expect(await snapshotsOf(tenant.client)).toHaveLength(1);
    expect(await snapshotEvents(tenant.client)).toHaveLength(1);
  });

  it("lists filter scheduled and manual snapshots apart", async () => {
    const tenant = await t().tenant();
    await tick(); // s1, scheduled at t0
    clock.set(plus(t0, HOUR));
    await takeSnapshot(tenant.client); // m1
    clock.set(plus(t0, 2 * HOUR));
    await takeSnapshot(tenant.client); // m2: recent until t0 + 26h
    await tickAt(plus(t0, 25 * HOUR)); // nothing: m2 is 23 hours old
    await tickAt(plus(t0, 26 * HOUR + SECOND)); // s2
    const all = await snapshotsOf(tenant.client);
    expect(all.map((s) => [s.trigger, s.generated_at])).toEqual([
      ["scheduled", plus(t0, 26 * HOUR + SECOND)],
      ["manual", plus(t0, 2 * HOUR)],
      ["manual", plus(t0, HOUR)],
      ["scheduled", t0],
    ]);
    const [s2, m2, m1, s1] = all;
    expect(await snapshotsOf(tenant.client, "&trigger=scheduled")).toEqual([s2, s1]);
    expect(await snapshotsOf(tenant.client, "&trigger=manual")).toEqual([m2, m1]);
    expect(await snapshotsOf(tenant.client, "&trigger=scheduled,manual")).toEqual(all);
    expect(await snapshotsOf(tenant.client, "&trigger[ne]=manual")).toEqual([s2, s1]);
    expect(await snapshotsOf(tenant.client, `&trigger=manual&generated_at[gt]=${plus(t0, HOUR)}`)).toEqual([m2]);
    expect(await snapshotsOf(tenant.client, `&sort=generated_at&generated_at[gte]=${plus(t0, HOUR)}`)).toEqual([m1, m2, s2]);
    expect(await getOk(tenant.client, "/v1/intelligence/snapshots/latest")).toEqual(s2);
  });

  it("one tick covers every organization that is due, however many there are", async () => {
    const tenants: Tenant[] = [];
    for (let i = 0; i < 25; i++) tenants.push(await t().tenant());
    await tick();
    // With the organizations of the earlier tests, more than 20 are due at this tick.
    const counts = await Promise.all(tenants.map(async (tenant) => (await snapshotsOf(tenant.client)).length));
    expect(counts.filter((n) => n === 0).length, "organizations left without a snapshot by the tick").toBe(0);
    expect(counts).toEqual(tenants.map(() => 1));
  });
});
