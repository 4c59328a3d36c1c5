import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/connection.ts";
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
 * In the write's own transaction: marks the record "effect committed", and
 * only if this request still holds it. A request whose record was taken over
 * (it ran so long it looked dead) rolls back instead of committing a second
 * effect beside the retry's. The row lock this update takes also orders it
 * against a concurrent takeover: one of the two wins, never both.
 */
export async function confirmClaim(tx: Tx, orgId: string, claim: IdempotencyClaim, now: Date): Promise<void> {
  refuseUnlessHeld((await claimUpdate(tx, orgId, claim, now)).length > 0);
}

/** The UPDATE confirmClaim runs, for a statement that carries it with other work (the outbox's). */
export function claimUpdate(tx: Tx, orgId: string, claim: IdempotencyClaim, now: Date) {
  return tx
    .update(idempotencyKeys)
    .set({ committedAt: now })
    .where(and(eq(idempotencyKeys.orgId, orgId), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.createdAt, claim.claimedAt)))
    .returning({ key: idempotencyKeys.key });
}

/** Throws (rolling the write back) when the claim's update found the record no longer this request's. */
export function refuseUnlessHeld(held: boolean): void {
  if (!held) {
    throw new ApiError("idempotency_key_in_progress", "A retry with this Idempotency-Key took this request over; this attempt changed nothing.");
  }
}
