/**
 * The rows of `db.execute(sql...)`, whichever driver ran it: postgres.js
 * returns the rows as the result, PGlite returns { rows }. Hand-written SQL
 * (see README.md) reads its rows through this.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows: T[] }).rows;
}
