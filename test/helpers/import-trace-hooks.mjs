// Module hooks for import-trace.mjs; they run on Node's loader thread.
import fs from "node:fs";

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (process.env.IMPORT_TRACE) fs.appendFileSync(process.env.IMPORT_TRACE, `${result.url}\n`);
  return result;
}
