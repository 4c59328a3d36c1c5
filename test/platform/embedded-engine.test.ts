import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * An admin command on the embedded database compiles PGlite's WebAssembly
 * itself, early (src/db/embedded-engine.ts), from the file this version of
 * PGlite ships. If an upgrade moved that file the command would still work
 * (PGlite compiles its own), only slower: this says so instead. In a process
 * of its own, as a command runs, since it sets a V8 flag for the process.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const PROBE = `
const { startEmbeddedEngine } = await import("./src/db/embedded-engine.ts");
const compiled = await startEmbeddedEngine();
console.log(compiled instanceof WebAssembly.Module, compiled === (await startEmbeddedEngine()));
`;

describe("the embedded engine for one command", () => {
  it("compiles PGlite's WebAssembly from the package, once per process", async () => {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", PROBE], { cwd: ROOT });
    expect(stderr).toBe("");
    expect(stdout.trim()).toBe("true true");
  }, 60_000);
});
