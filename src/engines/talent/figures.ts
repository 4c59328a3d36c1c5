import { and, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { CANDIDATE_STAGES, candidateStageChanges, candidates, type CandidateStage } from "./candidates-table.ts";
import { jobs } from "./jobs-table.ts";

const DAY_MS = 86_400_000;

export interface TalentFigures {
  open_jobs: number;
  /** Candidates per stage for every open job (every stage listed, zeros included). */
  open_job_pipelines: { job_id: string; title: string; candidates: Record<CandidateStage, number> }[];
  /** Median days from application to hire, over the hires of the last 365 days; null without any. */
  median_days_to_hire: number | null;
  hires_last_365_days: number;
}

/** The talent part of an intelligence snapshot. */
export async function talentFigures(db: Db, orgId: string, now: Date): Promise<TalentFigures> {
  const yearAgo = new Date(now.getTime() - 365 * DAY_MS);
  const [open, counts, hires] = await Promise.all([
    db
      .select({ id: jobs.id, title: jobs.title })
      .from(jobs)
      .where(and(eq(jobs.orgId, orgId), eq(jobs.status, "open")))
      .orderBy(jobs.createdAt, jobs.id),
    db
      .select({ jobId: candidates.jobId, stage: candidates.stage, n: sql<string>`count(*)` })
      .from(candidates)
      .innerJoin(jobs, and(eq(jobs.orgId, candidates.orgId), eq(jobs.id, candidates.jobId)))
      .where(and(eq(candidates.orgId, orgId), eq(jobs.status, "open")))
      .groupBy(candidates.jobId, candidates.stage),
    db
      .select({
        median: sql<
          string | null
        >`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${candidateStageChanges.changedAt} - ${candidates.createdAt}) / 86400)`,
        n: sql<string>`count(*)`,
      })
      .from(candidateStageChanges)
      .innerJoin(candidates, and(eq(candidates.orgId, candidateStageChanges.orgId), eq(candidates.id, candidateStageChanges.candidateId)))
      .where(and(eq(candidateStageChanges.orgId, orgId), eq(candidateStageChanges.toStage, "hired"), gte(candidateStageChanges.changedAt, yearAgo))),
  ]);
  const byJob = new Map(open.map((j) => [j.id, Object.fromEntries(CANDIDATE_STAGES.map((s) => [s, 0])) as Record<CandidateStage, number>]));
  for (const c of counts) byJob.get(c.jobId)![c.stage] = Number(c.n);
  const median = hires[0]?.median;
  return {
    open_jobs: open.length,
    open_job_pipelines: open.map((j) => ({ job_id: j.id, title: j.title, candidates: byJob.get(j.id)! })),
    median_days_to_hire: median === null || median === undefined ? null : Math.round(Number(median) * 10) / 10,
    hires_last_365_days: Number(hires[0]?.n ?? 0),
  };
}
