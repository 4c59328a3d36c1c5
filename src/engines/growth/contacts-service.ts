import { and, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { statement, type ColumnValues, type Placeholders } from "../../db/statements.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { ApiError, invalidField } from "../../platform/errors.ts";
import { previousAttributes, write, type Emit, type WriteContext } from "../../platform/events/outbox.ts";
import { newId } from "../../platform/ids.ts";
import { defineList, jsonOf, listJson, listPage, type Page } from "../../platform/lists.ts";
import { accountForDomainsQuery, accountForEmailDomain, parentDomains, requireAccount } from "./accounts-lookups.ts";
import { findContactByEmail } from "./contacts-lookups.ts";
import { Contact, type ContactApi, type CreateContactInput, type UpdateContactInput } from "./contacts-schemas.ts";
import { contacts, LIFECYCLE_STAGES, type ContactRow } from "./contacts-table.ts";
import { removeContactFromDeals } from "./deals-service.ts";
import { emailDomain } from "./domains.ts";
import { unenrollContact } from "./sequence-enrollments-service.ts";
import { ownedRow } from "../../platform/owned-rows.ts";

export function contactToApi(row: ContactRow): ContactApi {
  return {
    id: row.id,
    object: "contact",
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone: row.phone,
    title: row.title,
    account_id: row.accountId,
    lifecycle_stage: row.lifecycleStage,
    tags: row.tags,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const lower = (value: string) => value.toLowerCase();

export const contactList = defineList({
  table: contacts,
  tiebreak: contacts.id,
  filters: {
    email: { kind: "text", column: contacts.email, normalize: lower, description: "Email address (case does not matter)." },
    account_id: { kind: "id", column: contacts.accountId, idKind: "account" },
    lifecycle_stage: { kind: "enum", column: contacts.lifecycleStage, values: LIFECYCLE_STAGES },
    tags: { kind: "array", column: contacts.tags, description: "Contacts with this tag; a comma list means any of them." },
    first_name: { kind: "text", column: contacts.firstName, contains: true },
    last_name: { kind: "text", column: contacts.lastName, contains: true },
    title: { kind: "text", column: contacts.title, contains: true },
    created_at: { kind: "datetime", column: contacts.createdAt },
    updated_at: { kind: "datetime", column: contacts.updatedAt },
  },
  sorts: {
    created_at: contacts.createdAt,
    updated_at: contacts.updatedAt,
    last_name: contacts.lastName,
    first_name: contacts.firstName,
    email: contacts.email,
  },
  defaultSort: "-created_at",
  // The full name too, so "ann lee" finds Ann Lee.
  search: [contacts.email, sql`concat_ws(' ', ${contacts.firstName}, ${contacts.lastName})`],
  // contactToApi, in SQL (see JsonItem).
  json: {
    schema: Contact,
    fields: {
      id: jsonOf.text(contacts.id),
      object: jsonOf.literal("contact"),
      first_name: jsonOf.text(contacts.firstName),
      last_name: jsonOf.text(contacts.lastName),
      email: jsonOf.text(contacts.email),
      phone: jsonOf.text(contacts.phone),
      title: jsonOf.text(contacts.title),
      account_id: jsonOf.text(contacts.accountId),
      lifecycle_stage: jsonOf.text(contacts.lifecycleStage),
      tags: jsonOf.textArray(contacts.tags),
      metadata: jsonOf.stringRecord(contacts.metadata),
      created_at: jsonOf.timestamp(contacts.createdAt),
      updated_at: jsonOf.timestamp(contacts.updatedAt),
    },
  },
});

export async function listContacts(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<Page<ContactApi>> {
  return listPage(db, contactList.spec, contactList.parse(orgId, query, now), contactToApi);
}

/** listContacts as the response body (JSON text written by the database). */
export async function listContactsJson(db: Db, orgId: string, query: Record<string, unknown>, now: Date): Promise<string> {
  return listJson(db, contactList.spec, contactList.parse(orgId, query, now), now);
}

export async function getContact(db: Db, orgId: string, id: string): Promise<ContactApi> {
  return contactToApi(await ownedRow(db, contacts, orgId, id, "contact"));
}

export function lockContact(tx: Tx, orgId: string, id: string): Promise<ContactRow> {
  return ownedRow(tx, contacts, orgId, id, "contact", "update");
}

async function withEmailConflicts<T>(db: Db, orgId: string, email: string | null | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!email || !isUniqueViolation(error, "contacts_org_email_key")) throw error;
    const existing = await findContactByEmail(db, orgId, email);
    throw new ApiError("conflict", `A contact with the email ${email} already exists${existing ? ` (${existing.id})` : ""}.`, {
      existing_id: existing?.id ?? null,
      errors: [{ in: "body", field: "email", message: "is already used by another contact" }],
    });
  }
}

/** A contact's columns as createContact gives them (built once, db/statements.ts: every POST /v1/contacts runs one of these two). */
type NewContact = ColumnValues<
  typeof contacts,
  "orgId" | "id" | "firstName" | "lastName" | "email" | "phone" | "title" | "lifecycleStage" | "tags" | "metadata" | "createdAt" | "updatedAt"
>;

function newContact(p: Placeholders<NewContact>, accountId: Placeholder | SQL<string | null>) {
  return {
    orgId: p.orgId,
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone: p.phone,
    title: p.title,
    accountId,
    lifecycleStage: p.lifecycleStage,
    tags: p.tags,
    metadata: p.metadata,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

const insertContact = statement((db, p: Placeholders<NewContact & { accountId: string | null }>) =>
  db.insert(contacts).values(newContact(p, p.accountId)).returning(),
);

/** Its account is the one its email's domain falls under (accountForDomainsQuery), found in the same statement: no round trip of its own. */
const insertMatchedContact = statement((db, p: Placeholders<NewContact & { domains: string[] }>) =>
  db
    .insert(contacts)
    .values(newContact(p, sql<string | null>`(${accountForDomainsQuery(db, p)})`))
    .returning(),
);

export async function createContact(db: Db, ctx: WriteContext, input: CreateContactInput): Promise<ContactApi> {
  if (!input.email && !input.first_name && !input.last_name) {
    throw invalidField("body", "email", "is required when neither first_name nor last_name is given");
  }
  const email = input.email ? input.email.toLowerCase() : null;
  return withEmailConflicts(db, ctx.orgId, email, () =>
    write(db, ctx, async (tx, emit) => {
      const given = input.account_id ?? null;
      if (given) await requireAccount(tx, ctx.orgId, given);
      const values = {
        orgId: ctx.orgId,
        id: newId("contact"),
        firstName: input.first_name ?? null,
        lastName: input.last_name ?? null,
        email,
        phone: input.phone ?? null,
        title: input.title ?? null,
        lifecycleStage: input.lifecycle_stage ?? ("lead" as const),
        tags: input.tags ?? [],
        metadata: input.metadata ?? {},
        createdAt: ctx.now,
        updatedAt: ctx.now,
      };
      // No account given: the one matched by the email's domain is looked up (and share-locked) by the insert itself.
      const domains = input.account_id === undefined && email ? parentDomains(emailDomain(email)) : [];
      const [created] =
        domains.length > 0 ? await insertMatchedContact.run(tx, { ...values, domains }) : await insertContact.run(tx, { ...values, accountId: given });
      // The event's object is the answer: built once.
      const contact = contactToApi(created!);
      emit({ type: "contact.created", object: contact });
      return contact;
    }),
  );
}

export async function updateContact(db: Db, ctx: WriteContext, id: string, input: UpdateContactInput): Promise<ContactApi> {
  const email = input.email ? input.email.toLowerCase() : input.email;
  const row = await withEmailConflicts(db, ctx.orgId, email, () =>
    write(db, ctx, async (tx, emit) => {
      // The account first, then the contact: the order deleteAccount locks them in, so the two never deadlock.
      if (input.account_id) await requireAccount(tx, ctx.orgId, input.account_id);
      const before = await lockContact(tx, ctx.orgId, id);
      const next = {
        firstName: input.first_name === undefined ? before.firstName : input.first_name,
        lastName: input.last_name === undefined ? before.lastName : input.last_name,
        email: email === undefined ? before.email : email,
      };
      if (!next.email && !next.firstName && !next.lastName) {
        throw invalidField("body", "email", "cannot be cleared while first_name and last_name are empty too");
      }
      let accountId = input.account_id === undefined ? before.accountId : input.account_id;
      // A contact without an account that gets an email is matched like a new one.
      if (accountId === null && input.account_id === undefined && email && email !== before.email) {
        accountId = await accountForEmailDomain(tx, ctx.orgId, emailDomain(email));
      }
      const [after] = await tx
        .update(contacts)
        .set({
          ...next,
          phone: input.phone === undefined ? before.phone : input.phone,
          title: input.title === undefined ? before.title : input.title,
          accountId,
          lifecycleStage: input.lifecycle_stage ?? before.lifecycleStage,
          tags: input.tags ?? before.tags,
          metadata: input.metadata ?? before.metadata,
          updatedAt: ctx.now,
        })
        .where(and(eq(contacts.orgId, ctx.orgId), eq(contacts.id, id)))
        .returning();
      emitContactUpdate(emit, before, after!);
      return after!;
    }),
  );
  return contactToApi(row);
}

function emitContactUpdate(emit: Emit, before: ContactRow, after: ContactRow): void {
  const object = contactToApi(after);
  const previous = previousAttributes(contactToApi(before), object);
  if (Object.keys(previous).length > 0) emit({ type: "contact.updated", object, previous });
}

/** Deletes the contact; it leaves the deals that named it, and its active enrollments stop. */
export async function deleteContact(db: Db, ctx: WriteContext, id: string): Promise<{ id: string; object: "contact"; deleted: true }> {
  await write(db, ctx, async (tx, emit) => {
    const row = await lockContact(tx, ctx.orgId, id);
    await removeContactFromDeals(tx, emit, ctx, id);
    await unenrollContact(tx, emit, ctx, id, "contact_deleted");
    await tx.delete(contacts).where(and(eq(contacts.orgId, ctx.orgId), eq(contacts.id, id)));
    emit({ type: "contact.deleted", object: contactToApi(row) });
  });
  return { id, object: "contact", deleted: true };
}

/** The account is going away: its contacts stay, without it. */
export async function detachAccountFromContacts(tx: Tx, emit: Emit, ctx: WriteContext, accountId: string): Promise<void> {
  const before = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.orgId, ctx.orgId), eq(contacts.accountId, accountId)))
    .for("update");
  if (before.length === 0) return;
  const after = await tx
    .update(contacts)
    .set({ accountId: null, updatedAt: ctx.now })
    .where(and(eq(contacts.orgId, ctx.orgId), eq(contacts.accountId, accountId)))
    .returning();
  const byId = new Map(before.map((r) => [r.id, r]));
  for (const row of after) emitContactUpdate(emit, byId.get(row.id)!, row);
}
