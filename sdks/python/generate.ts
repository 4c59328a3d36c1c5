/**
 * Regenerates the Python library's generated files from the server's OpenAPI
 * document, built in-process (no server, no database on disk):
 *   node --import tsx sdks/python/generate.ts          write them
 *   node --import tsx sdks/python/generate.ts --check  exit 1 when they are stale
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../../src/app.ts";
import { openDatabase } from "../../src/db/connection.ts";
import { memoryRateLimitStore } from "../../src/platform/rate-limit/memory-store.ts";
import { emit, type OpenApiDocument } from "./codegen.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The document /v1/openapi.json serves, from an app on an empty in-memory database. */
export async function openApiDocument(): Promise<OpenApiDocument> {
  const database = await openDatabase({ kind: "pglite-memory" });
  const rateLimits = memoryRateLimitStore();
  const app = await buildApp({ database, rateLimits, functions: { workers: 1 } });
  try {
    await app.ready();
    return app.swagger() as unknown as OpenApiDocument;
  } finally {
    await app.close();
    await rateLimits.close();
    await database.close();
  }
}

/** The generated files that differ from what is on disk (path from the repository root). */
export function staleFiles(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([file, content]) => {
      const full = path.join(repoRoot, file);
      return !fs.existsSync(full) || fs.readFileSync(full, "utf8") !== content;
    })
    .map(([file]) => file);
}

async function main(): Promise<void> {
  const files = emit(await openApiDocument());
  if (process.argv.includes("--check")) {
    const stale = staleFiles(files);
    if (stale.length) {
      console.error(`Stale generated files (run npm run sdks:generate:python):\n  ${stale.join("\n  ")}`);
      process.exit(1);
    }
    console.log("Python SDK: generated files are up to date.");
    return;
  }
  for (const [file, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(repoRoot, file)), { recursive: true });
    fs.writeFileSync(path.join(repoRoot, file), content);
    console.log(`wrote ${file}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
