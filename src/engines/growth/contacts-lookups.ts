import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/connection.ts";
import { unknownReference } from "../../platform/errors.ts";
import { contacts, type ContactRow } from "./contacts-table.ts";

// Lookups that deals and sequences make before naming a contact. They sit below every service
// (tables and platform only): those services use them instead of importing contacts-service,
// which imports deals-service and sequence-enrollments-service to cascade a contact's delete.

/** For resources that name contacts in their body (deals, enrollments): every one must exist in the organization. */
export async function requireContacts(tx: Tx, orgId: string, ids: readonly string[], field: string): Promise<ContactRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.orgId, orgId), inArray(contacts.id, [...ids])))
    .for("share");
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) {
    const at = ids.indexOf(missing[0]!);
    throw unknownReference(field.includes("[") || ids.length === 1 ? field : `${field}[${at}]`, "contact", missing[0]!);
  }
  return rows;
}

export async function findContactByEmail(db: Db | Tx, orgId: string, email: string): Promise<ContactRow | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.orgId, orgId), eq(contacts.email, email.toLowerCase())));
  return row;
}
