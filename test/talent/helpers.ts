import { beforeEach, expect } from "vitest";
import { newId } from "../../src/platform/ids.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import type { Client, TestClock } from "../helpers/harness.ts";

export { expectProblem };

// ---------------------------------------------------------------------------
// Time

/** The instant every talent test file starts from (UTC). */
export const NOW = "2026-03-10T12:00:00.000Z";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * Before each test, puts the clock at NOW if it is earlier. The clock otherwise
 * only moves forward in a file, so rate-limit state never sees time run backwards.
 */
export function neverBeforeNow(clock: TestClock): void {
  beforeEach(() => {
    if (clock().getTime() < Date.parse(NOW)) clock.set(NOW);
  });
}

/** Moves the clock on by `ms` and returns the new time as the API writes it. */
export function tick(clock: TestClock, ms = MINUTE): string {
  clock.advance(ms);
  return clock().toISOString();
}

// ---------------------------------------------------------------------------
// Shapes

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const JOB_ID = /^job_[0-7][0-9a-hjkmnp-tv-z]{25}$/;
export const CANDIDATE_ID = /^cand_[0-7][0-9a-hjkmnp-tv-z]{25}$/;
export const EVENT_ID = /^evt_[0-7][0-9a-hjkmnp-tv-z]{25}$/;

/** Ids that are well formed but name nothing. */
export const missingJobId = () => newId("job");
export const missingCandidateId = () => newId("candidate");

export const EMPLOYMENT_TYPES = ["full_time", "part_time", "contract", "temporary", "internship"] as const;
export const STAGES = ["applied", "screening", "interview", "offer", "hired", "rejected"] as const;
export type Stage = (typeof STAGES)[number];

/** The moves the product allows, written out from the specification (not read from src). */
export const ALLOWED: Record<Stage, Stage[]> = {
  applied: ["screening", "rejected"],
  screening: ["interview", "rejected"],
  interview: ["offer", "rejected"],
  offer: ["hired", "rejected"],
  hired: [],
  rejected: ["applied"],
};

/** The shortest path of allowed moves from applied to each stage. */
export const PATH_TO: Record<Stage, Stage[]> = {
  applied: [],
  screening: ["screening"],
  interview: ["screening", "interview"],
  offer: ["screening", "interview", "offer"],
  hired: ["screening", "interview", "offer", "hired"],
  rejected: ["rejected"],
};

// ---------------------------------------------------------------------------
// Requests that must work

let unique = 0;
/** A string no other test uses. */
export function uniq(prefix: string): string {
  return `${prefix}-${process.pid}-${++unique}-${Math.random().toString(36).slice(2, 8)}`;
}

export async function createJob(client: Client, body: Record<string, unknown> = {}): Promise<any> {
  const response = await client.post("/v1/jobs", { title: "Backend Engineer", ...body });
  expect(response.status, `POST /v1/jobs: ${response.text}`).toBe(201);
  return response.body;
}

export async function getJob(client: Client, id: string): Promise<any> {
  const response = await client.get(`/v1/jobs/${id}`);
  expect(response.status, `GET /v1/jobs/${id}: ${response.text}`).toBe(200);
  return response.body;
}

export async function patchJob(client: Client, id: string, body: Record<string, unknown>): Promise<any> {
  const response = await client.patch(`/v1/jobs/${id}`, body);
  expect(response.status, `PATCH /v1/jobs/${id}: ${response.text}`).toBe(200);
  return response.body;
}

/** A valid candidate body for the job, with fields replaced or added. */
export function candidateInput(jobId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { job_id: jobId, first_name: "Ada", last_name: "Lovelace", email: `${uniq("ada")}@example.com`, ...overrides };
}

export async function createCandidate(client: Client, jobId: string, overrides: Record<string, unknown> = {}): Promise<any> {
  const response = await client.post("/v1/candidates", candidateInput(jobId, overrides));
  expect(response.status, `POST /v1/candidates: ${response.text}`).toBe(201);
  return response.body;
}

export async function getCandidate(client: Client, id: string): Promise<any> {
  const response = await client.get(`/v1/candidates/${id}`);
  expect(response.status, `GET /v1/candidates/${id}: ${response.text}`).toBe(200);
  return response.body;
}

export async function patchCandidate(client: Client, id: string, body: Record<string, unknown>): Promise<any> {
  const response = await client.patch(`/v1/candidates/${id}`, body);
  expect(response.status, `PATCH /v1/candidates/${id} ${JSON.stringify(body)}: ${response.text}`).toBe(200);
  return response.body;
}

/** A candidate of the job moved, by allowed steps, into the stage. */
export async function candidateIn(client: Client, jobId: string, stage: Stage, overrides: Record<string, unknown> = {}): Promise<any> {
  let candidate = await createCandidate(client, jobId, overrides);
  for (const next of PATH_TO[stage]) candidate = await patchCandidate(client, candidate.id, { stage: next });
  expect(candidate.stage).toBe(stage);
  return candidate;
}

/** GETs a list and insists on 200; returns the body. */
export async function list(client: Client, path: string): Promise<any> {
  const response = await client.get(path);
  expect(response.status, `GET ${path}: ${response.text}`).toBe(200);
  return response.body;
}

export async function listIds(client: Client, path: string): Promise<string[]> {
  return (await list(client, path)).data.map((item: { id: string }) => item.id);
}

// ---------------------------------------------------------------------------
// Events and state

/** Every event about one object, oldest first. */
export async function eventsOf(client: Client, objectId: string): Promise<any[]> {
  const response = await client.get(`/v1/events?object_id=${objectId}&sort=timestamp&per_page=100`);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

export async function eventTypesOf(client: Client, objectId: string): Promise<string[]> {
  return (await eventsOf(client, objectId)).map((e) => e.type);
}

/** Counts any write would move: jobs, candidates and events of the tenant, and the newest event. */
export async function snapshot(client: Client): Promise<{ jobs: number; candidates: number; events: number; lastEvent: string | null }> {
  const [jobs, candidates, events] = await Promise.all([
    client.get("/v1/jobs?per_page=1"),
    client.get("/v1/candidates?per_page=1"),
    client.get("/v1/events?per_page=1"),
  ]);
  expect(jobs.status, jobs.text).toBe(200);
  expect(candidates.status, candidates.text).toBe(200);
  expect(events.status, events.text).toBe(200);
  return { jobs: jobs.body.meta.total, candidates: candidates.body.meta.total, events: events.body.meta.total, lastEvent: events.body.data[0]?.id ?? null };
}

// ---------------------------------------------------------------------------
// Errors
