import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import type { Caller } from "../../platform/auth/caller.ts";
import { notFound } from "../../platform/errors.ts";
import { recentEventsFor } from "../../platform/events/events-service.ts";
import { fromCents } from "../../platform/money.ts";
import { billingForAccount } from "../finance/invoices-service.ts";
import { accountToApi, findAccount } from "./accounts-service.ts";
import { contactToApi } from "./contacts-service.ts";
import { contacts } from "./contacts-table.ts";
import { dealToApi } from "./deals-service.ts";
import { deals } from "./deals-table.ts";
import type { DossierApi } from "./dossier-schemas.ts";
import { stagesById } from "./pipelines-service.ts";
import { activeEnrollmentsOfAccount } from "./sequence-enrollments-service.ts";
import { enrollments as enrollmentsTable } from "./sequences-table.ts";
import { rowsOf } from "../../db/rows.ts";

const DAY_MS = 86_400_000;
/**
 * How many contacts, deals, invoices and enrollments the document lists (each
 * with its total; the list endpoints filtered by account_id page through the
 * rest). Enough to prepare a call, and it keeps a large account's dossier
 * small: at 100 each it was 160 kB and most of the request's time.
 */
export const DOSSIER_LISTED = 25;
const LISTED = DOSSIER_LISTED;
const EVENTS = 50;

/**
 * One document about an account for someone about to call them. Lists are
 * capped (with totals), sums are computed over everything. Invoices appear
 * only for keys that may read finance; events only of kinds the key may see.
 */
export async function accountDossier(db: Db, caller: Caller, id: string, now: Date): Promise<DossierApi> {
  const orgId = caller.org.id;
  const canSeeBilling = caller.permissions.has("finance:read");
  const ofAccount = <T extends typeof contacts | typeof deals>(table: T) => and(eq(table.orgId, orgId), eq(table.accountId, id));

  // Everything that does not depend on another answer, at once; then the activity feed.
  const [account, people, contactTotal, dealRows, dealTotals, billing, enrollments, linkedIds] = await Promise.all([
    findAccount(db, orgId, id),
    db.select().from(contacts).where(ofAccount(contacts)).orderBy(desc(contacts.updatedAt), desc(contacts.id)).limit(LISTED),
    db.$count(contacts, ofAccount(contacts)),
    // Open deals first, soonest expected close first; then the latest closed.
    db
      .select()
      .from(deals)
      .where(ofAccount(deals))
      .orderBy(
        sql`${deals.status} <> 'open'`,
        sql`CASE WHEN ${deals.status} = 'open' THEN ${deals.expectedCloseDate} END ASC`,
        desc(deals.closedAt),
        desc(deals.id),
      )
      .limit(LISTED),
    db
      .select({
        stageId: deals.stageId,
        pipelineId: deals.pipelineId,
        status: deals.status,
        currency: deals.currency,
        count: sql<string>`count(*)`,
        cents: sql<string>`coalesce(sum(${deals.amountCents}), 0)`,
      })
      .from(deals)
      .where(ofAccount(deals))
      .groupBy(deals.stageId, deals.pipelineId, deals.status, deals.currency)
      .orderBy(deals.currency),
    // Invoice ids are needed for the activity feed even when the invoices are not shown.
    billingForAccount(db, orgId, id, now, canSeeBilling ? LISTED : 0),
    activeEnrollmentsOfAccount(db, orgId, id, LISTED),
    linkedObjectIds(db, orgId, id),
  ]);
  if (!account) throw notFound("account", id);
  const [stages, events] = await Promise.all([
    stagesById(db, orgId, [...new Set(dealTotals.map((t) => t.stageId))]),
    recentEventsFor(db, caller, [id, ...linkedIds, ...billing.invoiceIds], EVENTS),
  ]);

  const pipeline = new Map<string, { open: number; weighted: number }>();
  const byStage = new Map<string, DossierApi["deals"]["by_stage"][number]>();
  const counts = { open: 0, won: 0, lost: 0 };
  for (const t of dealTotals) {
    const n = Number(t.count);
    const cents = Number(t.cents);
    const stage = stages.get(t.stageId);
    const probability = stage?.probability ?? 0;
    counts[t.status] += n;
    if (t.status === "open") {
      const p = pipeline.get(t.currency) ?? { open: 0, weighted: 0 };
      p.open += cents;
      p.weighted += (cents * probability) / 100;
      pipeline.set(t.currency, p);
    }
    const entry = byStage.get(t.stageId) ?? {
      pipeline_id: t.pipelineId,
      stage_id: t.stageId,
      stage_name: stage?.name ?? "",
      kind: stage?.kind ?? t.status,
      probability,
      deal_count: 0,
      values: [],
    };
    entry.deal_count += n;
    entry.values.push({ currency: t.currency, amount: fromCents(cents), weighted_amount: fromCents(Math.round((cents * probability) / 100)) });
    byStage.set(t.stageId, entry);
  }
  const closed = counts.won + counts.lost;
  const lastActivity = events[0] ? new Date(events[0].timestamp) : null;
  const amounts = (pick: "outstanding" | "overdue") => billing.totals.filter((t) => t[pick] > 0).map((t) => ({ currency: t.currency, amount: t[pick] }));

  return {
    object: "account_dossier",
    generated_at: now.toISOString(),
    account: accountToApi(account),
    signals: {
      last_activity_at: lastActivity?.toISOString() ?? null,
      days_since_last_activity: lastActivity ? Math.max(0, Math.floor((now.getTime() - lastActivity.getTime()) / DAY_MS)) : null,
      open_deal_count: counts.open,
      win_rate: closed === 0 ? null : Math.round((counts.won / closed) * 1000) / 1000,
      outstanding: canSeeBilling ? amounts("outstanding") : null,
      overdue: canSeeBilling ? amounts("overdue") : null,
      active_enrollment_count: enrollments.total,
    },
    contacts: { total: contactTotal, data: people.map(contactToApi) },
    deals: {
      total: counts.open + counts.won + counts.lost,
      counts,
      pipeline: [...pipeline]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, p]) => ({ currency, open_value: fromCents(p.open), weighted_value: fromCents(Math.round(p.weighted)) })),
      by_stage: [...byStage.values()].sort(
        (a, b) => a.pipeline_id.localeCompare(b.pipeline_id) || (stages.get(a.stage_id)?.position ?? 0) - (stages.get(b.stage_id)?.position ?? 0),
      ),
      data: dealRows.map(dealToApi),
    },
    billing: canSeeBilling ? { totals: billing.totals, invoices: { total: billing.invoiceIds.length, data: billing.recent } } : null,
    sequences: { active_enrollments: enrollments.data },
    recent_events: events,
  };
}

/** The ids of the account's contacts and deals and of its contacts' enrollments: what its activity feed is about. */
async function linkedObjectIds(db: Db, orgId: string, accountId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT id FROM ${contacts} WHERE org_id = ${orgId} AND account_id = ${accountId}
    UNION ALL SELECT id FROM ${deals} WHERE org_id = ${orgId} AND account_id = ${accountId}
    UNION ALL SELECT e.id FROM ${enrollmentsTable} e
      JOIN ${contacts} c ON c.org_id = e.org_id AND c.id = e.contact_id
      WHERE e.org_id = ${orgId} AND c.account_id = ${accountId}`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
