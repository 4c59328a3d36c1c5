/** PostgreSQL's SQLSTATE for a unique violation, from either driver, possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return !constraint || (e.constraint ?? e.constraint_name) === constraint;
  }
  return false;
}
