import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { fromCents } from "../../platform/money.ts";
import { contacts } from "./contacts-table.ts";
import { deals } from "./deals-table.ts";
import { pipelineStages } from "./pipelines-table.ts";
import { enrollments } from "./sequences-table.ts";

const DAY_MS = 86_400_000;

export interface GrowthFigures {
  pipeline: {
    /** Open deals per currency: their sum, and their sum weighted by the stage's probability. */
    totals: { currency: string; open_value: number; weighted_value: number; deal_count: number }[];
    by_stage: {
      pipeline_id: string;
      stage_id: string;
      stage_name: string;
      probability: number;
      currency: string;
      deal_count: number;
      open_value: number;
      weighted_value: number;
    }[];
  };
  /** Deals closed in the last 90 days. */
  last_90_days: { won: number; lost: number; win_rate: number | null };
  new_contacts_last_30_days: number;
  sequences: {
    active_enrollments: number;
    /** Of the enrollments started in the last 90 days that received a step (or replied): the share that replied. */
    reply_rate: number | null;
  };
}

const rate = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);

/** The growth part of an intelligence snapshot. */
export async function growthFigures(db: Db, orgId: string, now: Date): Promise<GrowthFigures> {
  const days = (n: number) => new Date(now.getTime() - n * DAY_MS);
  const weighted = sql`${deals.amountCents} * ${pipelineStages.probability} / 100.0`;
  const [stages, closed, newContacts, enrollment] = await Promise.all([
    db
      .select({
        pipelineId: deals.pipelineId,
        stageId: deals.stageId,
        name: pipelineStages.name,
        probability: pipelineStages.probability,
        position: pipelineStages.position,
        currency: deals.currency,
        count: sql<string>`count(*)`,
        cents: sql<string>`coalesce(sum(${deals.amountCents}), 0)`,
        weighted: sql<string>`coalesce(sum(${weighted}), 0)`,
      })
      .from(deals)
      .innerJoin(pipelineStages, and(eq(pipelineStages.orgId, deals.orgId), eq(pipelineStages.id, deals.stageId)))
      .where(and(eq(deals.orgId, orgId), eq(deals.status, "open")))
      .groupBy(deals.pipelineId, deals.stageId, pipelineStages.name, pipelineStages.probability, pipelineStages.position, deals.currency)
      .orderBy(deals.pipelineId, pipelineStages.position, deals.currency),
    db
      .select({
        won: sql<string>`count(*) FILTER (WHERE ${deals.status} = 'won')`,
        lost: sql<string>`count(*) FILTER (WHERE ${deals.status} = 'lost')`,
      })
      .from(deals)
      .where(and(eq(deals.orgId, orgId), gte(deals.closedAt, days(90)))),
    db.$count(contacts, and(eq(contacts.orgId, orgId), gte(contacts.createdAt, days(30)))),
    db
      .select({
        active: sql<string>`count(*) FILTER (WHERE ${enrollments.status} = 'active')`,
        reached: sql<string>`count(*) FILTER (WHERE ${enrollments.createdAt} >= ${days(90).toISOString()}::timestamptz AND (${enrollments.lastStepAt} IS NOT NULL OR ${enrollments.status} = 'replied'))`,
        replied: sql<string>`count(*) FILTER (WHERE ${enrollments.createdAt} >= ${days(90).toISOString()}::timestamptz AND ${enrollments.status} = 'replied')`,
      })
      .from(enrollments)
      .where(eq(enrollments.orgId, orgId)),
  ]);

  const totals = new Map<string, { open: number; weighted: number; count: number }>();
  for (const s of stages) {
    const t = totals.get(s.currency) ?? { open: 0, weighted: 0, count: 0 };
    t.open += Number(s.cents);
    t.weighted += Number(s.weighted);
    t.count += Number(s.count);
    totals.set(s.currency, t);
  }
  const won = Number(closed[0]?.won ?? 0);
  const lost = Number(closed[0]?.lost ?? 0);
  return {
    pipeline: {
      totals: [...totals]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, t]) => ({ currency, open_value: fromCents(t.open), weighted_value: fromCents(Math.round(t.weighted)), deal_count: t.count })),
      by_stage: stages.map((s) => ({
        pipeline_id: s.pipelineId,
        stage_id: s.stageId,
        stage_name: s.name,
        probability: s.probability,
        currency: s.currency,
        deal_count: Number(s.count),
        open_value: fromCents(Number(s.cents)),
        weighted_value: fromCents(Math.round(Number(s.weighted))),
      })),
    },
    last_90_days: { won, lost, win_rate: rate(won, won + lost) },
    new_contacts_last_30_days: newContacts,
    sequences: {
      active_enrollments: Number(enrollment[0]?.active ?? 0),
      reply_rate: rate(Number(enrollment[0]?.replied ?? 0), Number(enrollment[0]?.reached ?? 0)),
    },
  };
}
