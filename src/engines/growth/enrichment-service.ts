import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { billingForAccount } from "../finance/invoices-service.ts";
import { write, type WriteContext } from "../../platform/events/outbox.ts";
import { fromCents, toCents } from "../../platform/money.ts";
import { accountToApi, emitAccountUpdate, getAccount, lockAccount } from "./accounts-service.ts";
import type { AccountApi } from "./accounts-schemas.ts";
import { accounts, type AccountRow } from "./accounts-table.ts";
import { contacts } from "./contacts-table.ts";
import { deals } from "./deals-table.ts";
import type { EnrichmentInput, EnrichmentProvider, EnrichmentResult } from "./enrichment-providers.ts";

export interface Enricher {
  provider: EnrichmentProvider;
  /** How long POST /enrich waits for the provider before answering 202 and letting it finish in the background. */
  waitMs: number;
  clock: () => Date;
  log: { error(obj: object, msg: string): void };
}

/** How long a runner holds a pending enrichment; a runner that dies lets the job take it over after this. */
export const ENRICHMENT_LEASE_MS = 2 * 60_000;

/**
 * Asks for enrichment: the account is marked pending (durably, so the
 * scheduler finishes it even if this process dies), the provider starts at
 * once, and the answer comes when it is done or after `waitMs`, whichever is
 * first: 200 with the enriched (or failed) account, or 202 with it pending.
 */
export async function requestEnrichment(db: Db, ctx: WriteContext, id: string, enricher: Enricher): Promise<{ status: 200 | 202; account: AccountApi }> {
  await write(db, ctx, async (tx) => {
    const row = await lockAccount(tx, ctx.orgId, id);
    const running = row.enrichmentStatus === "pending" && row.enrichmentClaimedUntil !== null && row.enrichmentClaimedUntil > ctx.now;
    if (running) return; // already being enriched: this request waits for that run
    await tx
      .update(accounts)
      .set({ enrichmentStatus: "pending", enrichmentRequestedAt: ctx.now, enrichmentClaimedUntil: null })
      .where(and(eq(accounts.orgId, ctx.orgId), eq(accounts.id, id)));
  });
  const run = runEnrichment(db, enricher, ctx.orgId, id, ctx);
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, enricher.waitMs);
  });
  await Promise.race([run, waited]);
  clearTimeout(timer);
  const account = await getAccount(db, ctx.orgId, id);
  return { status: account.enrichment.status === "pending" ? 202 : 200, account };
}

/** Takes a pending enrichment nobody holds; undefined when there is none (done, or held by another runner). */
async function claim(db: Db, orgId: string, id: string, now: Date): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(accounts)
    .set({ enrichmentClaimedUntil: new Date(now.getTime() + ENRICHMENT_LEASE_MS) })
    .where(
      and(
        eq(accounts.orgId, orgId),
        eq(accounts.id, id),
        eq(accounts.enrichmentStatus, "pending"),
        or(isNull(accounts.enrichmentClaimedUntil), lt(accounts.enrichmentClaimedUntil, now)),
      ),
    )
    .returning();
  return row;
}

async function gather(db: Db, account: AccountRow, now: Date): Promise<EnrichmentInput> {
  const scope = (table: typeof contacts | typeof deals) => and(eq(table.orgId, account.orgId), eq(table.accountId, account.id));
  const [people, opportunities, billing] = await Promise.all([
    // In creation order, so the provider sees the same input every time.
    db.select().from(contacts).where(scope(contacts)).orderBy(contacts.createdAt, contacts.id).limit(1000),
    db.select().from(deals).where(scope(deals)).orderBy(deals.createdAt, deals.id).limit(1000),
    billingForAccount(db, account.orgId, account.id, now, 0),
  ]);
  return {
    account: { id: account.id, name: account.name, domain: account.domain, website: account.website },
    contacts: people.map((c) => ({ id: c.id, first_name: c.firstName, last_name: c.lastName, email: c.email, title: c.title })),
    deals: opportunities.map((d) => ({ status: d.status, amount: d.amountCents === null ? null : fromCents(d.amountCents), currency: d.currency })),
    billing: billing.totals.map(({ currency, invoice_count, paid, outstanding, overdue }) => ({ currency, invoice_count, paid, outstanding, overdue })),
  };
}

/**
 * Runs one pending enrichment if no one else is: the provider is called
 * outside any transaction; its result is written in one, only if the account
 * is still waiting for it. Never throws (it often runs unawaited): failures
 * are recorded on the account.
 */
export async function runEnrichment(db: Db, enricher: Enricher, orgId: string, id: string, origin?: WriteContext): Promise<void> {
  try {
    const account = await claim(db, orgId, id, enricher.clock());
    if (!account) return;
    let result: EnrichmentResult;
    try {
      const input = await gather(db, account, enricher.clock());
      result = await enricher.provider.enrich(input, AbortSignal.timeout(ENRICHMENT_LEASE_MS - 5_000));
    } catch (error) {
      await recordFailure(db, orgId, id, (error as Error).message || String(error), enricher.clock());
      return;
    }
    await recordSuccess(db, enricher, orgId, id, result, origin);
  } catch (error) {
    enricher.log.error({ err: error, account: id }, "enrichment failed to run");
  }
}

async function recordFailure(db: Db, orgId: string, id: string, message: string, now: Date): Promise<void> {
  // The account's own fields stay as they were; only the attempt is recorded.
  await db
    .update(accounts)
    .set({ enrichmentStatus: "failed", enrichmentError: message.slice(0, 1000), enrichmentFailedAt: now, enrichmentClaimedUntil: null })
    .where(and(eq(accounts.orgId, orgId), eq(accounts.id, id), eq(accounts.enrichmentStatus, "pending")));
}

async function recordSuccess(db: Db, enricher: Enricher, orgId: string, id: string, result: EnrichmentResult, origin?: WriteContext): Promise<void> {
  const now = enricher.clock();
  const ctx: WriteContext = { orgId, requestId: origin?.requestId ?? null, idempotencyKey: origin?.idempotencyKey ?? null, now };
  // An agent's request: the enrichment's events name the conversation that asked, as its other writes' do.
  if (origin?.conversationId) ctx.conversationId = origin.conversationId;
  await write(db, ctx, async (tx, emit) => {
    const [before] = await tx
      .select()
      .from(accounts)
      .where(and(eq(accounts.orgId, orgId), eq(accounts.id, id), eq(accounts.enrichmentStatus, "pending")))
      .for("update");
    if (!before) return; // deleted, or asked for again and finished by another run
    const found = result.firmographics;
    // What the customer entered wins: enrichment fills empty fields only.
    const [after] = await tx
      .update(accounts)
      .set({
        industry: before.industry ?? found.industry ?? null,
        employeeCount: before.employeeCount ?? found.employee_count ?? null,
        annualRevenueCents: before.annualRevenueCents ?? (found.annual_revenue === undefined ? null : toCents(found.annual_revenue)),
        country: before.country ?? found.country ?? null,
        website: before.website ?? found.website ?? null,
        enrichmentStatus: "enriched",
        enrichmentSource: enricher.provider.name,
        enrichmentData: result.data,
        enrichedAt: now,
        enrichmentError: null,
        enrichmentFailedAt: null,
        enrichmentClaimedUntil: null,
        updatedAt: now,
      })
      .where(and(eq(accounts.orgId, orgId), eq(accounts.id, id)))
      .returning();
    emitAccountUpdate(emit, before, after!);
    emit({ type: "account.enriched", object: accountToApi(after!) });
  });
}

/**
 * The scheduler's part: finishes enrichments whose runner went away (the
 * process stopped before the provider answered). Returns how many it ran.
 */
export async function resumeEnrichments(db: Db, enricher: Enricher, now: Date): Promise<number> {
  const stale = await db
    .select({ orgId: accounts.orgId, id: accounts.id })
    .from(accounts)
    .where(
      and(
        sql`${accounts.enrichmentStatus} = 'pending'`,
        or(isNull(accounts.enrichmentClaimedUntil), lt(accounts.enrichmentClaimedUntil, now)),
        lt(accounts.enrichmentRequestedAt, new Date(now.getTime() - enricher.waitMs)),
      ),
    )
    .orderBy(accounts.enrichmentRequestedAt)
    .limit(20);
  for (const { orgId, id } of stale) await runEnrichment(db, enricher, orgId, id);
  return stale.length;
}
