/*
 * Functions' services take (db, ctx, ...) as the engines' do. A deploy also
 * takes the sandbox (DeploySandbox: the worker pool that loads a version
 * before it is saved, and the box that seals its secrets), as an explicit
 * last argument: it is neither the database nor the caller's context. The
 * invoker (invoker.ts) and the trigger dispatcher stay factories: they hold
 * state (loaded functions, gates, batched logs, a claim loop).
 */
import { and, desc, eq, getTableColumns, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/connection.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { rowsOf } from "../db/rows.ts";
import type { Caller } from "../platform/auth/caller.ts";
import { ApiError, invalidField, notFound } from "../platform/errors.ts";
import { apiKeys } from "../platform/auth/api-keys-table.ts";
import { permissionsFor, type Permission } from "../platform/auth/permissions.ts";
import { orgs, type OrgRow } from "../platform/orgs/orgs-table.ts";
import { checkEventPatterns, matchEventTypes } from "../platform/events/catalog.ts";
import { accessOf, requireSubscribable } from "../platform/auth/access.ts";
import { write, type WriteContext } from "../platform/events/outbox.ts";
import { isId, newId } from "../platform/ids.ts";
import { defineList, listPage, type ExtraCondition, type Page } from "../platform/lists.ts";
import { compile, DEFAULT_FILENAME, sourceError, type Compiled } from "./compile.ts";
import { sourceMapper } from "./source-map.ts";
import { requireCovers } from "./ownership.ts";
import {
  DEFAULT_LIMITS,
  PLAN_FUNCTION_LIMITS,
  type DeployFunctionInput,
  type DeployVersionInput,
  type FunctionApi,
  type FunctionVersionApi,
  type InvocationApi,
} from "./functions-schemas.ts";
import {
  functionInvocations,
  functionRuns,
  functions,
  functionVersions,
  INVOCATION_TRIGGERS,
  type FunctionRow,
  type FunctionVersionRow,
  type InvocationRow,
} from "./functions-table.ts";
import type { Pool } from "./runtime/pool.ts";
import { INVOCATION_STATUSES } from "./runtime/protocol.ts";
import type { SecretBox } from "./secrets.ts";

/** Announced on every deploy, rollback and delete, so every API process drops its cached copy. */
export const FUNCTION_CHANGED = "enginery_function_changed";

/** What a deploy needs besides the database: the pool that loads the new version before it is saved, and the box that seals its secrets. */
export interface DeploySandbox {
  pool: Pick<Pool, "check">;
  box: SecretBox;
}

export function functionToApi(fn: FunctionRow, version: FunctionVersionRow): FunctionApi {
  return {
    id: fn.id,
    object: "function",
    name: fn.name,
    active_version: fn.activeVersion,
    latest_version: fn.latestVersion,
    ...versionFields(version),
    invoke_path: `/v1/functions/${fn.name}/invoke`,
    created_at: fn.createdAt.toISOString(),
    updated_at: fn.updatedAt.toISOString(),
  };
}

function versionFields(v: FunctionVersionRow) {
  return {
    version: v.version,
    sha256: v.sha256,
    source_bytes: Buffer.byteLength(v.source, "utf8"),
    filename: v.filename,
    env: v.env,
    secret_names: v.secretNames,
    triggers: { http: v.httpTrigger, events: v.eventTriggers },
    limits: v.limits,
    deployed_by: v.deployedBy,
  };
}

export function versionToApi(v: FunctionVersionRow, activeVersion: number): FunctionVersionApi {
  return {
    object: "function_version",
    function_id: v.functionId,
    ...versionFields(v),
    active: v.version === activeVersion,
    created_at: v.createdAt.toISOString(),
  };
}

export function invocationToApi(row: InvocationRow, name: string): InvocationApi {
  return {
    id: row.id,
    object: "function_invocation",
    function_id: row.functionId,
    function_name: name,
    version: row.version,
    trigger: row.trigger,
    event_id: row.eventId,
    run_id: row.runId,
    method: row.method,
    response_status: row.responseStatus,
    status: row.status,
    error: row.errorName === null ? null : { name: row.errorName, message: row.errorMessage ?? "", stack: row.errorStack },
    started_at: row.startedAt.toISOString(),
    duration_ms: row.durationMs,
    cpu_ms: row.cpuMs,
    logs: row.logs,
    logs_truncated: row.logsTruncated,
    request_id: row.requestId,
  };
}

const byNameOrId = (nameOrId: string) => (isId("function", nameOrId) ? eq(functions.id, nameOrId) : eq(functions.name, nameOrId));
const functionNotFound = (nameOrId: string) =>
  isId("function", nameOrId) ? notFound("function", nameOrId) : new ApiError("not_found", `No function named ${nameOrId}.`);

/** The organization's function by name (or fn_ id); 404 otherwise, another organization's included. */
export async function findFunction(db: Db | Tx, orgId: string, nameOrId: string, lock?: "update"): Promise<FunctionRow> {
  const query = db
    .select()
    .from(functions)
    .where(and(eq(functions.orgId, orgId), byNameOrId(nameOrId)));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw functionNotFound(nameOrId);
  return row;
}

/** A version as it runs: without its source and source map (up to a megabyte each), which running never needs. */
export type LiveVersion = Omit<FunctionVersionRow, "source" | "sourceMap">;
const { source: _source, sourceMap: _sourceMap, ...liveVersionColumns } = getTableColumns(functionVersions);

type Live = { fn: FunctionRow; version: LiveVersion; org: OrgRow };

function liveQuery(db: Db, by: "id" | "name") {
  return db
    .select({ fn: functions, version: liveVersionColumns, org: orgs })
    .from(functions)
    .innerJoin(
      functionVersions,
      and(eq(functionVersions.orgId, functions.orgId), eq(functionVersions.functionId, functions.id), eq(functionVersions.version, functions.activeVersion)),
    )
    .innerJoin(orgs, eq(orgs.id, functions.orgId))
    .where(and(eq(functions.orgId, sql.placeholder("org")), eq(functions[by], sql.placeholder("key"))))
    .prepare(`find_live_by_${by}_${++liveCount}`);
}

// Prepared once per database handle: on a cold invoke, building this SQL cost more than running it.
const liveByDb = new WeakMap<Db, Record<"id" | "name", ReturnType<typeof liveQuery>>>();
let liveCount = 0;

/**
 * The function, its active version and its organization, in one statement
 * (one round trip, one snapshot: a delete is seen whole or not at all); the
 * same 404 as findFunction.
 */
export async function findLive(db: Db, orgId: string, nameOrId: string): Promise<Live> {
  let queries = liveByDb.get(db);
  if (!queries) liveByDb.set(db, (queries = { id: liveQuery(db, "id"), name: liveQuery(db, "name") }));
  const [row] = await queries[isId("function", nameOrId) ? "id" : "name"].execute({ org: orgId, key: nameOrId });
  if (!row) throw functionNotFound(nameOrId);
  return row;
}

/** A version's source map, read when an error or a log line needs positions in the customer's file. */
export async function findSourceMap(db: Db, version: Pick<FunctionVersionRow, "orgId" | "functionId" | "version">): Promise<string | null> {
  const [row] = await db
    .select({ sourceMap: functionVersions.sourceMap })
    .from(functionVersions)
    .where(and(eq(functionVersions.orgId, version.orgId), eq(functionVersions.functionId, version.functionId), eq(functionVersions.version, version.version)));
  return row?.sourceMap ?? null;
}

export async function findVersion(db: Db | Tx, fn: FunctionRow, version: number): Promise<FunctionVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(functionVersions)
    .where(and(eq(functionVersions.orgId, fn.orgId), eq(functionVersions.functionId, fn.id), eq(functionVersions.version, version)));
  return row;
}

async function activeVersion(db: Db | Tx, fn: FunctionRow): Promise<FunctionVersionRow> {
  const row = await findVersion(db, fn, fn.activeVersion);
  if (!row) throw new Error(`function ${fn.id} has no version ${fn.activeVersion}`);
  return row;
}

/** One statement, so a DELETE committing between two reads cannot leave the function without its version. */
export async function getFunction(db: Db, orgId: string, nameOrId: string): Promise<FunctionApi> {
  const [row] = await db
    .select({ fn: functions, version: functionVersions })
    .from(functions)
    .innerJoin(
      functionVersions,
      and(eq(functionVersions.orgId, functions.orgId), eq(functionVersions.functionId, functions.id), eq(functionVersions.version, functions.activeVersion)),
    )
    .where(and(eq(functions.orgId, orgId), byNameOrId(nameOrId)));
  if (!row) throw functionNotFound(nameOrId);
  return functionToApi(row.fn, row.version);
}

export const functionList = defineList({
  table: functions,
  tiebreak: functions.id,
  filters: {
    name: { kind: "text", column: functions.name },
    created_at: { kind: "datetime", column: functions.createdAt },
    updated_at: { kind: "datetime", column: functions.updatedAt },
  },
  sorts: { created_at: functions.createdAt, updated_at: functions.updatedAt, name: functions.name },
  defaultSort: "-created_at",
  search: [functions.name],
});

export async function listFunctions(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<FunctionApi>> {
  const page = await listPage(db, functionList.spec, functionList.parse(orgId, query, now), (row: FunctionRow) => row);
  if (page.data.length === 0) return { ...page, data: [] };
  const versions = await db
    .select()
    .from(functionVersions)
    .where(
      and(
        eq(functionVersions.orgId, orgId),
        or(...page.data.map((fn) => and(eq(functionVersions.functionId, fn.id), eq(functionVersions.version, fn.activeVersion)))),
      ),
    );
  const byFunction = new Map(versions.map((v) => [v.functionId, v]));
  // A function deleted between the page's read and its versions' is left out, as a list read a moment later would.
  const data = page.data.flatMap((fn) => {
    const version = byFunction.get(fn.id);
    return version ? [functionToApi(fn, version)] : [];
  });
  return { ...page, data };
}

export async function listVersions(db: Db, orgId: string, nameOrId: string): Promise<Page<FunctionVersionApi>> {
  const fn = await findFunction(db, orgId, nameOrId);
  const rows = await db
    .select()
    .from(functionVersions)
    .where(and(eq(functionVersions.orgId, orgId), eq(functionVersions.functionId, fn.id)))
    .orderBy(desc(functionVersions.version));
  return { data: rows.map((v) => versionToApi(v, fn.activeVersion)), meta: { total: rows.length, page: 1, per_page: rows.length } };
}

// ---- deploying ----

interface Settings {
  filename: string;
  env: Record<string, string>;
  secrets: Record<string, string>;
  http: boolean;
  events: string[];
  limits: typeof DEFAULT_LIMITS;
}

/** Limits within the plan's maxima; a 400 naming the field that asks for more. */
function checkLimits(limits: typeof DEFAULT_LIMITS, caller: Caller): void {
  const max = PLAN_FUNCTION_LIMITS[caller.org.plan];
  for (const field of ["cpu_ms", "memory_mb", "timeout_ms"] as const) {
    if (limits[field] > max[field]) throw invalidField("body", `limits.${field}`, `must be at most ${max[field]} on the ${caller.org.plan} plan`);
  }
}

/** Well-formed, but not what the code can do: a 422 naming the field. */
function unprocessable(field: string, message: string): ApiError {
  return new ApiError("unprocessable", `${field}: ${message}`, { errors: [{ in: "body", field, message }] });
}

/** Compiles the source and loads it in a sandbox: whatever fails there is a 422, and nothing is deployed. */
async function build(pool: DeploySandbox["pool"], source: string, settings: Settings): Promise<Compiled> {
  const compiled = await compile(source, settings.filename);
  const loaded = await pool.check(compiled.code, { cpuMs: settings.limits.cpu_ms, memoryMb: settings.limits.memory_mb, timeoutMs: settings.limits.timeout_ms });
  if (loaded.status !== "ok") {
    const error = loaded.error ?? { name: "Error", message: "the module failed to load" };
    // The worker saw the compiled code; the customer wrote the source.
    const at = error.line === undefined ? undefined : sourceMapper(compiled.map, settings.filename).position(error.line, error.column ?? 1);
    throw sourceError(`the module failed to load (${loaded.status}): ${error.name}: ${error.message}`, at?.line ?? error.line, at?.column ?? error.column);
  }
  if (settings.http && !loaded.handlers.includes("fetch"))
    throw unprocessable("triggers.http", "the module's default export has no fetch() handler (set triggers.http to false, or add one)");
  if (settings.events.length > 0 && !loaded.handlers.includes("event"))
    throw unprocessable("triggers.events", "the module's default export has no event() handler");
  return compiled;
}

function versionRow(box: SecretBox, ctx: WriteContext, caller: Caller, fnId: string, version: number, source: string, compiled: Compiled, s: Settings) {
  const names = Object.keys(s.secrets).sort();
  return {
    orgId: ctx.orgId,
    functionId: fnId,
    version,
    source,
    code: compiled.code,
    filename: s.filename,
    sourceMap: compiled.map,
    sha256: compiled.sha256,
    env: s.env,
    secrets: names.length > 0 ? box.seal(s.secrets) : null,
    secretNames: names,
    httpTrigger: s.http,
    eventTriggers: s.events,
    limits: s.limits,
    deployedBy: caller.key.id,
    createdAt: ctx.now,
  };
}

/**
 * The event kinds a version's triggers run on, as stored on the function for
 * the outbox's fan-out: the patterns expanded, limited to what the deployer
 * may read (accessOf: from its permissions; a deploy asking for more was
 * refused by requireSubscribable), without function.* (a failing function
 * would feed itself).
 */
function triggerKinds(patterns: readonly string[], permissions: ReadonlySet<Permission>): string[] {
  const access = accessOf(permissions);
  const kinds = new Set(patterns.flatMap(matchEventTypes).filter((kind) => access.mayReadEvent(kind) && !kind.startsWith("function.")));
  return [...kinds].sort();
}

/** The permissions a version's deployer key holds: its triggers run with them. */
async function deployerPermissions(tx: Tx, version: FunctionVersionRow): Promise<ReadonlySet<Permission>> {
  const [key] = await tx
    .select({ kind: apiKeys.kind, engines: apiKeys.engines })
    .from(apiKeys)
    .where(and(eq(apiKeys.orgId, version.orgId), eq(apiKeys.id, version.deployedBy)));
  // A key is never deleted (only revoked); should one be missing, its version triggers nothing.
  return new Set(key ? permissionsFor(key.kind, key.engines) : []);
}

const announce = (tx: Tx, fnId: string) => tx.execute(sql`SELECT pg_notify(${FUNCTION_CHANGED}, ${fnId})`);

export async function deployFunction(db: Db, ctx: WriteContext, caller: Caller, input: DeployFunctionInput, sandbox: DeploySandbox): Promise<FunctionApi> {
  const settings: Settings = {
    filename: input.filename ?? DEFAULT_FILENAME,
    env: input.env ?? {},
    secrets: withoutNulls(input.secrets ?? {}),
    http: input.triggers?.http ?? true,
    events: input.triggers?.events ?? [],
    limits: { ...DEFAULT_LIMITS, ...input.limits },
  };
  checkLimits(settings.limits, caller);
  checkEventPatterns(settings.events, "triggers.events");
  requireSubscribable(caller, settings.events, "triggers.events");
  const compiled = await build(sandbox.pool, input.source, settings);
  try {
    return await write(db, ctx, async (tx, emit) => {
      const [fn] = await tx
        .insert(functions)
        .values({
          orgId: ctx.orgId,
          id: newId("function"),
          name: input.name,
          activeVersion: 1,
          latestVersion: 1,
          eventTriggers: triggerKinds(settings.events, caller.permissions),
          createdAt: ctx.now,
          updatedAt: ctx.now,
        })
        .returning();
      const [version] = await tx
        .insert(functionVersions)
        .values(versionRow(sandbox.box, ctx, caller, fn!.id, 1, input.source, compiled, settings))
        .returning();
      const api = functionToApi(fn!, version!);
      emit({ type: "function.deployed", object: api });
      return api;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await findFunction(db, ctx.orgId, input.name);
    throw new ApiError("conflict", `A function named ${input.name} exists; deploy a new version with POST /v1/functions/${input.name}/versions.`, {
      existing_id: existing.id,
    });
  }
}

function withoutNulls(secrets: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(secrets).filter((e): e is [string, string] => e[1] !== null));
}

export async function deployVersion(
  db: Db,
  ctx: WriteContext,
  caller: Caller,
  nameOrId: string,
  input: DeployVersionInput,
  sandbox: DeploySandbox,
): Promise<FunctionApi> {
  const fn = await findFunction(db, ctx.orgId, nameOrId);
  const current = await activeVersion(db, fn);
  // Checked before compiling (a refusal costs nothing), and again under the lock below.
  await requireCovers(db, caller, fn, [current], "deploy a new version over it");
  // Secrets carry over (they cannot be read back to send again); named ones are set, null removes one.
  const secrets = { ...(current.secrets ? sandbox.box.open(current.secrets) : {}), ...input.secrets };
  const settings: Settings = {
    filename: input.filename ?? current.filename,
    env: input.env ?? current.env,
    secrets: withoutNulls(secrets),
    http: input.triggers?.http ?? current.httpTrigger,
    events: input.triggers?.events ?? current.eventTriggers,
    limits: { ...current.limits, ...input.limits },
  };
  checkLimits(settings.limits, caller);
  checkEventPatterns(settings.events, "triggers.events");
  // Triggers carried over unchanged were checked when set; their kinds are still limited to what this deployer reads.
  if (input.triggers?.events) requireSubscribable(caller, input.triggers.events, "triggers.events");
  const compiled = await build(sandbox.pool, input.source, settings);
  return write(db, ctx, async (tx, emit) => {
    const locked = await findFunction(tx, ctx.orgId, fn.id, "update");
    // Another deploy or a rollback made a different version live meanwhile: the caller must cover that one too.
    if (locked.activeVersion !== current.version) await requireCovers(tx, caller, locked, [await activeVersion(tx, locked)], "deploy a new version over it");
    const number = locked.latestVersion + 1;
    const [version] = await tx
      .insert(functionVersions)
      .values(versionRow(sandbox.box, ctx, caller, fn.id, number, input.source, compiled, settings))
      .returning();
    const [after] = await tx
      .update(functions)
      .set({ activeVersion: number, latestVersion: number, eventTriggers: triggerKinds(settings.events, caller.permissions), updatedAt: ctx.now })
      .where(and(eq(functions.orgId, ctx.orgId), eq(functions.id, fn.id)))
      .returning();
    await announce(tx, fn.id);
    const api = functionToApi(after!, version!);
    emit({ type: "function.deployed", object: api });
    return api;
  });
}

export async function rollback(db: Db, ctx: WriteContext, caller: Caller, nameOrId: string, target: number): Promise<FunctionApi> {
  return write(db, ctx, async (tx, emit) => {
    const fn = await findFunction(tx, ctx.orgId, nameOrId, "update");
    const version = await findVersion(tx, fn, target);
    if (!version) throw unprocessable("version", `${fn.name} has no version ${target} (latest is ${fn.latestVersion})`);
    // Already live: nothing changes, no event.
    if (fn.activeVersion === target) return functionToApi(fn, version);
    await requireCovers(tx, caller, fn, [await activeVersion(tx, fn), version], `make version ${target} live`);
    const [after] = await tx
      .update(functions)
      .set({ activeVersion: target, eventTriggers: triggerKinds(version.eventTriggers, await deployerPermissions(tx, version)), updatedAt: ctx.now })
      .where(and(eq(functions.orgId, ctx.orgId), eq(functions.id, fn.id)))
      .returning();
    await announce(tx, fn.id);
    const api = functionToApi(after!, version);
    emit({ type: "function.deployed", object: api, previous: { active_version: fn.activeVersion } });
    return api;
  });
}

export async function deleteFunction(db: Db, ctx: WriteContext, caller: Caller, nameOrId: string): Promise<{ id: string; object: "function"; deleted: true }> {
  return write(db, ctx, async (tx, emit) => {
    const fn = await findFunction(tx, ctx.orgId, nameOrId, "update");
    const version = await activeVersion(tx, fn);
    const owned = <T extends typeof functionVersions | typeof functionInvocations | typeof functionRuns>(table: T) =>
      and(eq(table.orgId, ctx.orgId), eq(table.functionId, fn.id));
    const versions = await tx
      .select({ version: functionVersions.version, deployedBy: functionVersions.deployedBy })
      .from(functionVersions)
      .where(owned(functionVersions));
    await requireCovers(tx, caller, fn, versions, "delete it (with every version)");
    await tx.delete(functionRuns).where(owned(functionRuns));
    await tx.delete(functionInvocations).where(owned(functionInvocations));
    await tx.delete(functionVersions).where(owned(functionVersions));
    await tx.delete(functions).where(and(eq(functions.orgId, ctx.orgId), eq(functions.id, fn.id)));
    await announce(tx, fn.id);
    emit({ type: "function.deleted", object: functionToApi(fn, version) });
    return { id: fn.id, object: "function" as const, deleted: true as const };
  });
}

// ---- invocation logs ----

export const invocationList = defineList({
  table: functionInvocations,
  tiebreak: functionInvocations.id,
  filters: {
    status: { kind: "enum", column: functionInvocations.status, values: INVOCATION_STATUSES },
    trigger: { kind: "enum", column: functionInvocations.trigger, values: INVOCATION_TRIGGERS },
    version: { kind: "integer", column: functionInvocations.version },
    event_id: { kind: "id", column: functionInvocations.eventId, idKind: "event" },
    started_at: { kind: "datetime", column: functionInvocations.startedAt },
  },
  sorts: { started_at: functionInvocations.startedAt, duration_ms: functionInvocations.durationMs, cpu_ms: functionInvocations.cpuMs },
  defaultSort: "-started_at",
});

/**
 * A function's logs and results hold what its versions read and were handed
 * (events, ctx reads) with their deployers' permissions: reading them takes
 * those permissions, as changing the function does.
 */
export async function listInvocations(db: Db, caller: Caller, nameOrId: string, query: Record<string, unknown>, now: Date): Promise<Page<InvocationApi>> {
  const orgId = caller.org.id;
  const fn = await findFunction(db, orgId, nameOrId);
  const versions = await db
    .select({ version: functionVersions.version, deployedBy: functionVersions.deployedBy })
    .from(functionVersions)
    .where(and(eq(functionVersions.orgId, orgId), eq(functionVersions.functionId, fn.id)));
  await requireCovers(db, caller, fn, versions, "read its invocation logs");
  const extra: ExtraCondition = { key: "function", condition: (bind) => eq(functionInvocations.functionId, bind(fn.id)) };
  return listPage(db, invocationList.spec, invocationList.parse(orgId, query, now, extra), (row: InvocationRow) => invocationToApi(row, fn.name));
}

/**
 * Of these functions, the ones that still exist, locked (FOR SHARE) until the
 * caller's transaction ends: logs written after a DELETE committed would
 * outlive it, so writers of invocation logs keep only these.
 */
export async function liveFunctions(tx: Tx, refs: readonly { orgId: string; functionId: string }[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const found = rowsOf<{ org_id: string; id: string }>(
    await tx.execute(sql`
      SELECT org_id, id FROM ${functions}
      WHERE (org_id, id) IN (SELECT * FROM unnest(${sql.param(refs.map((r) => r.orgId))}::text[], ${sql.param(refs.map((r) => r.functionId))}::text[]))
      ORDER BY org_id, id
      FOR SHARE`),
  );
  return new Set(found.map((f) => `${f.org_id}/${f.id}`));
}
