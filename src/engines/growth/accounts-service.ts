import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { ApiError, invalidField } from "../../platform/errors.ts";
import { previousAttributes, write, type Emit, type WriteContext } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import { defineList, listPage, type Page } from "../../platform/lists.ts";
import { fromCents, toCents } from "../../platform/money.ts";
import { ENRICHMENT_STATUSES } from "./accounts-table.ts";
import { accounts, type AccountRow } from "./accounts-table.ts";
import type { AccountApi, CreateAccountInput, UpdateAccountInput } from "./accounts-schemas.ts";
import { detachAccountFromContacts } from "./contacts-service.ts";
import { detachAccountFromDeals } from "./deals-service.ts";
import { normalizeDomain } from "./domains.ts";
import { ownedRow } from "../../platform/owned-rows.ts";

export function accountToApi(row: AccountRow): AccountApi {
  return {
    id: row.id,
    object: "account",
    name: row.name,
    domain: row.domain,
    industry: row.industry,
    employee_count: row.employeeCount,
    annual_revenue: row.annualRevenueCents === null ? null : fromCents(row.annualRevenueCents),
    country: row.country,
    website: row.website,
    enrichment: {
      status: row.enrichmentStatus,
      source: row.enrichmentSource,
      enriched_at: row.enrichedAt?.toISOString() ?? null,
      requested_at: row.enrichmentRequestedAt?.toISOString() ?? null,
      data: row.enrichmentData,
      error:
        row.enrichmentStatus === "failed" && row.enrichmentError
          ? { message: row.enrichmentError, failed_at: (row.enrichmentFailedAt ?? row.updatedAt).toISOString() }
          : null,
    },
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const accountList = defineList({
  table: accounts,
  tiebreak: accounts.id,
  filters: {
    name: { kind: "text", column: accounts.name, contains: true },
    domain: {
      kind: "text",
      column: accounts.domain,
      normalize: (v) => normalizeDomain(v) ?? v.toLowerCase(),
      description: "Domain, compared in its normalized form (acme.com).",
    },
    industry: { kind: "text", column: accounts.industry, contains: true },
    country: { kind: "text", column: accounts.country, normalize: (v) => v.toUpperCase(), description: "ISO 3166-1 alpha-2 code." },
    employee_count: { kind: "integer", column: accounts.employeeCount },
    annual_revenue: { kind: "money", column: accounts.annualRevenueCents },
    enrichment_status: { kind: "enum", column: accounts.enrichmentStatus, values: ENRICHMENT_STATUSES },
    created_at: { kind: "datetime", column: accounts.createdAt },
    updated_at: { kind: "datetime", column: accounts.updatedAt },
  },
  sorts: {
    created_at: accounts.createdAt,
    updated_at: accounts.updatedAt,
    name: accounts.name,
    employee_count: accounts.employeeCount,
    annual_revenue: accounts.annualRevenueCents,
  },
  defaultSort: "-created_at",
  search: [accounts.name, accounts.domain],
});

export async function listAccounts(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<AccountApi>> {
  return listPage(db, accountList.spec, accountList.parse(orgId, query, now), accountToApi);
}

/** Not ownedRow: the dossier reads the account beside its other reads, and answers a missing one once they are in. */
export async function findAccount(db: Db | Tx, orgId: string, id: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.orgId, orgId), eq(accounts.id, id)));
  return row;
}

export async function getAccount(db: Db, orgId: string, id: string): Promise<AccountApi> {
  return accountToApi(await ownedRow(db, accounts, orgId, id, "account"));
}

export function lockAccount(tx: Tx, orgId: string, id: string): Promise<AccountRow> {
  return ownedRow(tx, accounts, orgId, id, "account", "update");
}

function domainOf(input: { domain?: string | null; website?: string | null }): string | null | undefined {
  if (input.domain === null) return null;
  if (input.domain !== undefined) {
    const domain = normalizeDomain(input.domain);
    if (!domain) throw invalidField("body", "domain", "must be a domain name such as acme.com (or a URL whose host is one)");
    return domain;
  }
  return undefined;
}

/** The domain stored when none is given: the website's host, since contacts are matched by domain. */
function domainFromWebsite(website: string | null | undefined): string | null {
  return website ? normalizeDomain(website) : null;
}

/** `field` is the body field the domain came from: domain, or website when it was derived. */
async function withDomainConflicts<T>(db: Db, orgId: string, domainOfWrite: () => string | null | undefined, field: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const domain = domainOfWrite();
    if (!domain || !isUniqueViolation(error, "accounts_org_domain_key")) throw error;
    const [existing] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.orgId, orgId), eq(accounts.domain, domain)));
    throw new ApiError("conflict", `An account with the domain ${domain} already exists${existing ? ` (${existing.id})` : ""}.`, {
      existing_id: existing?.id ?? null,
      errors: [{ in: "body", field, message: `${field === "domain" ? "is" : `has the domain ${domain}, which is`} already used by another account` }],
    });
  }
}

export async function createAccount(db: Db, ctx: WriteContext, input: CreateAccountInput): Promise<AccountApi> {
  const given = domainOf(input);
  // An explicit null means no domain; only a missing one is derived.
  const domain = given === undefined ? domainFromWebsite(input.website) : given;
  const row = await withDomainConflicts(
    db,
    ctx.orgId,
    () => domain,
    given === undefined ? "website" : "domain",
    () =>
      write(db, ctx, async (tx, emit) => {
        const [created] = await tx
          .insert(accounts)
          .values({
            orgId: ctx.orgId,
            id: newId("account"),
            name: input.name,
            domain,
            industry: input.industry ?? null,
            employeeCount: input.employee_count ?? null,
            annualRevenueCents: input.annual_revenue == null ? null : toCents(input.annual_revenue),
            country: input.country ?? null,
            website: input.website ?? null,
            metadata: input.metadata ?? {},
            createdAt: ctx.now,
            updatedAt: ctx.now,
          })
          .returning();
        emit({ type: "account.created", object: accountToApi(created!) });
        return created!;
      }),
  );
  return accountToApi(row);
}

export async function updateAccount(db: Db, ctx: WriteContext, id: string, input: UpdateAccountInput): Promise<AccountApi> {
  const given = domainOf(input);
  let domain = given;
  const row = await withDomainConflicts(
    db,
    ctx.orgId,
    () => domain,
    given === undefined ? "website" : "domain",
    () =>
      write(db, ctx, async (tx, emit) => {
        const before = await lockAccount(tx, ctx.orgId, id);
        // A website given to an account without a domain supplies one, as on create.
        if (given === undefined && before.domain === null) domain = domainFromWebsite(input.website) ?? undefined;
        const [after] = await tx
          .update(accounts)
          .set({
            name: input.name ?? before.name,
            domain: domain === undefined ? before.domain : domain,
            industry: input.industry === undefined ? before.industry : input.industry,
            employeeCount: input.employee_count === undefined ? before.employeeCount : input.employee_count,
            annualRevenueCents:
              input.annual_revenue === undefined ? before.annualRevenueCents : input.annual_revenue === null ? null : toCents(input.annual_revenue),
            country: input.country === undefined ? before.country : input.country,
            website: input.website === undefined ? before.website : input.website,
            metadata: input.metadata ?? before.metadata,
            updatedAt: ctx.now,
          })
          .where(and(eq(accounts.orgId, ctx.orgId), eq(accounts.id, id)))
          .returning();
        emitAccountUpdate(emit, before, after!);
        return after!;
      }),
  );
  return accountToApi(row);
}

/** account.updated with the fields that changed, if any did. */
export function emitAccountUpdate(emit: Emit, before: AccountRow, after: AccountRow): AccountApi {
  const object = accountToApi(after);
  const previous = previousAttributes(accountToApi(before), object);
  delete previous.enrichment; // enrichment progress has its own event, account.enriched
  if (Object.keys(previous).length > 0) emit({ type: "account.updated", object, previous });
  return object;
}

/** Deletes the account; its contacts and deals stay, unlinked (each with its own updated event). Invoices keep the id. */
export async function deleteAccount(db: Db, ctx: WriteContext, id: string): Promise<{ id: string; object: "account"; deleted: true }> {
  await write(db, ctx, async (tx, emit) => {
    const row = await lockAccount(tx, ctx.orgId, id);
    await detachAccountFromContacts(tx, emit, ctx, id);
    await detachAccountFromDeals(tx, emit, ctx, id);
    await tx.delete(accounts).where(and(eq(accounts.orgId, ctx.orgId), eq(accounts.id, id)));
    emit({ type: "account.deleted", object: accountToApi(row) });
  });
  return { id, object: "account", deleted: true };
}
