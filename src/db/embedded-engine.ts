import { readFile } from "node:fs/promises";
import v8 from "node:v8";

/*
 * The embedded engine (PGlite) started for a process that runs one command
 * and exits: an admin command of bin/enginery. Apart from connection.ts, and
 * importing nothing but Node, so that main.ts can start it before it loads
 * the command's own modules.
 */

let compiling: Promise<WebAssembly.Module | undefined> | undefined;

/**
 * Starts compiling PGlite's WebAssembly (9 MB) now, on V8's background
 * threads, so that it overlaps with loading the command's modules instead of
 * being waited for when the database opens; connection.ts hands the module to
 * PGlite (its `pgliteWasmModule` option). The same promise on every call.
 * Undefined when the file is not where this version of PGlite keeps it:
 * PGlite then compiles its own, as it does for the server.
 *
 * Before compiling, it raises V8's WebAssembly tiering budget for the
 * process. V8 compiles each function with its baseline compiler (Liftoff) on
 * first call, then recompiles those that ran hot with its optimizing
 * compiler on background threads. Starting the backend runs enough code
 * (memset over shared memory, the catalog reads) to send hundreds of
 * functions to the optimizer: about half the process's CPU time, for a
 * command that is over moments later. A budget a thousand times V8's default
 * (Node 20: 1.8M, Node 24: 13M, roughly bytes executed per function) keeps
 * the start on baseline code, while a long command (a migration over a big
 * table) still gets optimized code after a second or so of one function's
 * work. V8 reads the flag when it compiles the module, which is why it is
 * set here, before the only compilation of it in the process.
 */
export function startEmbeddedEngine(): Promise<WebAssembly.Module | undefined> {
  compiling ??= (async () => {
    v8.setFlagsFromString("--wasm-tiering-budget=1000000000");
    try {
      const file = new URL("pglite.wasm", import.meta.resolve("@electric-sql/pglite"));
      return await WebAssembly.compile(await readFile(file));
    } catch {
      return undefined;
    }
  })();
  return compiling;
}
