import { count, getTableColumns, getTableName, sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Db } from "../db/connection.ts";
import { StatementCache } from "../db/statement-cache.ts";
import { sqlStatement, statement, type SqlStatement, type Statement } from "../db/statements.ts";
import { itemJson } from "./list-json.ts";
import type { ListSpec, ParsedList } from "./list-query.ts";

/**
 * The list executors: a parsed query's page and total in one statement. Each
 * query shape's statement is built once (db/statements.ts) and kept: building
 * SQL through the query builder costs more than running it.
 */

export interface Page<T> {
  data: T[];
  meta: { total: number; page: number; per_page: number };
}

type Values = Record<string, unknown>;
type PageRows = { row: unknown; total: number }[];

/** Statements by list and query shape: the page with its rows (listPage), the page as JSON text (listJson). */
const pageStatements = new StatementCache<string, Statement<Values, PageRows>>();
const jsonStatements = new StatementCache<string, SqlStatement<Values>>();

const shapeKey = (spec: ListSpec, query: ParsedList) => `${getTableName(spec.table)}?${query.shape}`;

/** The values of a page's statement: the query's, any of its item's (listJson), and its window. */
const pageValues = (query: ParsedList, item?: Values): Values => ({ ...query.params, ...item, limit: query.perPage, offset: (query.page - 1) * query.perPage });

function pageQuery(db: Db, spec: ListSpec, query: ParsedList) {
  const total = sql<number>`(SELECT count(*) FROM ${spec.table} WHERE ${query.where})`.mapWith(Number);
  return db
    .select({ row: getTableColumns(spec.table), total })
    .from(spec.table)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"));
}

/**
 * Runs a parsed list query: the page and the total in one round trip (the
 * total is an uncorrelated subquery, computed once), then the envelope. Only a
 * page past the end needs a second query for the total.
 */
export async function listPage<Row, Out>(db: Db, spec: ListSpec, query: ParsedList, toApi: (row: Row) => Out): Promise<Page<Out>> {
  const page = pageStatements.obtain(shapeKey(spec, query), () => statement((handle) => pageQuery(handle as Db, spec, query)) as Statement<Values, PageRows>);
  const rows = await page.run(db, pageValues(query));
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await db.select({ total: count() }).from(spec.table).where(query.where).prepare("list_count").execute(query.params);
    total = Number(counted?.total ?? 0);
  }
  return {
    data: rows.map((r) => toApi(r.row as Row)),
    meta: { total, page: query.page, per_page: query.perPage },
  };
}

/**
 * The page as JSON text built by the database (spec.json): the items, in the
 * list's order, joined in the query, and the total from the same statement
 * (an uncorrelated subquery, so a page past the end needs no second query).
 */
function jsonQuery(db: Db, spec: ListSpec, query: ParsedList) {
  const rows = db
    .select({ item: sql<string>`${itemJson(spec.json!)}`.as("item") })
    .from(spec.table)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page_items");
  // string_agg takes the rows in the subquery's order (as PostgREST's json_agg over an ordered subquery does).
  return db
    .select({
      data: sql<string | null>`string_agg(${rows.item}, ',')`.as("data"),
      total: sql<string>`(SELECT count(*) FROM ${spec.table} WHERE ${query.where})::text`.as("total"),
    })
    .from(rows);
}

/**
 * The page as the response body: the same items, order, total and envelope as
 * listPage with the item's row mapper, written by the database and sent as it
 * is (see JsonItem; test/platform/list-json.test.ts holds the two to the same bytes).
 * Its statement runs straight on the driver (db/connection.ts, runText).
 */
export async function listJson(db: Db, spec: ListSpec, query: ParsedList, now: Date): Promise<string> {
  if (!spec.json) throw new Error(`list ${getTableName(spec.table)} has no JSON item; use listPage`);
  const page = jsonStatements.obtain(shapeKey(spec, query), () => sqlStatement((handle) => jsonQuery(handle as Db, spec, query).getSQL()));
  const [result] = (await page.run(db, pageValues(query, spec.json.params?.(now)))) as { data: string | null; total: string }[];
  return `{"data":[${result?.data ?? ""}],"meta":{"total":${result?.total ?? "0"},"page":${query.page},"per_page":${query.perPage}}}`;
}

/** Sends JSON text the server already holds (listJson) as the body, with the type Fastify's serializer would give it. */
export function sendJson(reply: FastifyReply, text: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(text);
}
