import { SourceMap, type SourceMapping } from "node:module";
import { COMPILED_FILENAME } from "./compile.ts";
import type { Outcome } from "./runtime/protocol.ts";

/** A position in the compiled code (function.js:line:column, as V8 prints it, 1-based). */
const FRAME = new RegExp(`${COMPILED_FILENAME.replace(".", "\\.")}:(\\d+):(\\d+)`, "g");

export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

/**
 * Positions in a version's compiled code -> the customer's own file, line
 * and column, through the source map kept with the version. The map is
 * parsed on first use only (most invocations throw nothing). A version
 * without a map (deployed before maps were kept) keeps compiled positions.
 */
export function sourceMapper(map: string | null, filename: string) {
  let parsed: SourceMap | null | undefined;
  const origin = (line: number, column: number): SourcePosition | undefined => {
    if (parsed === undefined) parsed = map ? new SourceMap(JSON.parse(map)) : null;
    // findEntry, not findOrigin: findOrigin adds the distance from the mapping's start, but esbuild maps a
    // line's indentation to its first token, so that distance would push every statement to the right.
    const found = parsed?.findEntry(line - 1, column - 1);
    if (!found || !("originalLine" in found)) return undefined;
    const entry = found as SourceMapping;
    // The nearest mapping is on an earlier line: nothing maps this position.
    if (entry.generatedLine !== line - 1) return undefined;
    return { file: filename, line: entry.originalLine + 1, column: entry.originalColumn + 1 };
  };
  return {
    position: origin,
    /** Every function.js:L:C in the text (a stack, a logged error) rewritten; the text unchanged when there is none. */
    text(value: string): string {
      if (!value.includes(COMPILED_FILENAME)) return value;
      return value.replace(FRAME, (whole, line: string, column: string) => {
        const found = origin(Number(line), Number(column));
        return found ? `${found.file}:${found.line}:${found.column}` : whole;
      });
    },
  };
}

export type SourceMapper = ReturnType<typeof sourceMapper>;

/** Whether an outcome names a position in the compiled code: only then is the source map needed. */
export function refersToCompiled(outcome: Outcome): boolean {
  const { error } = outcome;
  return Boolean(
    error?.message.includes(COMPILED_FILENAME) || error?.stack?.includes(COMPILED_FILENAME) || outcome.logs.some((l) => l.message.includes(COMPILED_FILENAME)),
  );
}

/**
 * An outcome with its stack, error message and console lines in the
 * customer's positions, and where the error was thrown (the stack's first
 * frame in the customer's file), for the problem the caller gets.
 */
export function inSource(outcome: Outcome, mapper: SourceMapper): Outcome & { location?: SourcePosition } {
  const { error } = outcome;
  const logs = outcome.logs.some((l) => l.message.includes(COMPILED_FILENAME))
    ? outcome.logs.map((l) => ({ ...l, message: mapper.text(l.message) }))
    : outcome.logs;
  if (!error) return { ...outcome, logs };
  const first = error.stack ? /function\.js:(\d+):(\d+)/.exec(error.stack) : null;
  const location = first ? mapper.position(Number(first[1]), Number(first[2])) : undefined;
  return {
    ...outcome,
    logs,
    error: { ...error, message: mapper.text(error.message), ...(error.stack ? { stack: mapper.text(error.stack) } : {}) },
    ...(location ? { location } : {}),
  };
}
