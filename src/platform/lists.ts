/**
 * The one list implementation: every list endpoint declares its filters,
 * sorts and search columns here and gets the query-string schema (validation
 * and OpenAPI), the parsed WHERE / ORDER BY, and the standard envelope.
 *
 *   field=value            equality; a comma list means any of (on a list
 *                          column such as tags: holds any of them)
 *   field[gte|gt|lte|lt|ne]=value   ranges on dates, times, amounts, numbers
 *   field[contains]=text   substring match on text fields that allow it
 *   q=text                 free-text search over the declared columns
 *   sort=-due_date,amount  "-" for descending; ties broken by id
 *   page (from 1), per_page (default 25, max 100)
 *
 * Anything else is a 400 naming the parameter.
 *
 * Services import lists from here. The definition and the parsing are in
 * list-query.ts, the executors in list-pages.ts: `listPage` (rows mapped by
 * the service, the default) and `listJson` (the page written as JSON by the
 * database, for a list whose bench row pays for a second mapping: the
 * item's SQL in list-json.ts; see db/README.md).
 */
export { defineList } from "./list-query.ts";
export type { Bind, Condition, ExtraCondition, ListDefinition, ListSpec } from "./list-query.ts";
export { jsonOf, type JsonItem } from "./list-json.ts";
export { listJson, listPage, sendJson, type Page } from "./list-pages.ts";
