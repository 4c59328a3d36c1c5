import { eq } from "drizzle-orm";
import type { Db } from "../db/connection.ts";
import { apiKeys, events, invoices, orgs } from "../db/schema.ts";
import { createInvoice, payInvoice, transitionInvoice } from "../engines/finance/invoices-service.ts";
import { createApiKey } from "../platform/auth/api-keys-service.ts";
import type { WriteContext } from "../platform/events/outbox.ts";
import { countOrgs, createOrg } from "../platform/orgs/orgs-service.ts";

const CLIENTS = [
  "Northwind Traders", "Globex Corporation", "Initech", "Umbrella Health", "Stark Logistics",
  "Wayne Enterprises", "Tyrell Biotech", "Soylent Foods", "Hooli Cloud", "Pied Piper",
  "Cyberdyne Systems", "Wonka Confectionery", "Vandelay Industries", "Massive Dynamic", "Aperture Labs",
  "Oscorp Materials", "Gringotts Holdings", "Monarch Solutions", "Blue Sun Freight", "Acme Robotics",
];
const SERVICES = [
  "Quarterly platform subscription", "Implementation services", "Data migration", "Annual support plan",
  "Consulting: pipeline review", "Onboarding workshop", "API usage overage", "Custom integration build",
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
export async function seedDemoIfEmpty(db: Db, now: Date): Promise<{ orgId: string; orgName: string; secret: string; invoices: number } | null> {
  if ((await countOrgs(db)) > 0) return null;
  const org = await createOrg(db, { name: "Acme Demo", plan: "growth" }, now);
  try {
    return await fill(db, org.id, org.name, now);
  } catch (error) {
    // A half-made demo would stop the next start from seeding again: remove it.
    await db.transaction(async (tx) => {
      for (const table of [invoices, events, apiKeys]) await tx.delete(table).where(eq(table.orgId, org.id));
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
  for (let i = 0; i < 12; i++) plan.push([-(Math.floor(next() * 60)), "paid"]);
  for (let i = 0; i < 4; i++) plan.push([-(3 + Math.floor(next() * 30)), "partial"]);
  for (let i = 0; i < 6; i++) plan.push([10 + Math.floor(next() * 30), "draft"]);
  plan.push([-40, "void"], [-120, "uncollectible"], [-95, "uncollectible"]);

  for (const [dueIn, fate] of plan) {
    const amount = Math.round((500 + next() * 24_500) * 100) / 100;
    const invoice = await createInvoice(db, ctx, {
      client: pick(CLIENTS),
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
  return { orgId: org.id, orgName: org.name, secret, invoices: plan.length };
}
