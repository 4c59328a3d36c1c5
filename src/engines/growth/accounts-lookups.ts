import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/connection.ts";
import { unknownReference } from "../../platform/errors.ts";
import { accounts } from "./accounts-table.ts";

// Lookups that contacts, deals and invoices make before naming an account. They sit below every
// service (tables and platform only): those services use them instead of importing accounts-service,
// which imports contacts-service and deals-service to cascade an account's delete.

/**
 * For other resources (contacts, deals, invoices) that name an account in their
 * body: the account must exist in the caller's organization. The row is
 * share-locked so it cannot be deleted before the referring row commits.
 */
export async function requireAccount(tx: Tx, orgId: string, id: string, field = "account_id"): Promise<void> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.orgId, orgId), eq(accounts.id, id)))
    .for("share");
  if (!row) throw unknownReference(field, "account", id);
}

/**
 * The account whose domain an email's domain falls under ("ann@eu.acme.com"
 * -> the account of acme.com), the most specific domain winning.
 */
export async function accountForEmailDomain(tx: Tx, orgId: string, domain: string): Promise<string | null> {
  const query = accountForEmailDomainQuery(tx, orgId, domain);
  if (!query) return null;
  const [row] = await query;
  return row?.id ?? null;
}

/**
 * accountForEmailDomain's query (null when the domain has no parent to
 * match), for a write that carries it as a value in its own statement (see
 * createContact). It takes the same share lock on the account.
 */
export function accountForEmailDomainQuery(tx: Tx, orgId: string, domain: string) {
  const labels = domain.split(".");
  const candidates: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) candidates.push(labels.slice(i).join("."));
  if (candidates.length === 0) return null;
  return tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.orgId, orgId), inArray(accounts.domain, candidates)))
    .orderBy(sql`length(${accounts.domain}) DESC`)
    .limit(1)
    .for("share");
}
