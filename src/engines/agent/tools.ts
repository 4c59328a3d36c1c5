import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { TSchema } from "typebox";
import type { ValidateFunction } from "ajv";
import { CONTEXT_HEADER, requirePermissions, type ContextGrants, type RequestOrigin } from "../../platform/auth/auth-hook.ts";
import type { Caller } from "../../platform/auth/caller.ts";
import type { Permission } from "../../platform/auth/permissions.ts";
import { ApiError, ERROR_CODES, type ErrorCode } from "../../platform/errors.ts";
import type { WriteContext } from "../../platform/events/outbox.ts";
import { fieldErrors, validatorCompiler } from "../../platform/validation.ts";
import { COMPOSITE_TOOLS, STORED_NAMES } from "./composite-tools.ts";
import type { ServedRoute } from "../../platform/http.ts";
import { asToolProblem, declarationOf, exclusionOf, isOperation, toolFromRoute, type RouteDeclaration, type RouteParts } from "./route-tools.ts";

/**
 * The agent's tools: one registry generated from the route table
 * (route-tools.ts), plus a few composite tools written on top of it
 * (composite-tools.ts). The offline planner, real models (as function
 * definitions) and MCP clients all use it. A tool runs as a request to its
 * own route, made in-process (app.inject) as the caller through a one-time
 * pass that also carries the request it serves and the conversation that
 * asked: validation, the permission guard, tenancy, rate limits, events and
 * idempotency are the API's, and the engine's events name the conversation.
 */

export { BULK_APPROVAL_THRESHOLD } from "./composite-tools.ts";

export type ToolMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** What a tool runs with. */
export interface ToolRun {
  caller: Caller;
  origin: RequestOrigin;
  /** A request to the API as the caller; answers the response body, or throws the route's problem as an ApiError. */
  request(request: { method: ToolMethod; url: string; query?: Record<string, string>; body?: unknown }): Promise<unknown>;
  /** Calls another tool (validated, authorized) for the same caller and origin: composite tools are built from generated ones. */
  call(name: string, input: Record<string, unknown>): Promise<unknown>;
}

export interface Tool {
  /** The operationId in snake_case (`pay_invoice`). */
  name: string;
  operationId: string;
  method: ToolMethod;
  /** The route's path template (`/v1/invoices/:id/pay`); a composite tool's main operation's. */
  path: string;
  /** Singular noun of the path's first segment after /v1 (`invoice`, `snapshot`). */
  resource: string;
  /** read tools (GET) change nothing. */
  access: "read" | "write";
  /** Every permission the call needs, checked when it is planned and again when it runs (by the route's guard). */
  permissions: readonly Permission[];
  summary: string;
  /** What a model reads to pick the tool: summary, description, the input's fields and accepted values. */
  description: string;
  /** JSON Schema (TypeBox) of the input: the route's path parameters, query string and body in one object. */
  input: TSchema;
  /** The route's success response schema. */
  response?: TSchema;
  /** Why this call needs a person's approval first (destroys data or money, or changes many records), or null. */
  approval?: (input: Record<string, unknown>) => string | null;
  /** Written by hand on top of the generated tools (which it calls), not generated from one route. */
  composite?: boolean;
  run(run: ToolRun, input: Record<string, unknown>): Promise<unknown>;
}

export interface ToolRegistryDeps {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  grants: ContextGrants;
}

/** Why an operation of the served route table is not a tool (route-tools.ts NOT_TOOLS). */
export interface ServedOperation {
  method: string;
  url: string;
  operationId: string;
  tool: string | null;
  excluded: string | null;
}

const PROBLEM_MEMBERS = new Set(["type", "title", "status", "detail", "code", "request_id"]);

/** A route's problem body, back into the ApiError it was made from. */
function problemError(status: number, text: string): ApiError {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON: described by the status alone
  }
  const code = (typeof body.code === "string" && body.code in ERROR_CODES ? body.code : status === 404 ? "not_found" : "internal_error") as ErrorCode;
  const extras = Object.fromEntries(Object.entries(body).filter(([key]) => !PROBLEM_MEMBERS.has(key)));
  return new ApiError(code, typeof body.detail === "string" ? body.detail : `The operation answered ${status}.`, extras);
}

/** The tools, generated when the app is ready from the routes it serves. */
export class ToolRegistry {
  private operations: RouteDeclaration[] = [];
  private tools: Tool[] = [];
  private readonly byName = new Map<string, Tool>();

  constructor(private readonly deps: ToolRegistryDeps) {}

  /** Builds the tools from the served routes (app.servedRoutes); throws when an input cannot be merged (the app does not start). */
  seal(routes: readonly ServedRoute[]): void {
    this.operations = routes.map(declarationOf).filter(isOperation);
    const generated = this.operations
      .filter((route) => exclusionOf({ url: route.url, operationId: route.schema!.operationId! }) === null)
      .map((route) => toolFromRoute(route, (tool, parts) => (run, input) => runRoute(tool, parts, run, input)));
    const tools = [...generated, ...COMPOSITE_TOOLS];
    this.byName.clear();
    for (const tool of tools) {
      if (this.byName.has(tool.name)) throw new Error(`Two tools are named ${tool.name}.`);
      this.byName.set(tool.name, tool);
    }
    for (const [old, name] of Object.entries(STORED_NAMES)) {
      if (!this.byName.has(name)) throw new Error(`The stored tool name ${old} stands for ${name}, which is not a tool.`);
    }
    this.tools = tools;
  }

  get all(): readonly Tool[] {
    return this.tools;
  }

  /** Every /v1 operation the app serves, with the tool it became or why it did not. */
  served(): ServedOperation[] {
    return this.operations.map((route) => {
      const operationId = route.schema!.operationId!;
      const excluded = exclusionOf({ url: route.url, operationId });
      const name = this.tools.find((t) => !t.composite && t.operationId === operationId)?.name ?? null;
      return { method: route.method, url: route.url, operationId, tool: excluded ? null : name, excluded };
    });
  }

  find(name: string): Tool {
    const tool = this.byName.get(name);
    if (!tool) throw new ApiError("unprocessable", `There is no tool named "${name}".`, { errors: [{ in: "body", field: "tool", message: "names no tool" }] });
    return tool;
  }

  /** A tool by the name an action was stored under: today's names, and those of the hand-written tools before the registry. */
  findStored(name: string): Tool {
    return this.find(STORED_NAMES[name] ?? name);
  }

  /** The tools a caller may use: those whose every permission it holds. */
  for(caller: Caller): Tool[] {
    return this.tools.filter((t) => t.permissions.every((p) => caller.permissions.has(p)));
  }

  /** Authorizes (again, at the moment it runs) and runs one call of a tool on validated input. */
  async run(tool: Tool, caller: Caller, ctx: WriteContext, input: Record<string, unknown>): Promise<unknown> {
    requirePermissions(caller, tool.permissions);
    return tool.run(this.runner(caller, originOf(ctx)), input);
  }

  private runner(caller: Caller, origin: RequestOrigin): ToolRun {
    const run: ToolRun = {
      caller,
      origin,
      request: (request) => this.request(caller, origin, request),
      call: async (name, input) => {
        const tool = this.find(name);
        requirePermissions(caller, tool.permissions);
        return tool.run(run, validateToolInput(tool, input));
      },
    };
    return run;
  }

  private async request(caller: Caller, origin: RequestOrigin, request: Parameters<ToolRun["request"]>[0]): Promise<unknown> {
    const pass = this.deps.grants.grant(caller, origin);
    const headers: Record<string, string> = { [CONTEXT_HEADER]: pass };
    // Logs of the tool's request carry the id of the request it serves.
    if (origin.requestId) headers["x-request-id"] = origin.requestId;
    let response: LightMyRequestResponse;
    try {
      response = await this.deps.inject({
        method: request.method,
        url: request.url,
        headers,
        ...(request.query ? { query: request.query } : {}),
        ...(request.body !== undefined ? { payload: request.body as object } : {}),
      });
    } finally {
      // A request refused before authentication never took its pass: it must not outlive the call.
      this.deps.grants.take(pass);
    }
    if (response.statusCode >= 400) throw problemError(response.statusCode, response.body);
    return response.body ? (JSON.parse(response.body) as unknown) : null;
  }
}

/** The request a write context was made for, as the pass of a tool's request carries it. */
function originOf(ctx: WriteContext): RequestOrigin {
  const origin: RequestOrigin = { requestId: ctx.requestId, idempotencyKey: ctx.idempotencyKey, idempotencyClaim: ctx.idempotencyClaim ?? null };
  if (ctx.conversationId) origin.conversationId = ctx.conversationId;
  return origin;
}

/** A generated tool's call: its input split back into the route's path, query string and body. */
async function runRoute(tool: Tool, parts: RouteParts, run: ToolRun, input: Record<string, unknown>): Promise<unknown> {
  let url = tool.path;
  for (const [field, param] of Object.entries(parts.params)) url = url.replace(new RegExp(`:${param}(?=/|$)`), encodeURIComponent(String(input[field])));
  const query: Record<string, string> = {};
  for (const name of parts.query) if (input[name] !== undefined) query[name] = String(input[name]);
  const body = parts.hasBody ? Object.fromEntries(parts.body.filter((name) => input[name] !== undefined).map((name) => [name, input[name]])) : undefined;
  try {
    return await run.request({ method: tool.method, url, query, body });
  } catch (error) {
    if (error instanceof ApiError) throw asToolProblem(error, parts);
    throw error;
  }
}

const validators = new WeakMap<Tool, ValidateFunction>();

/**
 * A list filter given as an array (["open", "overdue"], as models write "any
 * of") becomes the comma list the query string takes: `status=open,overdue`.
 */
function joinLists(tool: Tool, input: Record<string, unknown>): void {
  const properties = (tool.input as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  for (const [name, value] of Object.entries(input)) {
    if (Array.isArray(value) && properties[name]?.type === "string" && value.every((v) => typeof v === "string" || typeof v === "number"))
      input[name] = value.join(",");
  }
}

/**
 * Checks a tool's input against its schema: a read's as a query string (text
 * coerced, as GET would: list filters typed as text work), a write's as a
 * JSON body (types exact). The problem names the field as `input.<field>`.
 */
export function validateToolInput(tool: Tool, input: unknown): Record<string, unknown> {
  let validate = validators.get(tool);
  if (!validate) {
    const httpPart = tool.access === "read" ? "querystring" : "body";
    validate = validatorCompiler({ schema: tool.input, httpPart, method: "POST", url: `/tools/${tool.name}` }) as ValidateFunction;
    validators.set(tool, validate);
  }
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw new ApiError("validation_failed", `input: the ${tool.name} tool takes an object`, {
      errors: [{ in: "body", field: "input", message: "must be object" }],
    });
  }
  // Validation may coerce and fill defaults: it works on a copy.
  const copy = structuredClone(input) as Record<string, unknown>;
  if (tool.access === "read") joinLists(tool, copy);
  if (validate(copy)) return copy;
  // Under "/input", so a field named like the whole (body) is still named: input.body, and the whole is input.
  const errors = fieldErrors(
    (validate.errors ?? []).map((e) => ({ ...e, instancePath: `/input${e.instancePath}` })),
    "body",
  );
  const detail = errors.length === 1 ? `${tool.name}: ${errors[0]!.field}: ${errors[0]!.message}` : `${tool.name}: ${errors.length} input fields are invalid.`;
  throw new ApiError("validation_failed", detail, { errors });
}
