import { eq } from "drizzle-orm";
import type { Db } from "../db/connection.ts";
import { accounts, apiKeys, contacts, deals, enrollments, events, invoices, orgs, pipelines, pipelineStages, sequenceMessages, sequences } from "../schema.ts";
import { createInvoice, payInvoice, transitionInvoice } from "../engines/finance/invoices-service.ts";
import { createAccount } from "../engines/growth/accounts-service.ts";
import { createContact } from "../engines/growth/contacts-service.ts";
import { createDeal } from "../engines/growth/deals-service.ts";
import { builtinProvider } from "../engines/growth/enrichment-providers.ts";
import { requestEnrichment } from "../engines/growth/enrichment-service.ts";
import { listPipelines } from "../engines/growth/pipelines-service.ts";
import { enroll } from "../engines/growth/sequence-enrollments-service.ts";
import { createSequence } from "../engines/growth/sequences-service.ts";
import { createCandidate, updateCandidate } from "../engines/talent/candidates-service.ts";
import { createJob } from "../engines/talent/jobs-service.ts";
import type { CandidateStage } from "../engines/talent/candidates-table.ts";
import { candidateStageChanges, candidates, jobs, snapshots } from "../schema.ts";
import { takeSnapshot } from "../intelligence/snapshots-service.ts";
import { createApiKey } from "../platform/auth/api-keys-service.ts";
import type { WriteContext } from "../platform/events/outbox.ts";
import { countOrgs, createOrg } from "../platform/orgs/orgs-service.ts";

const CLIENTS = [
  "Northwind Traders",
  "Globex Corporation",
  "Initech",
  "Umbrella Health",
  "Stark Logistics",
  "Wayne Enterprises",
  "Tyrell Biotech",
  "Soylent Foods",
  "Hooli Cloud",
  "Pied Piper",
  "Cyberdyne Systems",
  "Wonka Confectionery",
  "Vandelay Industries",
  "Massive Dynamic",
  "Aperture Labs",
  "Oscorp Materials",
  "Gringotts Holdings",
  "Monarch Solutions",
  "Blue Sun Freight",
  "Acme Robotics",
];
/** The clients that are also growth-engine accounts: [name, domain, country]. */
const ACCOUNTS: [string, string, string | null][] = [
  ["Northwind Traders", "northwind.co.uk", "GB"],
  ["Globex Corporation", "globex.com", "US"],
  ["Initech", "initech.io", null],
  ["Umbrella Health", "umbrella-health.de", null],
  ["Stark Logistics", "starklogistics.com", "US"],
  ["Tyrell Biotech", "tyrell-bio.com", null],
  ["Hooli Cloud", "hooli.cloud", "US"],
  ["Aperture Labs", "aperturelabs.fr", null],
];
const PEOPLE = [
  ["Ava", "Chen", "Chief Financial Officer"],
  ["Liam", "Okafor", "VP Engineering"],
  ["Mia", "Rossi", "Head of Procurement"],
  ["Noah", "Schmidt", "Operations Manager"],
  ["Emma", "Dubois", "Account Executive"],
  ["Lucas", "Silva", "CTO"],
  ["Sofia", "Kowalski", "Finance Manager"],
  ["Ethan", "Murphy", "Software Engineer"],
  ["Olivia", "Tanaka", "Director of Marketing"],
  ["James", "Novak", "CEO"],
  ["Isla", "Haddad", "Controller"],
  ["Leo", "Andersen", "Data Analyst"],
] as const;
const DEALS = ["Platform rollout", "Annual renewal", "Expansion: 50 seats", "Pilot project", "Data migration", "Support upgrade"];
const SERVICES = [
  "Quarterly platform subscription",
  "Implementation services",
  "Data migration",
  "Annual support plan",
  "Consulting: pipeline review",
  "Onboarding workshop",
  "API usage overage",
  "Custom integration build",
];

/** A small deterministic generator, so every demo database looks the same. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function addDays(date: Date, days: number): string {
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * On a database with no organization yet, creates the demo organization with
 * invoices in every state (and their events) and a full-access key. Returns
 * the key's secret, or null when the database already had data.
 */
export interface DemoSummary {
  orgId: string;
  orgName: string;
  secret: string;
  invoices: number;
  accounts: number;
  contacts: number;
  deals: number;
  candidates: number;
}

export async function seedDemoIfEmpty(db: Db, now: Date): Promise<DemoSummary | null> {
  if ((await countOrgs(db)) > 0) return null;
  return seedDemoOrg(db, now);
}

/**
 * Creates one more demo organization, whatever the database holds (the agent
 * evaluation gives each case a fresh one). Its records are the same every
 * time, relative to `now`.
 */
export async function seedDemoOrg(db: Db, now: Date, name = "Acme Demo"): Promise<DemoSummary> {
  const org = await createOrg(db, { name, plan: "growth" }, now);
  try {
    return await fill(db, org.id, org.name, now);
  } catch (error) {
    // A half-made demo would stop the next start from seeding again: remove it.
    await db.transaction(async (tx) => {
      const tables = [
        invoices,
        accounts,
        contacts,
        deals,
        pipelines,
        pipelineStages,
        sequences,
        enrollments,
        sequenceMessages,
        jobs,
        candidates,
        candidateStageChanges,
        snapshots,
        events,
        apiKeys,
      ];
      for (const table of tables) await tx.delete(table).where(eq(table.orgId, org.id));
      await tx.delete(orgs).where(eq(orgs.id, org.id));
    });
    throw error;
  }
}

async function fill(db: Db, orgId: string, orgName: string, now: Date) {
  const org = { id: orgId, name: orgName };
  const ctx: WriteContext = { orgId: org.id, requestId: null, idempotencyKey: null, now };
  const { secret } = await createApiKey(db, ctx, { name: "Demo full-access key", kind: "full_access" });

  const next = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  // [days from today to the due date, what happens to the invoice]
  const plan: [number, "draft" | "open" | "paid" | "partial" | "void" | "uncollectible"][] = [];
  for (let i = 0; i < 12; i++) plan.push([-(5 + Math.floor(next() * 80)), "open"]); // overdue
  for (let i = 0; i < 10; i++) plan.push([5 + Math.floor(next() * 40), "open"]);
  for (let i = 0; i < 12; i++) plan.push([-Math.floor(next() * 60), "paid"]);
  for (let i = 0; i < 4; i++) plan.push([-(3 + Math.floor(next() * 30)), "partial"]);
  for (let i = 0; i < 6; i++) plan.push([10 + Math.floor(next() * 30), "draft"]);
  plan.push([-40, "void"], [-120, "uncollectible"], [-95, "uncollectible"]);

  const growth = await fillGrowth(db, ctx, next);
  for (const [dueIn, fate] of plan) {
    const amount = Math.round((500 + next() * 24_500) * 100) / 100;
    const client = pick(CLIENTS);
    const invoice = await createInvoice(db, ctx, {
      client,
      account_id: growth.accountByName.get(client) ?? null,
      amount,
      currency: next() < 0.75 ? "USD" : pick(["EUR", "GBP"]),
      due_date: addDays(now, dueIn),
      description: pick(SERVICES),
      status: fate === "draft" ? "draft" : "open",
      metadata: { source: "demo" },
    });
    if (fate === "paid") await payInvoice(db, ctx, invoice.id, amount);
    if (fate === "partial") await payInvoice(db, ctx, invoice.id, Math.round(amount * 40) / 100);
    if (fate === "void") await transitionInvoice(db, ctx, invoice.id, "void");
    if (fate === "uncollectible") await transitionInvoice(db, ctx, invoice.id, "mark_uncollectible");
  }
  const hiring = await fillTalent(db, ctx, next);
  await takeSnapshot(db, ctx);
  return {
    orgId: org.id,
    orgName: org.name,
    secret,
    invoices: plan.length,
    accounts: ACCOUNTS.length,
    contacts: growth.contacts,
    deals: growth.deals,
    candidates: hiring,
  };
}

const JOBS = [
  { title: "Senior Backend Engineer", department: "Engineering", location: "Berlin" },
  { title: "Account Executive", department: "Sales", location: "New York" },
  { title: "Product Designer", department: "Design", location: "Remote" },
] as const;
const APPLICANTS = [
  "Grace Hopper",
  "Alan Turing",
  "Katherine Johnson",
  "Linus Torvalds",
  "Margaret Hamilton",
  "Dennis Ritchie",
  "Barbara Liskov",
  "Ken Thompson",
  "Radia Perlman",
  "Tim Berners-Lee",
  "Frances Allen",
  "John McCarthy",
];
/** How far each applicant gets, in order. */
const PATHS: CandidateStage[][] = [
  [],
  ["screening"],
  ["screening", "interview"],
  ["screening", "interview", "offer"],
  ["screening", "interview", "offer", "hired"],
  ["rejected"],
  ["screening", "rejected"],
];

/** Open jobs with candidates in every stage (a hire and rejections included). */
async function fillTalent(db: Db, ctx: WriteContext, next: () => number): Promise<number> {
  let n = 0;
  for (const job of JOBS) {
    const created = await createJob(db, ctx, { ...job, metadata: { source: "demo" } });
    for (let i = 0; i < 4; i++) {
      const [first, last] = APPLICANTS[n % APPLICANTS.length]!.split(" ") as [string, string];
      const candidate = await createCandidate(db, ctx, {
        job_id: created.id,
        first_name: first,
        last_name: last,
        email: `${first}.${last}`.toLowerCase() + "@example.com",
        source: ["referral", "linkedin", "careers page"][n % 3]!,
        rating: 1 + Math.floor(next() * 5),
      });
      for (const stage of PATHS[n % PATHS.length]!) await updateCandidate(db, ctx, candidate.id, { stage });
      n++;
    }
  }
  return n;
}

/** Accounts with contacts, deals across the default pipeline's stages, an active sequence with enrollments, two enriched accounts. */
async function fillGrowth(db: Db, ctx: WriteContext, next: () => number) {
  const accountByName = new Map<string, string>();
  const contactIds: string[] = [];
  let person = 0;
  for (const [name, domain, country] of ACCOUNTS) {
    const account = await createAccount(db, ctx, { name, domain, country, metadata: { source: "demo" } });
    accountByName.set(name, account.id);
    for (let i = 0; i < 2 + Math.floor(next() * 3); i++) {
      const [first, last, title] = PEOPLE[person++ % PEOPLE.length]!;
      // The email's domain links the contact to its account.
      const contact = await createContact(db, ctx, {
        first_name: first,
        last_name: last,
        title,
        email: `${first}.${last}`.toLowerCase() + `@${domain}`,
        lifecycle_stage: next() < 0.4 ? "customer" : next() < 0.5 ? "qualified" : "lead",
        tags: next() < 0.3 ? ["decision-maker"] : [],
      });
      contactIds.push(contact.id);
    }
  }

  const [pipeline] = (await listPipelines(db, ctx.orgId, {}, ctx.now)).data;
  let deals = 0;
  for (const [name, accountId] of accountByName) {
    for (let i = 0; i < 1 + Math.floor(next() * 2); i++) {
      const stage = pipeline!.stages[Math.floor(next() * pipeline!.stages.length)]!;
      await createDeal(db, ctx, {
        name: `${name}: ${DEALS[Math.floor(next() * DEALS.length)]}`,
        account_id: accountId,
        stage_id: stage.id,
        amount: Math.round(5_000 + next() * 95_000),
        currency: next() < 0.8 ? "USD" : "EUR",
        expected_close_date: new Date(ctx.now.getTime() + (10 + Math.floor(next() * 80)) * 86_400_000).toISOString().slice(0, 10),
      });
      deals++;
    }
  }

  const sequence = await createSequence(db, ctx, {
    name: "New lead follow-up",
    status: "active",
    steps: [
      { type: "email", delay_days: 0, subject: "Quick question, {{first_name}}", body: "Hi {{first_name}},\n\nHow is {{company}} handling invoicing today?" },
      { type: "wait", delay_days: 2 },
      { type: "email", delay_days: 1, subject: "Following up", body: "Hi {{first_name}}, any thoughts on my last note?" },
      { type: "task", delay_days: 3, subject: "Call {{first_name}} {{last_name}} at {{company}}" },
    ],
  });
  for (const contactId of contactIds.slice(0, 6)) await enroll(db, ctx, sequence.id, contactId);

  const enricher = { provider: builtinProvider, waitMs: 10_000, clock: () => ctx.now, log: { error() {} } };
  for (const accountId of [...accountByName.values()].slice(0, 2)) await requestEnrichment(db, ctx, accountId, enricher);
  return { accountByName, contacts: contactIds.length, deals };
}
