import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/connection.ts";
import { ApiError } from "../errors.ts";
import { write, type WriteContext } from "../events/outbox.ts";
import { newId } from "../ids.ts";
import { listPage, type ListDefinition, defineList } from "../lists.ts";
import { orgs } from "../orgs/orgs-table.ts";
import { generateSecret, hashSecret, isWellFormedSecret, secretHint } from "./api-key-secret.ts";
import { apiKeys, type ApiKeyRow } from "./api-keys-table.ts";
import type { Caller } from "./caller.ts";
import { API_KEY_CHANGED, type KeyCache } from "./key-cache.ts";
import { keyReachWithin, permissionsFor, type Engine, type KeyKind } from "./permissions.ts";
import { ownedRow } from "../owned-rows.ts";

export interface ApiKeyApi {
  id: string;
  object: "api_key";
  name: string;
  kind: KeyKind;
  engines: Engine[];
  permissions: string[];
  hint: string;
  status: "active" | "revoked" | "expired";
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}

export function apiKeyToApi(row: ApiKeyRow, now: Date): ApiKeyApi {
  const status = row.revokedAt ? "revoked" : row.expiresAt && row.expiresAt <= now ? "expired" : "active";
  return {
    id: row.id,
    object: "api_key",
    name: row.name,
    kind: row.kind,
    engines: row.engines,
    permissions: permissionsFor(row.kind, row.engines),
    hint: row.hint,
    status,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export interface CreateKeyInput {
  name?: string;
  kind: KeyKind;
  engines?: Engine[];
  expiresAt?: Date | null;
}

export function validateKeyInput(input: CreateKeyInput, now: Date): ApiError | null {
  const engines = input.engines ?? [];
  if (input.kind === "engine" && engines.length === 0) {
    return new ApiError("validation_failed", "engines: an engine key needs at least one engine", {
      errors: [{ in: "body", field: "engines", message: "is required for kind engine (finance, growth, talent, agent)" }],
    });
  }
  if (input.kind !== "engine" && engines.length > 0) {
    return new ApiError("validation_failed", `engines: only engine keys name engines; a ${input.kind} key covers them all`, {
      errors: [{ in: "body", field: "engines", message: `must be empty for kind ${input.kind}` }],
    });
  }
  if (input.expiresAt && input.expiresAt <= now) {
    return new ApiError("validation_failed", "expires_at: must be in the future", {
      errors: [{ in: "body", field: "expires_at", message: "must be in the future" }],
    });
  }
  return null;
}

export async function createApiKey(db: Db, ctx: WriteContext, input: CreateKeyInput): Promise<{ key: ApiKeyApi; secret: string }> {
  const problem = validateKeyInput(input, ctx.now);
  if (problem) throw problem;
  const secret = generateSecret();
  const row = await write(db, ctx, async (tx, emit) => {
    const [created] = await tx
      .insert(apiKeys)
      .values({
        orgId: ctx.orgId,
        id: newId("apiKey"),
        name: input.name ?? `${input.kind} key`,
        kind: input.kind,
        engines: [...new Set(input.engines ?? [])],
        secretHash: hashSecret(secret),
        hint: secretHint(secret),
        createdAt: ctx.now,
        expiresAt: input.expiresAt ?? null,
      })
      .returning();
    emit({ type: "api_key.created", object: apiKeyToApi(created!, ctx.now) });
    return created!;
  });
  return { key: apiKeyToApi(row, ctx.now), secret };
}

/** `revocation` (see Revocations) names this revocation in the NOTIFY, so every process's eviction can be confirmed. */
export async function revokeApiKey(
  db: Db,
  ctx: WriteContext,
  id: string,
  revocation?: string,
): Promise<ApiKeyApi & { secretHash: string; revokedNow: boolean }> {
  let revokedNow = false;
  const row = await write(db, ctx, async (tx, emit) => {
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: ctx.now })
      .where(and(eq(apiKeys.orgId, ctx.orgId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning();
    revokedNow = !!revoked;
    if (revoked) {
      emit({ type: "api_key.revoked", object: apiKeyToApi(revoked, ctx.now) });
      // Delivered on commit to every process holding the key in its cache.
      await tx.execute(sql`SELECT pg_notify(${API_KEY_CHANGED}, ${revocation ? `${revoked.secretHash} ${revocation}` : revoked.secretHash})`);
      return revoked;
    }
    // Revoking twice is not an error: the key is revoked either way.
    return ownedRow(tx, apiKeys, ctx.orgId, id, "API key");
  });
  return { ...apiKeyToApi(row, ctx.now), secretHash: row.secretHash, revokedNow };
}

/**
 * Rolling: a new key with the same name, kind and engines now, and the old one
 * expiring after `graceMs` (0: at once), so a deployment can switch keys
 * without a moment when neither works. An old key already due to expire
 * sooner keeps its earlier expiry; a revoked or expired key cannot be rolled.
 */
export async function rollApiKey(
  db: Db,
  ctx: WriteContext,
  id: string,
  graceMs: number,
  revocation?: string,
): Promise<{ key: ApiKeyApi; secret: string; rolled: ApiKeyApi; rolledHash: string }> {
  const secret = generateSecret();
  return write(db, ctx, async (tx, emit) => {
    const old = await ownedRow(tx, apiKeys, ctx.orgId, id, "API key", "update");
    const status = apiKeyToApi(old, ctx.now).status;
    if (status !== "active") throw new ApiError("conflict", `The API key ${id} is ${status}; only an active key can be rolled.`);
    const due = new Date(ctx.now.getTime() + graceMs);
    const [rolled] = await tx
      .update(apiKeys)
      .set({ expiresAt: old.expiresAt && old.expiresAt < due ? old.expiresAt : due })
      .where(and(eq(apiKeys.orgId, ctx.orgId), eq(apiKeys.id, id)))
      .returning();
    const [created] = await tx
      .insert(apiKeys)
      .values({
        orgId: ctx.orgId,
        id: newId("apiKey"),
        name: old.name,
        kind: old.kind,
        engines: old.engines,
        secretHash: hashSecret(secret),
        hint: secretHint(secret),
        createdAt: ctx.now,
        expiresAt: old.expiresAt && old.expiresAt > due ? old.expiresAt : null,
      })
      .returning();
    emit({ type: "api_key.created", object: apiKeyToApi(created!, ctx.now) });
    emit({ type: "api_key.rolled", object: apiKeyToApi(rolled!, ctx.now), previous: { expires_at: old.expiresAt?.toISOString() ?? null } });
    // Cached callers hold the old expiry: every process drops its entry on commit.
    await tx.execute(sql`SELECT pg_notify(${API_KEY_CHANGED}, ${revocation ? `${old.secretHash} ${revocation}` : old.secretHash})`);
    return { key: apiKeyToApi(created!, ctx.now), secret, rolled: apiKeyToApi(rolled!, ctx.now), rolledHash: old.secretHash };
  });
}

/**
 * A key for work that outlives a request: an edge function reads with the
 * permissions of the key that deployed it, long after the deploy. A key's
 * caller is that key; a signed-in member gets a key of their own, made on
 * first need ("Dashboard deploys: <email>", of the member's kind), listed and
 * revocable like any other, whose secret nobody ever sees.
 */
export async function standingCaller(db: Db, ctx: WriteContext, caller: Caller): Promise<Caller> {
  // A standing key would outlive the OAuth grant (and its revocation): apps deploy no functions.
  if (caller.oauth) {
    throw new ApiError(
      "insufficient_permission",
      "An OAuth token cannot deploy functions: a function keeps acting with its deployer's permissions after the grant ends. Deploy with an API key or from the dashboard.",
      { required_permission: "functions:manage" },
    );
  }
  if (!caller.member) return caller;
  const name = `Dashboard deploys: ${caller.member.email}`;
  const reach = keyReachWithin(caller.permissions);
  const find = async () => {
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.orgId, ctx.orgId), eq(apiKeys.name, name), eq(apiKeys.kind, reach.kind), isNull(apiKeys.revokedAt), isNull(apiKeys.expiresAt)))
      .limit(1);
    return row;
  };
  let row = await find();
  if (!row) {
    await createApiKey(db, ctx, { name, kind: reach.kind, engines: reach.engines });
    row = (await find())!;
  }
  return { org: caller.org, key: row, permissions: new Set(permissionsFor(row.kind, row.engines)) };
}

/** Revocation by id alone, for the CLI, which knows no organization (so not ownedRow). */
export async function findKeyOrg(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ orgId: apiKeys.orgId }).from(apiKeys).where(eq(apiKeys.id, id));
  return row?.orgId;
}

export const apiKeyList: ListDefinition = defineList({
  table: apiKeys,
  tiebreak: apiKeys.id,
  filters: {
    kind: { kind: "enum", column: apiKeys.kind, values: ["read_only", "engine", "full_access"] },
    created_at: { kind: "datetime", column: apiKeys.createdAt },
  },
  sorts: { created_at: apiKeys.createdAt, name: apiKeys.name },
  defaultSort: "-created_at",
});

export async function listApiKeys(db: Db, orgId: string, query: Record<string, unknown>, now: Date) {
  return listPage(db, apiKeyList.spec, apiKeyList.parse(orgId, query, now), (row: ApiKeyRow) => apiKeyToApi(row, now));
}

// last_used_at is written at most this often per key, so reads do not turn into writes.
const LAST_USED_RESOLUTION_MS = 60_000;

function refuseUnusable(key: ApiKeyRow, now: Date): void {
  if (key.revokedAt) throw new ApiError("api_key_revoked", `The API key ${key.id} was revoked at ${key.revokedAt.toISOString()}.`);
  if (key.expiresAt && key.expiresAt <= now) {
    throw new ApiError("api_key_expired", `The API key ${key.id} expired at ${key.expiresAt.toISOString()}.`);
  }
}

/**
 * Key id -> caller, for work done with a key's permissions but without its
 * secret (an edge function reads with the key that deployed it). Revoked and
 * expired keys are refused as they are for requests.
 */
export async function callerForKeyId(db: Db, keyId: string, now: Date, cache: KeyCache): Promise<Caller> {
  let caller = cache.getById(keyId, now.getTime());
  if (!caller) {
    const [found] = await db.select({ key: apiKeys, org: orgs }).from(apiKeys).innerJoin(orgs, eq(orgs.id, apiKeys.orgId)).where(eq(apiKeys.id, keyId));
    if (!found) throw new ApiError("invalid_api_key", `The API key ${keyId} no longer exists.`);
    caller = { org: found.org, key: found.key, permissions: new Set(permissionsFor(found.key.kind, found.key.engines)) };
    cache.set(found.key.secretHash, caller, now.getTime());
  }
  refuseUnusable(caller.key, now);
  return caller;
}

/**
 * Secret -> caller. A malformed secret is refused before any database work; a
 * known key comes from the cache (see KeyCache for why that stays exact); a
 * revoked or expired key is refused at once.
 */
export async function authenticate(db: Db, secret: string, now: Date, cache: KeyCache): Promise<Caller> {
  const hash = hashSecret(secret);
  let caller = cache.get(hash, now.getTime());
  if (!caller) {
    // Checked only here: a cached caller's secret was well formed when it was cached (same hash, same secret),
    // so a request with a known key costs one hash, not two.
    if (!isWellFormedSecret(secret)) {
      throw new ApiError("invalid_api_key", "The API key is not valid. Check that it was copied whole.");
    }
    const [found] = await db.select({ key: apiKeys, org: orgs }).from(apiKeys).innerJoin(orgs, eq(orgs.id, apiKeys.orgId)).where(eq(apiKeys.secretHash, hash));
    if (!found) throw new ApiError("invalid_api_key", "The API key is not valid.");
    caller = { org: found.org, key: found.key, permissions: new Set(permissionsFor(found.key.kind, found.key.engines)) };
    cache.set(hash, caller, now.getTime());
  }
  const { key } = caller;
  refuseUnusable(key, now);
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.orgId, key.orgId),
          eq(apiKeys.id, key.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS))),
        ),
      );
    key.lastUsedAt = now;
  }
  return caller;
}
