/**
 * Generates the client libraries' files from the server's own OpenAPI
 * document: `npm run sdks:generate` writes them, `npm run sdks:generate --
 * --check` exits 1 naming each file that is stale (CI runs it through
 * test/sdks/generated.test.ts). The document is built in-process (no server,
 * an in-memory database), so the output depends on the route schemas only.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadDocument, type OpenApiDocument } from "./document.ts";
import { emit as emitPython } from "./python/codegen.ts";
import { emit as emitTypeScript } from "./typescript/codegen.ts";

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/** A language's generator: the document in, its generated files out (path relative to sdks/ -> content). Pure and deterministic. */
type Emitter = (doc: OpenApiDocument) => Record<string, string>;

const emitters: Record<string, Emitter> = {
  typescript: emitTypeScript,
  // The Python emitter declares the parts of the document it reads; the loader's type is looser.
  python: (doc) => emitPython(doc as Parameters<typeof emitPython>[0]),
};

/** Every generated file: path relative to sdks/ -> content. */
export function generatedFiles(doc: OpenApiDocument): Record<string, string> {
  const files: Record<string, string> = { "openapi.json": `${JSON.stringify(doc, null, 2)}\n` };
  for (const emit of Object.values(emitters)) Object.assign(files, emit(doc));
  return files;
}

/** The generated files that differ from what is on disk (missing ones included). */
export function staleFiles(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([file, content]) => {
      const target = path.join(ROOT, file);
      return !fs.existsSync(target) || fs.readFileSync(target, "utf8") !== content;
    })
    .map(([file]) => file);
}

async function main(): Promise<void> {
  const files = generatedFiles(await loadDocument());
  if (process.argv.includes("--check")) {
    const stale = staleFiles(files);
    if (stale.length) {
      console.error(`Stale generated files (run npm run sdks:generate):\n${stale.map((f) => `  sdks/${f}`).join("\n")}`);
      process.exit(1);
    }
    console.log("Generated files are up to date.");
    return;
  }
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(ROOT, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
    console.log(`wrote sdks/${file}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
