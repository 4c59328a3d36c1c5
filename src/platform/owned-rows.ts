import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/connection.ts";
import { StatementCache } from "../db/statement-cache.ts";
import { statement, type Placeholders } from "../db/statements.ts";
import { notFound } from "./errors.ts";

/** A table keyed by (org_id, id), as every tenant table is. */
type OwnedTable = PgTable & { orgId: PgColumn; id: PgColumn };

/**
 * The organization's row with this id, optionally locked for the rest of the
 * transaction; a 404 naming `what` when the organization has none (another
 * organization's id included). The one way services fetch a row by id.
 */
export async function ownedRow<T extends OwnedTable>(
  db: Db | Tx,
  table: T,
  orgId: string,
  id: string,
  what: string,
  lock?: "update" | "share",
): Promise<T["$inferSelect"]> {
  const [row] = await rowStatement(table, lock).run(db, { orgId, id });
  if (!row) throw notFound(what, id);
  return row as T["$inferSelect"];
}

/** Built once per table and lock (db/statements.ts): every change to a row by id starts here. */
const rowStatements = {
  none: new StatementCache<OwnedTable, RowStatement>(),
  update: new StatementCache<OwnedTable, RowStatement>(),
  share: new StatementCache<OwnedTable, RowStatement>(),
};
type RowStatement = ReturnType<typeof rowStatementOf>;

function rowStatement(table: OwnedTable, lock: "update" | "share" | undefined): RowStatement {
  return rowStatements[lock ?? "none"].obtain(table, () => rowStatementOf(table, lock));
}

function rowStatementOf(table: OwnedTable, lock: "update" | "share" | undefined) {
  return statement((db, p: Placeholders<{ orgId: string; id: string }>) => {
    const query = db
      .select()
      .from(table as PgTable)
      .where(and(eq(table.orgId, p.orgId), eq(table.id, p.id)));
    return lock ? query.for(lock) : query;
  });
}
