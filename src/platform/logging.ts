/**
 * How errors appear in log lines: type, message, code, stack frames and cause,
 * but never the values a failed statement was run with (a drizzle error's
 * message and `params`, a PostgreSQL error's `detail` "Key (email)=(...)"):
 * those are customers' data. The SQL text itself holds placeholders only.
 */
export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: "(not an Error)" };
  const e = error as Error & { code?: unknown; query?: unknown; cause?: unknown };
  const out: Record<string, unknown> = { type: e.name, message: e.message.split("\nparams:")[0]!.slice(0, 2000) };
  if (typeof e.code === "string") out.code = e.code;
  if (typeof e.query === "string") out.query = e.query.slice(0, 2000);
  const frames = (e.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  if (frames.length > 0) out.stack = frames.join("\n");
  if (e.cause !== undefined && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return out;
}

/** pino serializers for every logger of the app. */
export const logSerializers = { err: safeError, error: safeError };
