import type { Tool } from "../../src/engines/agent/tools.ts";
import type { Tenant } from "../helpers/harness.ts";
import { ROUTES, type Route } from "../helpers/routes.ts";
import { made } from "./helpers.ts";

/**
 * A valid input for each tool, made from real resources of a tenant: the
 * route table's own fixtures (test/helpers/routes.ts: the resource a route
 * succeeds on, and its body), so a new operation gets a tool fixture with its
 * route-table row. The few operations that row does not cover, and the
 * composite tools, are below.
 */

let counter = 0;
const job = async (tenant: Tenant) => (await made(tenant.client.post("/v1/jobs", { title: `Tool Job ${++counter}` }))).id as string;
const contact = async (tenant: Tenant) =>
  (await made(tenant.client.post("/v1/contacts", { first_name: "Tool", email: `tool-${++counter}-${Date.now()}@example.com` }))).id as string;
const activeSequence = async (tenant: Tenant) =>
  (await made(tenant.client.post("/v1/sequences", { name: `Tool Sequence ${++counter}`, status: "active", steps: [{ type: "task", subject: "Call" }] })))
    .id as string;

const EXTRA: Record<string, (tenant: Tenant) => Promise<Record<string, unknown>>> = {
  create_candidate: async (t) => ({ job_id: await job(t), first_name: "Tool", last_name: `Candidate ${++counter}`, email: `tool-cand-${counter}@example.com` }),
  record_sequence_reply: async (t) => {
    const sequence = await activeSequence(t);
    const enrollment = await made(t.client.post(`/v1/sequences/${sequence}/enrollments`, { contact_id: await contact(t) }));
    return { enrollment_id: enrollment.id, body: "Thanks, let's talk." };
  },
  move_deal_to_stage: async (t) => ({ deal_id: (await made(t.client.post("/v1/deals", { name: `Tool Deal ${++counter}` }))).id, stage: "won" }),
  enroll_contacts: async (t) => ({ sequence_id: await activeSequence(t), contact_ids: [await contact(t), await contact(t)] }),
};

/** The route-table row of a generated tool (nested path parameters are `:sub` there). */
export function routeOf(tool: Tool): Route | undefined {
  if (tool.composite) return undefined;
  const template = tool.path.replace(/:(?!id\b)\w+/g, ":sub");
  return ROUTES.find((r) => r.method === tool.method && r.path === template);
}

export function hasFixture(tool: Tool): boolean {
  return Boolean(EXTRA[tool.name] ?? routeOf(tool));
}

/** The names of the tool's path parameters in its input (`:id` as `<resource>_id`), in path order. */
export function pathFields(tool: Tool): string[] {
  return [...tool.path.matchAll(/:(\w+)/g)].map((m) => (m[1] === "id" ? `${tool.resource}_id` : m[1]!));
}

/** A valid input of the tool over fresh resources of the tenant. */
export async function inputFor(tool: Tool, tenant: Tenant): Promise<Record<string, unknown>> {
  const extra = EXTRA[tool.name];
  if (extra) return extra(tenant);
  const route = routeOf(tool);
  if (!route) throw new Error(`No fixture for the tool ${tool.name}: add its route to test/helpers/routes.ts or a case to test/agent/tool-fixtures.ts.`);
  const id = route.id ? await route.id.make(tenant) : undefined;
  const ids = id?.split("/") ?? [];
  const input: Record<string, unknown> = {};
  pathFields(tool).forEach((field, i) => {
    input[field] = ids[i];
  });
  return { ...input, ...((route.body?.(id) as Record<string, unknown> | undefined) ?? {}) };
}
