import { Type, type TSchema } from "typebox";
import type { Permission } from "../../platform/auth/permissions.ts";
import { ApiError, type FieldError } from "../../platform/errors.ts";
import type { ServedRoute } from "../../platform/http.ts";
import type { Tool, ToolMethod } from "./tools.ts";

/**
 * Tools generated from the route table: every /v1 operation becomes a tool
 * unless NOT_TOOLS names its area (or the operation) with a reason. A tool is
 * its route's own declaration: the name is the operationId in snake_case, the
 * input is the route's path parameters, query string and body merged into one
 * object schema (the `:id` of a path named `<resource>_id`), the permissions
 * and the approval rule are the route's config, and running it is a request
 * to that route (tools.ts), so validation, the permission guard, tenancy,
 * events and idempotency are the API's own.
 */

/** What the route table holds of an operation. */
export interface RouteDeclaration {
  method: string;
  url: string;
  config?: { permission?: Permission | readonly Permission[]; approval?: string; public?: boolean };
  schema?: {
    operationId?: string;
    summary?: string;
    description?: string;
    params?: unknown;
    querystring?: unknown;
    body?: unknown;
    response?: unknown;
    hide?: boolean;
  };
}

/**
 * The /v1 operations that are not tools, by path prefix (an area) or by
 * operationId, each with the reason. Everything else the API serves under /v1
 * is a tool (test/agent/registry.test.ts checks the two against the route table).
 */
export const NOT_TOOLS: readonly { path?: string; operationId?: string; reason: string }[] = [
  { path: "/v1/agent/", reason: "The agent's own conversations and approvals: an agent that could approve its own actions would make approval meaningless." },
  {
    path: "/v1/webhook_endpoints",
    reason: "Webhook endpoints send the organization's events to any URL and hold signing secrets: configured by people, not by a model.",
  },
  { path: "/v1/functions", reason: "Edge functions deploy and run customer code with its deployer's permissions: out of a model's reach." },
  { path: "/v1/api_keys", reason: "API keys are credentials: creating, rolling or revoking them is for people only." },
  { path: "/v1/oauth_apps", reason: "OAuth apps hand out access to the organization's data to other applications: registered by people only." },
  { path: "/v1/oauth_grants", reason: "OAuth grants are access other applications hold: reviewed and revoked by people only." },
  { path: "/v1/me", reason: "Who the caller is and what it may do: the agent already acts as its caller and is offered only what it may use." },
  { path: "/v1/events/stream", reason: "A long-lived event stream (text/event-stream) that never answers once: a tool call would wait forever." },
];

/** Why an operation is not a tool, or null when it is one. A path excludes itself and everything under it. */
export function exclusionOf(route: { url: string; operationId: string }): string | null {
  const under = (path: string) => route.url === path || route.url.startsWith(path.endsWith("/") ? path : `${path}/`);
  const hit = NOT_TOOLS.find((x) => (x.operationId ? x.operationId === route.operationId : under(x.path!)));
  return hit?.reason ?? null;
}

/** `markInvoiceUncollectible` -> `mark_invoice_uncollectible` */
export function toolName(operationId: string): string {
  return operationId.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

/** Path segments that group resources rather than name one (`/v1/intelligence/snapshots`). */
const NAMESPACES = new Set(["intelligence"]);

/** The singular of the path's first resource segment after /v1: `invoices` -> `invoice`, `sequence_replies` -> `sequence_reply`. */
export function resourceOf(url: string): string {
  const segments = url.split("/").filter(Boolean).slice(1);
  const plural = segments.find((s) => !NAMESPACES.has(s)) ?? segments[0] ?? "";
  if (plural.endsWith("ies")) return `${plural.slice(0, -3)}y`;
  return plural.endsWith("s") ? plural.slice(0, -1) : plural;
}

interface ObjectSchema {
  type?: string;
  properties?: Record<string, TSchema>;
  required?: string[];
  minProperties?: number;
  additionalProperties?: unknown;
  [keyword: string]: unknown;
}

/** Keywords of a route's object schema that merging would lose the meaning of: such a route fails at start. */
const UNMERGEABLE = ["anyOf", "oneOf", "allOf", "not", "if", "patternProperties", "dependentRequired", "dependentSchemas", "maxProperties"];

function objectPart(route: RouteDeclaration, part: "params" | "querystring" | "body"): ObjectSchema | null {
  const schema = route.schema?.[part] as ObjectSchema | undefined;
  if (!schema) return null;
  const bad = UNMERGEABLE.find((k) => k in schema);
  if (schema.type !== "object" || bad) {
    throw new Error(
      `The ${route.method} ${route.url} route's ${part} schema cannot become tool input (${bad ? `it uses ${bad}` : "it is not an object"}): exclude it in NOT_TOOLS or simplify the schema.`,
    );
  }
  return schema;
}

/** The success response schema (the first 2xx). */
function successResponse(route: RouteDeclaration): TSchema | undefined {
  const responses = (route.schema?.response ?? {}) as Record<string, TSchema>;
  const code = Object.keys(responses).find((c) => /^2\d\d$/.test(c));
  return code ? responses[code] : undefined;
}

/** Values a property accepts, for the description: the schema's enum, or a list filter's "One of a, b, c". */
function acceptedValues(schema: TSchema): string | null {
  const s = schema as { enum?: unknown[]; description?: string };
  if (Array.isArray(s.enum)) return s.enum.filter((v) => v !== null).join("|");
  const listed = /One of ([^.;]+)/.exec(s.description ?? "")?.[1];
  return listed ? listed.split(/,\s*/).join("|") : null;
}

/** A list's paging and sorting: named once at the end of the line, not among the filters. */
const PAGING = ["sort", "page", "per_page"];

/** The input's fields in a line a model reads: `status (draft|open|...)`, ranges folded as `amount [gte|gt|lte|lt]`, `*` marking the required. */
function fieldsLine(properties: Record<string, TSchema>, required: readonly string[]): string {
  const ops = new Map<string, string[]>();
  const order: string[] = [];
  for (const name of Object.keys(properties)) {
    if (PAGING.includes(name)) continue;
    const m = /^(.+)\[(\w+)\]$/.exec(name);
    const base = m ? m[1]! : name;
    if (!ops.has(base)) {
      ops.set(base, []);
      order.push(base);
    }
    if (m) ops.get(base)!.push(m[2]!);
  }
  return order
    .map((base) => {
      const schema = properties[base];
      const values = schema ? acceptedValues(schema) : null;
      const operators = ops.get(base)!;
      return `${base}${required.includes(base) ? "*" : ""}${values ? ` (${values})` : ""}${operators.length > 0 ? ` [${operators.join("|")}]` : ""}`;
    })
    .concat(PAGING.filter((name) => name in properties))
    .join(", ");
}

function describeTool(route: RouteDeclaration, input: ObjectSchema, access: "read" | "write"): string {
  const summary = (route.schema?.summary ?? route.schema?.operationId ?? "").replace(/\.$/, "");
  const description = route.schema?.description ? ` ${route.schema.description.trim()}` : "";
  const fields = fieldsLine(input.properties ?? {}, input.required ?? []);
  const label = access === "read" && route.schema?.querystring ? "Filters" : "Input";
  const approval = route.config?.approval ? ` Waits for a person's approval: ${route.config.approval}` : "";
  const marks = (input.required ?? []).length > 0 ? " (* required)" : "";
  // `amount [gte|lte]` in the line: the operator is part of the field's name, which a model would not guess.
  const ranged = Object.keys(input.properties ?? {}).find((name) => /\[(gte|lte)\]$/.test(name));
  const operators = ranged ? ` An operator is part of the field's name: "${ranged}".` : "";
  return `${summary}.${description}${fields ? ` ${label}: ${fields}${marks}.${operators}` : ""}${approval}`;
}

/** How a tool's input splits back into the route's path, query string and body. */
export interface RouteParts {
  /** Input field -> path parameter. */
  params: Record<string, string>;
  query: readonly string[];
  body: readonly string[];
  hasBody: boolean;
}

/**
 * The tool an operation becomes. Throws (the app does not start) when a merged
 * input field would collide: a path parameter's name with a query or body
 * field, or a query field with a body field.
 */
export function toolFromRoute(route: RouteDeclaration, run: (tool: Tool, parts: RouteParts) => Tool["run"]): Tool {
  const operationId = route.schema!.operationId!;
  const method = route.method.toUpperCase() as ToolMethod;
  const resource = resourceOf(route.url);
  const properties: Record<string, TSchema> = {};
  const required: string[] = [];
  const parts: RouteParts = { params: {}, query: [], body: [], hasBody: false };
  const add = (field: string, schema: TSchema, isRequired: boolean, from: string) => {
    if (field in properties) {
      throw new Error(
        `The tool ${toolName(operationId)} (${method} ${route.url}) cannot merge its input: "${field}" (from ${from}) is already a field of it. Rename the path parameter or the field.`,
      );
    }
    properties[field] = schema;
    if (isRequired) required.push(field);
  };
  const params = objectPart(route, "params");
  for (const [name, schema] of Object.entries(params?.properties ?? {})) {
    const field = name === "id" ? `${resource}_id` : name;
    add(field, schema, true, `the path parameter :${name}`);
    parts.params[field] = name;
  }
  const query = objectPart(route, "querystring");
  for (const [name, schema] of Object.entries(query?.properties ?? {})) add(name, schema, query!.required?.includes(name) ?? false, "the query string");
  parts.query = Object.keys(query?.properties ?? {});
  const body = objectPart(route, "body");
  for (const [name, schema] of Object.entries(body?.properties ?? {})) add(name, schema, body!.required?.includes(name) ?? false, "the body");
  parts.body = Object.keys(body?.properties ?? {});
  parts.hasBody = body !== null && parts.body.length > 0;

  const input: ObjectSchema = { type: "object", properties, additionalProperties: false };
  if (required.length > 0) input.required = required;
  // An update body needs at least one field: counted beside the path parameters, which are always there.
  if (body?.minProperties) input.minProperties = body.minProperties + Object.keys(parts.params).length;
  // A rule the body states as a whole ("At least one of email, first_name and last_name.") stays with the input.
  if (typeof body?.description === "string") input.description = body.description;
  const access = method === "GET" ? "read" : "write";
  const permission = route.config?.permission;
  const reason = route.config?.approval;
  const tool: Tool = {
    name: toolName(operationId),
    operationId,
    method,
    path: route.url,
    resource,
    access,
    permissions: permission === undefined ? [] : typeof permission === "string" ? [permission] : [...permission],
    summary: route.schema?.summary ?? operationId,
    description: describeTool(route, input, access),
    input: Type.Unsafe<Record<string, unknown>>(input),
    response: successResponse(route),
    ...(reason ? { approval: () => reason } : {}),
    run: async () => undefined,
  };
  tool.run = run(tool, parts);
  return tool;
}

/** The route's problem, with its fields named as the tool's input names them (`input.invoice_id`, `input.amount`). */
export function asToolProblem(error: ApiError, parts: RouteParts): ApiError {
  const errors = error.extras.errors as FieldError[] | undefined;
  if (!errors) return error;
  const byParam = new Map(Object.entries(parts.params).map(([field, param]) => [param, field]));
  const renamed = errors.map((e): FieldError => {
    if (e.in === "header") return e;
    const field = e.in === "path" ? (byParam.get(e.field) ?? e.field) : e.field;
    return { in: "body", field: `input.${field}`, message: e.message };
  });
  return new ApiError(error.code, error.detail, { ...error.extras, errors: renamed });
}

/** Which captured routes are operations the registry considers: /v1, declared with an operationId, documented. */
export function isOperation(route: RouteDeclaration): boolean {
  return (
    route.url.startsWith("/v1/") && typeof route.schema?.operationId === "string" && !route.schema.hide && !route.config?.public && route.method !== "HEAD"
  );
}

/** A route the app serves (app.servedRoutes) as a declaration. */
export function declarationOf(route: ServedRoute): RouteDeclaration {
  return { method: route.method, url: route.url, config: route.config as RouteDeclaration["config"], schema: route.schema as RouteDeclaration["schema"] };
}
