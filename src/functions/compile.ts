import { createHash } from "node:crypto";
import { build, transform, type Message, type Plugin } from "esbuild";
import { ApiError } from "../platform/errors.ts";

export const MAX_SOURCE_BYTES = 1024 * 1024;
export const DEFAULT_FILENAME = "function.ts";
/** The name the sandbox compiles the code under: stack frames in it are mapped back with the source map. */
export const COMPILED_FILENAME = "function.js";

export interface Compiled {
  code: string;
  sha256: string;
  /** Source map (JSON) from `code` back to the source as deployed. */
  map: string;
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
 * Every ES import esbuild meets (static, re-exported, or a dynamic import of
 * a literal) is an error at its own position: a function is one
 * self-contained module. The sandbox would refuse them at load too, but
 * TypeScript drops an import whose names go unused, which then deployed
 * although nothing can be imported. `require` is left alone (it is not
 * defined in the sandbox: a call throws there).
 */
const refuseImports: Plugin = {
  name: "refuse-imports",
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== "import-statement" && args.kind !== "dynamic-import") return { path: args.path, external: true };
      return { errors: [{ text: `imports are not available to functions (import "${args.path}"): deploy one self-contained module` }] };
    });
  },
};

/**
 * A bundle of the module, thrown away: bundling is the only way esbuild
 * shows every import to a plugin (with verbatimModuleSyntax an import is
 * kept unless written `import type`). Its output is not what runs: a bundle
 * rewrites some globals (`require` becomes a shim).
 */
async function scanImports(source: string, filename: string): Promise<void> {
  await build({
    stdin: { contents: source, loader: "ts", sourcefile: filename },
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    treeShaking: false,
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
    plugins: [refuseImports],
    logLevel: "silent",
  });
}

/**
 * One ES module of JavaScript or TypeScript -> JavaScript the isolate runs,
 * with its source map. esbuild strips the types (TypeScript is a superset, so
 * plain JavaScript goes through unchanged in meaning); nothing is bundled.
 */
export async function compile(source: string, filename = DEFAULT_FILENAME): Promise<Compiled> {
  if (Buffer.byteLength(source, "utf8") > MAX_SOURCE_BYTES) throw sourceError(`is larger than ${MAX_SOURCE_BYTES / 1024} KB`);
  try {
    await scanImports(source, filename);
    const result = await transform(source, {
      loader: "ts",
      format: "esm",
      target: "es2022",
      sourcefile: filename,
      sourcemap: "external",
      sourcesContent: false,
      logLevel: "silent",
    });
    return { code: result.code, map: result.map, sha256: createHash("sha256").update(source).digest("hex") };
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    if (!first) throw error;
    throw sourceError(first.text, first.location?.line, first.location ? first.location.column + 1 : undefined);
  }
}
