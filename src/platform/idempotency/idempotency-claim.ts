import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { encoded } from "../../db/statements.ts";
import { sqlState } from "../../db/errors.ts";
import { ApiError } from "../errors.ts";
import { idempotencyKeys } from "./idempotency-table.ts";

/**
 * The idempotency record a request holds, as the request context carries it
 * to write(). `claimedAt` is the record's created_at when this request took
 * it: a fencing token, since a takeover of the record rewrites it.
 */
export interface IdempotencyClaim {
  key: string;
  claimedAt: Date;
}

/**
 * In the write's own transaction, carried by its last statement (the
 * outbox's): marks the record "effect committed", and only if this request
 * still holds it (claimHeld fails the statement otherwise). A request whose
 * record was taken over (it ran so long it looked dead) rolls back instead of
 * committing a second effect beside the retry's. The row lock this update
 * takes also orders it against a concurrent takeover: one of the two wins,
 * never both.
 */
export function claimUpdate(db: Db | Tx) {
  // Its values are placeholders named as claimValues names them: the statement carrying it is built once (db/statements.ts).
  const p = {
    orgId: sql.placeholder("orgId"),
    claimKey: sql.placeholder("claimKey"),
    claimedAt: sql.placeholder("claimedAt"),
    claimNow: sql.placeholder("claimNow"),
  };
  return db
    .update(idempotencyKeys)
    .set({ committedAt: encoded(idempotencyKeys.committedAt, p.claimNow) })
    .where(
      and(
        eq(idempotencyKeys.orgId, p.orgId),
        eq(idempotencyKeys.key, p.claimKey),
        eq(idempotencyKeys.createdAt, encoded(idempotencyKeys.createdAt, p.claimedAt)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
}

/** The values of claimUpdate's placeholders. */
export function claimValues(orgId: string, claim: IdempotencyClaim, now: Date) {
  return { orgId, claimKey: claim.key, claimedAt: claim.claimedAt, claimNow: now };
}

/** The SQLSTATE of a statement that found the claim no longer its request's (see claimHeld). */
const CLAIM_LOST = "EI001";

/**
 * claimUpdate's verdict inside the statement that carries it (`claimed` names
 * its CTE): the statement fails when the record is no longer this request's,
 * so a write whose COMMIT was sent right behind it rolls back (see
 * lastStatement in db/connection.ts). claimLost recognizes the failure.
 */
export function claimHeld(claimed: SQL): SQL {
  return sql`enginery_require(EXISTS (SELECT 1 FROM ${claimed}), ${sql.raw(`'${CLAIM_LOST}'`)}, 'the idempotency record was taken over by a retry')`;
}

/** The error a write with a lost claim answers with, if `error` is claimHeld's failure; otherwise `error` itself. */
export function claimLost(error: unknown): unknown {
  if (sqlState(error) !== CLAIM_LOST) return error;
  return new ApiError("idempotency_key_in_progress", "A retry with this Idempotency-Key took this request over; this attempt changed nothing.");
}
