import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { statement, type Placeholders } from "../../db/statements.ts";
import { unknownReference } from "../../platform/errors.ts";
import { accounts } from "./accounts-table.ts";

// Lookups that contacts, deals and invoices make before naming an account. They sit below every
// service (tables and platform only): those services use them instead of importing accounts-service,
// which imports contacts-service and deals-service to cascade an account's delete.

/** Built once (db/statements.ts): every write that names an account runs it. Not ownedRow: a missing account is a 422 naming the body field. */
const shareAccount = statement((db, p: Placeholders<{ orgId: string; id: string }>) =>
  db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.orgId, p.orgId), eq(accounts.id, p.id)))
    .for("share"),
);

/**
 * For other resources (contacts, deals, invoices) that name an account in their
 * body: the account must exist in the caller's organization. The row is
 * share-locked so it cannot be deleted before the referring row commits.
 */
export async function requireAccount(tx: Tx, orgId: string, id: string, field = "account_id"): Promise<void> {
  const [row] = await shareAccount.run(tx, { orgId, id });
  if (!row) throw unknownReference(field, "account", id);
}

/** The domains an email's domain falls under, itself first ("eu.acme.com": eu.acme.com, acme.com); none for a bare name. */
export function parentDomains(domain: string): string[] {
  const labels = domain.split(".");
  const domains: string[] = [];
  for (let i = 0; i < labels.length - 1; i++) domains.push(labels.slice(i).join("."));
  return domains;
}

/**
 * The account whose domain is one of `domains` (parentDomains of an email's),
 * the most specific domain winning, share-locked; a query for a write to
 * carry as a value in its own statement (see createContact), with the
 * statement's `orgId` and `domains` placeholders.
 */
export function accountForDomainsQuery(db: Db | Tx, p: Placeholders<{ orgId: string; domains: string[] }>) {
  return db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.orgId, p.orgId), sql`${accounts.domain} = ANY(${p.domains})`))
    .orderBy(sql`length(${accounts.domain}) DESC`)
    .limit(1)
    .for("share");
}

const accountForDomains = statement((db, p: Placeholders<{ orgId: string; domains: string[] }>) => accountForDomainsQuery(db, p));

/**
 * The account whose domain an email's domain falls under ("ann@eu.acme.com"
 * -> the account of acme.com), the most specific domain winning.
 */
export async function accountForEmailDomain(tx: Tx, orgId: string, domain: string): Promise<string | null> {
  const domains = parentDomains(domain);
  if (domains.length === 0) return null;
  const [row] = await accountForDomains.run(tx, { orgId, domains });
  return row?.id ?? null;
}
