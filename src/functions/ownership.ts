import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../db/connection.ts";
import { apiKeys } from "../platform/auth/api-keys-table.ts";
import { callerDescription } from "../platform/auth/auth-hook.ts";
import type { Caller } from "../platform/auth/caller.ts";
import { permissionsFor, type Permission } from "../platform/auth/permissions.ts";
import { ApiError } from "../platform/errors.ts";
import type { FunctionRow, FunctionVersionRow } from "./functions-table.ts";

/**
 * Who may change a function. A version runs with its deployer key's
 * permissions (ctx reads, event triggers) and with secrets that key set or
 * carried over; whoever changes the function decides what runs next with
 * them. So a caller may deploy over, roll back or delete only versions whose
 * deployer's permissions its own include: the live version (a new version
 * keeps its secrets), the version made live (it runs again with its key), and
 * for a delete every version (all are destroyed). A revoked deployer key
 * still counts (the secrets it set are no less its own); a missing one counts
 * as full access.
 */
export async function requireCovers(
  tx: Db | Tx,
  caller: Caller,
  fn: FunctionRow,
  versions: readonly Pick<FunctionVersionRow, "version" | "deployedBy">[],
  action: string,
): Promise<void> {
  const ids = [...new Set(versions.map((v) => v.deployedBy))];
  const rows = await tx
    .select({ id: apiKeys.id, kind: apiKeys.kind, engines: apiKeys.engines })
    .from(apiKeys)
    .where(and(eq(apiKeys.orgId, fn.orgId), inArray(apiKeys.id, ids)));
  const byId = new Map(rows.map((k) => [k.id, k]));
  for (const version of versions) {
    const key = byId.get(version.deployedBy) ?? { id: version.deployedBy, kind: "full_access" as const, engines: [] };
    const missing = permissionsFor(key.kind, key.engines).filter((p: Permission) => !caller.permissions.has(p));
    if (missing.length === 0) continue;
    const reach = key.kind === "engine" ? `engine: ${key.engines.join(", ") || "none"}` : key.kind;
    throw new ApiError(
      "insufficient_permission",
      `The function ${fn.name}'s version ${version.version} runs with the permissions of the key ${key.id} (${reach}). ${callerDescription(caller)} lacks ${missing.join(", ")}, so it may not ${action}: whoever changes a function decides what runs with its deployer's permissions and secrets, and its logs hold what it read with them. Use a key that holds them.`,
      { required_permission: missing[0], missing_permissions: missing, function_version: version.version, deployed_by: key.id },
    );
  }
}
