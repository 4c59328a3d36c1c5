import { expect } from "vitest";
import { newId } from "../../src/platform/ids.ts";
import type { ApiResponse, Client, RequestOptions } from "../helpers/harness.ts";

/** The instant every finance test file starts from (UTC). */
export const NOW = "2026-03-10T12:00:00.000Z";

/** A valid create body, with fields replaced or added. */
export function invoiceInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { client: "Acme Corp", amount: 100, currency: "USD", due_date: "2026-04-01", ...overrides };
}

/** Creates an invoice and insists it worked; returns the invoice as the API shows it. */
export async function createInvoice(client: Client, overrides: Record<string, unknown> = {}, options?: RequestOptions): Promise<any> {
  const response = await client.post("/v1/invoices", invoiceInput(overrides), options);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

export async function getInvoice(client: Client, id: string): Promise<any> {
  const response = await client.get(`/v1/invoices/${id}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Runs an action (finalize, void, mark_uncollectible, pay) and insists it worked. */
export async function act(client: Client, id: string, action: string, body?: unknown): Promise<any> {
  const response = await client.post(`/v1/invoices/${id}/${action}`, body);
  expect(response.status, `${action}: ${response.text}`).toBe(200);
  return response.body;
}

/** The states an invoice can be put in, as the API shows them. */
export const STATES = ["draft", "open", "overdue", "paid", "void", "uncollectible"] as const;
export type State = (typeof STATES)[number];

/**
 * An invoice in the given state, with amount 100 USD. "overdue" is an open
 * invoice due before `today` (the clock must be at NOW or later); the others
 * are due after NOW.
 */
export async function invoiceIn(client: Client, state: State, overrides: Record<string, unknown> = {}): Promise<any> {
  if (state === "draft") return createInvoice(client, overrides);
  if (state === "overdue") return createInvoice(client, { status: "open", due_date: "2026-03-01", ...overrides });
  const open = await createInvoice(client, { status: "open", ...overrides });
  if (state === "open") return open;
  if (state === "paid") return act(client, open.id, "pay", { amount: open.amount });
  if (state === "void") return act(client, open.id, "void");
  return act(client, open.id, "mark_uncollectible");
}

/** Every event about one object, oldest first. */
export async function eventsOf(client: Client, objectId: string): Promise<any[]> {
  const response = await client.get(`/v1/events?object_id=${objectId}&sort=timestamp&per_page=100`);
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

export async function eventTypesOf(client: Client, objectId: string): Promise<string[]> {
  return (await eventsOf(client, objectId)).map((e) => e.type);
}

/** Counts that any change would move: the number of invoices and of events of the tenant. */
export async function snapshot(client: Client): Promise<{ invoices: number; events: number; lastEvent: string | null }> {
  const invoices = await client.get("/v1/invoices?per_page=1");
  const events = await client.get("/v1/events?per_page=1");
  expect(invoices.status).toBe(200);
  expect(events.status).toBe(200);
  return { invoices: invoices.body.meta.total, events: events.body.meta.total, lastEvent: events.body.data[0]?.id ?? null };
}

/** Asserts a problem response: status, code, media type, request id. */
export function expectProblem(response: ApiResponse, status: number, code: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  expect(response.body).toMatchObject({ status, code, type: `/problems/${code}` });
  expect(response.body.request_id).toBe(response.headers.get("x-request-id"));
  expect(response.text).not.toMatch(/\bat .*\.ts:\d+|SELECT |INSERT |UPDATE /);
}

/** A 409 refused transition naming the current status. */
export function expectRefusedTransition(response: ApiResponse, currentStatus: string): void {
  expectProblem(response, 409, "invalid_state_transition");
  expect(response.body.current_status).toBe(currentStatus);
  expect(response.body.detail).toContain(currentStatus);
}

/**
 * Creates a growth-engine account through the API (invoices may name only
 * accounts of their own organization); returns it as the API shows it.
 */
export async function createAccount(client: Client, overrides: Record<string, unknown> = {}): Promise<any> {
  const response = await client.post("/v1/accounts", { name: uniq("Account"), ...overrides });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

/** Ids that are well formed but name nothing. */
export const missingInvoiceId = () => newId("invoice");
export const accountId = () => newId("account");
export const contactId = () => newId("contact");

let unique = 0;
/** A string no other test uses (for numbers and client names). */
export function uniq(prefix: string): string {
  return `${prefix}-${process.pid}-${++unique}-${Math.random().toString(36).slice(2, 8)}`;
}
