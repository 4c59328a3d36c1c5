import { beforeEach, expect } from "vitest";
import { errorFields, expectProblem } from "../helpers/expect-problem.ts";
import type { ApiResponse, Client, TestClock } from "../helpers/harness.ts";

// ---------------------------------------------------------------------------
// Time

/** The instant every growth test file starts from (UTC). */
export const NOW = "2026-03-10T12:00:00.000Z";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * Before each test of the file, puts the clock at NOW if it is earlier. The
 * clock otherwise only moves forward in a file, so rate-limit state never sees
 * time run backwards.
 */
export function neverBeforeNow(clock: TestClock): void {
  beforeEach(() => {
    if (clock().getTime() < Date.parse(NOW)) clock.set(NOW);
  });
}

// ---------------------------------------------------------------------------
// Shapes

/** A time as the API writes it: ISO 8601 in UTC, with milliseconds. */
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** An id of one kind as the API writes it: the prefix, "_", then 26 base32 characters. */
export function idPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix}_[0-7][0-9a-hjkmnp-tv-z]{25}$`);
}

export const ACCOUNT_ID = idPattern("acc");
export const CONTACT_ID = idPattern("con");
export const DEAL_ID = idPattern("deal");
export const PIPELINE_ID = idPattern("pipe");
export const STAGE_ID = idPattern("stage");
export const SEQUENCE_ID = idPattern("seq");
export const ENROLLMENT_ID = idPattern("enr");
export const MESSAGE_ID = idPattern("msg");

// ---------------------------------------------------------------------------
// Requests that must work

/** POSTs a body and insists on 201; returns the created object. */
export async function createOk(client: Client, path: string, body: Record<string, unknown>): Promise<any> {
  const response = await client.post(path, body);
  expect(response.status, `${path}: ${response.text}`).toBe(201);
  return response.body;
}

/** GETs a path and insists on 200; returns the body. */
export async function getOk(client: Client, path: string): Promise<any> {
  const response = await client.get(path);
  expect(response.status, `${path}: ${response.text}`).toBe(200);
  return response.body;
}

/** Creates an account from exactly this body. */
export function createAccount(client: Client, body: Record<string, unknown>): Promise<any> {
  return createOk(client, "/v1/accounts", body);
}

export function getAccount(client: Client, id: string): Promise<any> {
  return getOk(client, `/v1/accounts/${id}`);
}

/** Creates a contact from exactly this body. */
export function createContact(client: Client, body: Record<string, unknown>): Promise<any> {
  return createOk(client, "/v1/contacts", body);
}

/** Creates a deal from exactly this body. */
export function createDeal(client: Client, body: Record<string, unknown>): Promise<any> {
  return createOk(client, "/v1/deals", body);
}

export function getDeal(client: Client, id: string): Promise<any> {
  return getOk(client, `/v1/deals/${id}`);
}

/** A page of pipelines; `query` starts with "?" when given. */
export function listPipelines(client: Client, query = ""): Promise<{ data: any[]; meta: any }> {
  return getOk(client, `/v1/pipelines${query}`);
}

/** The organization's default pipeline; insists there is exactly one. */
export async function defaultPipeline(client: Client): Promise<any> {
  const defaults = (await listPipelines(client, "?per_page=100")).data.filter((p) => p.is_default);
  expect(defaults).toHaveLength(1);
  return defaults[0];
}

export function getSequence(client: Client, id: string): Promise<any> {
  return getOk(client, `/v1/sequences/${id}`);
}

/** Runs a sequence's status action and insists it worked. */
export async function actOnSequence(client: Client, id: string, action: "activate" | "pause" | "archive"): Promise<any> {
  const response = await client.post(`/v1/sequences/${id}/${action}`);
  expect(response.status, `${action}: ${response.text}`).toBe(200);
  return response.body;
}

/** Enrolls a contact in a sequence and insists it worked; returns the enrollment. */
export function enroll(client: Client, sequenceId: string, contactId: string): Promise<any> {
  return createOk(client, `/v1/sequences/${sequenceId}/enrollments`, { contact_id: contactId });
}

// ---------------------------------------------------------------------------
// Events and snapshots

/** Every event about one object, oldest first. */
export async function eventsOf(client: Client, objectId: string): Promise<any[]> {
  return (await getOk(client, `/v1/events?object_id=${objectId}&sort=timestamp&per_page=100`)).data;
}

export async function eventTypesOf(client: Client, objectId: string): Promise<string[]> {
  return (await eventsOf(client, objectId)).map((e) => e.type);
}

/** The tenant's event count and newest event: any write moves one or the other. */
export async function eventLogState(client: Client): Promise<{ events: number; lastEvent: string | null }> {
  const page = await getOk(client, "/v1/events?per_page=1");
  return { events: page.meta.total, lastEvent: page.data[0]?.id ?? null };
}

/**
 * What a refused write must leave alone: the first page (up to 100 items, and
 * the total) of each list path, then the event count and newest event.
 */
export async function takeSnapshot(client: Client, listPaths: string[]): Promise<Record<string, unknown>> {
  const snapshot: Record<string, unknown> = {};
  for (const path of listPaths) snapshot[path] = await getOk(client, `${path}?per_page=100`);
  return { ...snapshot, ...(await eventLogState(client)) };
}

// ---------------------------------------------------------------------------
// Problems

/** A 422 naming exactly this body field. */
export function expectUnprocessable(response: ApiResponse, field: string): void {
  expectProblem(response, 422, "unprocessable");
  expect(errorFields(response)).toEqual([`body:${field}`]);
}

/** A 409 refused transition naming the current status. */
export function expectRefusedTransition(response: ApiResponse, currentStatus: string): void {
  expectProblem(response, 409, "invalid_state_transition");
  expect(response.body.current_status).toBe(currentStatus);
  expect(response.body.detail).toContain(currentStatus);
}
