import { and, count, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { ApiError, unknownReference } from "../../platform/errors.ts";
import { previousAttributes, write, type WriteContext } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import { defineList, jsonOf, listJson, listPage, type Page } from "../../platform/lists.ts";
import { candidates } from "./candidates-table.ts";
import { Job, type CreateJobInput, type JobApi, type UpdateJobInput } from "./jobs-schemas.ts";
import { EMPLOYMENT_TYPES, JOB_STATUSES, jobs, type JobRow } from "./jobs-table.ts";
import { ownedRow } from "../../platform/owned-rows.ts";

export function jobToApi(row: JobRow): JobApi {
  return {
    id: row.id,
    object: "job",
    title: row.title,
    department: row.department,
    location: row.location,
    employment_type: row.employmentType,
    status: row.status,
    closed_at: row.closedAt?.toISOString() ?? null,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const jobList = defineList({
  table: jobs,
  tiebreak: jobs.id,
  filters: {
    status: { kind: "enum", column: jobs.status, values: JOB_STATUSES },
    employment_type: { kind: "enum", column: jobs.employmentType, values: EMPLOYMENT_TYPES },
    department: { kind: "text", column: jobs.department, contains: true },
    location: { kind: "text", column: jobs.location, contains: true },
    created_at: { kind: "datetime", column: jobs.createdAt },
    updated_at: { kind: "datetime", column: jobs.updatedAt },
  },
  sorts: { created_at: jobs.createdAt, updated_at: jobs.updatedAt, title: jobs.title },
  defaultSort: "-created_at",
  search: [jobs.title, jobs.department, jobs.location],
  // jobToApi, in SQL (see JsonItem).
  json: {
    schema: Job,
    fields: {
      id: jsonOf.text(jobs.id),
      object: jsonOf.literal("job"),
      title: jsonOf.text(jobs.title),
      department: jsonOf.text(jobs.department),
      location: jsonOf.text(jobs.location),
      employment_type: jsonOf.text(jobs.employmentType),
      status: jsonOf.text(jobs.status),
      closed_at: jsonOf.timestamp(jobs.closedAt),
      metadata: jsonOf.stringRecord(jobs.metadata),
      created_at: jsonOf.timestamp(jobs.createdAt),
      updated_at: jsonOf.timestamp(jobs.updatedAt),
    },
  },
});

export async function listJobs(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<JobApi>> {
  return listPage(db, jobList.spec, jobList.parse(orgId, query, now), jobToApi);
}

/** listJobs as the response body (JSON text written by the database). */
export async function listJobsJson(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<string> {
  return listJson(db, jobList.spec, jobList.parse(orgId, query, now), now);
}

export async function getJob(db: Db, orgId: string, id: string): Promise<JobApi> {
  return jobToApi(await ownedRow(db, jobs, orgId, id, "job"));
}

function lockJob(tx: Tx, orgId: string, id: string): Promise<JobRow> {
  return ownedRow(tx, jobs, orgId, id, "job", "update");
}

/** For candidates: the job must exist in the organization and be open. Share-locked until the candidate commits. */
export async function requireOpenJob(tx: Tx, orgId: string, id: string): Promise<void> {
  // Not ownedRow: an unknown job_id is a field of the body (422 naming it), not a missing resource (404).
  const [row] = await tx
    .select({ status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.orgId, orgId), eq(jobs.id, id)))
    .for("share");
  if (!row) throw unknownReference("job_id", "job", id);
  if (row.status !== "open") {
    throw new ApiError("unprocessable", `The job ${id} is closed; it takes no new candidates.`, {
      errors: [{ in: "body", field: "job_id", message: "names a closed job" }],
    });
  }
}

export async function createJob(db: Db, ctx: WriteContext, input: CreateJobInput): Promise<JobApi> {
  return write(db, ctx, async (tx, emit) => {
    const closed = input.status === "closed";
    const [row] = await tx
      .insert(jobs)
      .values({
        orgId: ctx.orgId,
        id: newId("job"),
        title: input.title,
        department: input.department ?? null,
        location: input.location ?? null,
        employmentType: input.employment_type ?? "full_time",
        status: closed ? "closed" : "open",
        closedAt: closed ? ctx.now : null,
        metadata: input.metadata ?? {},
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning();
    const object = jobToApi(row!);
    emit({ type: "job.created", object });
    if (closed) emit({ type: "job.closed", object });
    return object;
  });
}

export async function updateJob(db: Db, ctx: WriteContext, id: string, input: UpdateJobInput): Promise<JobApi> {
  return write(db, ctx, async (tx, emit) => {
    const before = await lockJob(tx, ctx.orgId, id);
    const status = input.status ?? before.status;
    const [after] = await tx
      .update(jobs)
      .set({
        title: input.title ?? before.title,
        department: input.department === undefined ? before.department : input.department,
        location: input.location === undefined ? before.location : input.location,
        employmentType: input.employment_type ?? before.employmentType,
        status,
        closedAt: status === "open" ? null : before.status === "closed" ? before.closedAt : ctx.now,
        metadata: input.metadata ?? before.metadata,
        updatedAt: ctx.now,
      })
      .where(and(eq(jobs.orgId, ctx.orgId), eq(jobs.id, id)))
      .returning();
    const object = jobToApi(after!);
    const previous = previousAttributes(jobToApi(before), object);
    if (Object.keys(previous).length > 0) emit({ type: "job.updated", object, previous });
    if (before.status === "open" && status === "closed") emit({ type: "job.closed", object });
    return object;
  });
}

/** Only a job nobody applied to can be deleted; close the others. */
export async function deleteJob(db: Db, ctx: WriteContext, id: string): Promise<{ id: string; object: "job"; deleted: true }> {
  await write(db, ctx, async (tx, emit) => {
    const row = await lockJob(tx, ctx.orgId, id);
    const [held] = await tx
      .select({ n: count() })
      .from(candidates)
      .where(and(eq(candidates.orgId, ctx.orgId), eq(candidates.jobId, id)));
    const n = Number(held?.n ?? 0);
    if (n > 0) {
      throw new ApiError("conflict", `The job has ${n} candidate${n === 1 ? "" : "s"}; close it instead (PATCH status closed), or delete them first.`, {
        candidate_count: n,
      });
    }
    await tx.delete(jobs).where(and(eq(jobs.orgId, ctx.orgId), eq(jobs.id, id)));
    emit({ type: "job.deleted", object: jobToApi(row) });
  });
  return { id, object: "job", deleted: true };
}
