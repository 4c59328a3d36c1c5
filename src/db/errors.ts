type DbError = { code?: string; constraint?: string; constraint_name?: string; cause?: unknown };

/** The PostgreSQL error inside whatever either driver (and Drizzle around it) threw. */
function postgresError(error: unknown): DbError | undefined {
  for (let e = error as DbError | undefined; e; e = e.cause as DbError | undefined) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e;
  }
  return undefined;
}

/** A unique violation (SQLSTATE 23505), optionally of one constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = postgresError(error);
  return e?.code === "23505" && (!constraint || (e.constraint ?? e.constraint_name) === constraint);
}

/**
 * A deadlock (40P01) or serialization failure (40001): PostgreSQL rolled the
 * transaction back and running it again is the documented remedy.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = postgresError(error)?.code;
  return code === "40P01" || code === "40001";
}

/** The SQLSTATE of the PostgreSQL error inside `error`, if there is one (a code our own functions raise included). */
export function sqlState(error: unknown): string | undefined {
  return postgresError(error)?.code;
}
