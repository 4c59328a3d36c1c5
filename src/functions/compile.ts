import { createHash } from "node:crypto";
import { transform, type Message } from "esbuild";
import { ApiError } from "../platform/errors.ts";

export const MAX_SOURCE_BYTES = 1024 * 1024;

export interface Compiled {
  code: string;
  sha256: string;
}

/** A 422 that points at the source: line and column (1-based), in the body's `source` field. */
export function sourceError(message: string, line?: number, column?: number): ApiError {
  const where = line === undefined ? "" : `line ${line}, column ${column}: `;
  return new ApiError("function_compile_error", `source: ${where}${message}`, {
    ...(line === undefined ? {} : { line, column }),
    errors: [{ in: "body", field: "source", message: `${where}${message}` }],
  });
}

/**
 * One ES module of JavaScript or TypeScript -> JavaScript the isolate runs.
 * esbuild strips the types (TypeScript is a superset, so plain JavaScript
 * goes through unchanged in meaning); nothing is bundled, so imports are
 * refused when the module loads.
 */
export async function compile(source: string): Promise<Compiled> {
  if (Buffer.byteLength(source, "utf8") > MAX_SOURCE_BYTES) throw sourceError(`is larger than ${MAX_SOURCE_BYTES / 1024} KB`);
  try {
    const result = await transform(source, { loader: "ts", format: "esm", target: "es2022", sourcefile: "function.ts", logLevel: "silent" });
    return { code: result.code, sha256: createHash("sha256").update(source).digest("hex") };
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    if (!first) throw error;
    throw sourceError(first.text, first.location?.line, first.location ? first.location.column + 1 : undefined);
  }
}
