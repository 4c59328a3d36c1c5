import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/** The SDK's types catch mistakes: tsc on example code (sdks/typescript/test/types.ts) with @ts-expect-error lines. */
const run = promisify(execFile);
const dir = path.resolve(import.meta.dirname, "../../sdks/typescript/test");
const tsc = path.resolve(import.meta.dirname, "../../node_modules/typescript/bin/tsc");

async function compile(project: string): Promise<string> {
  try {
    await run(process.execPath, [tsc, "-p", project]);
    return "";
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

// Independent of the database: run once, in the pglite project (PGLITE_ONLY in vitest.config.ts).
describe("TypeScript SDK types", () => {
  it("accept the examples and refuse each mistake marked @ts-expect-error", async () => {
    expect(await compile(path.join(dir, "tsconfig.json"))).toBe("");
  }, 60_000);

  it("need no DOM library: they compile with Node's types alone", async () => {
    expect(await compile(path.join(dir, "tsconfig.node.json"))).toBe("");
  }, 60_000);

  it("compile the README's examples (each block in its own scope, after the setup block's client)", async () => {
    const readme = fs.readFileSync(path.resolve(dir, "../README.md"), "utf8");
    const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThanOrEqual(8);
    // Imports go to the top, once per name; the rest of each block runs in a function of its own.
    const names = new Set(
      blocks.flatMap((code) => [...code.matchAll(/^import \{([^}]*)\} from "@enginery\/sdk";$/gm)].flatMap((m) => m[1]!.split(",").map((n) => n.trim()))),
    );
    names.add("Enginery");
    names.add("type CreateInvoiceBody");
    const bodies = blocks.map((code, i) => `export async function block${i}(): Promise<void> {\n${code.replace(/^import .*$/gm, "")}\n}\n`);
    const source =
      `import { ${[...names].join(", ")} } from "@enginery/sdk";\ndeclare const client: Enginery;\ndeclare const process: { env: Record<string, string | undefined> };\n` +
      // What the examples leave to the reader: the body they send, the order it is for, the request a webhook came in.
      `declare const body: CreateInvoiceBody, order: { id: string }, req: { body: string; headers: Record<string, string> }, secret: string;\n${bodies.join("\n")}`;
    const file = path.join(dir, "readme.examples.ts");
    const project = path.join(dir, "tsconfig.readme.json");
    fs.writeFileSync(file, source);
    fs.writeFileSync(project, JSON.stringify({ extends: "./tsconfig.json", compilerOptions: { noUnusedLocals: false }, files: ["readme.examples.ts"] }));
    try {
      expect(await compile(project)).toBe("");
    } finally {
      fs.rmSync(file, { force: true });
      fs.rmSync(project, { force: true });
    }
  }, 60_000);

  it("report every marked line as an error once the markers are gone (the check can fail)", async () => {
    const source = fs.readFileSync(path.join(dir, "types.ts"), "utf8").split("\n");
    // The line after each marker (1-based: index + 2).
    const marked = source.flatMap((line, i) => (line.includes("// @ts-expect-error") ? [i + 2] : []));
    expect(marked.length).toBeGreaterThanOrEqual(8);
    const stripped = path.join(dir, "types.unmarked.ts");
    const project = path.join(dir, "tsconfig.unmarked.json");
    fs.writeFileSync(stripped, source.map((line) => (line.includes("// @ts-expect-error") ? "" : line)).join("\n"));
    fs.writeFileSync(project, JSON.stringify({ extends: "./tsconfig.json", files: ["types.unmarked.ts"] }));
    try {
      const output = await compile(project);
      const lines = [...new Set([...output.matchAll(/types\.unmarked\.ts\((\d+),/g)].map((m) => Number(m[1])))];
      expect(lines.sort((a, b) => a - b)).toEqual(marked);
    } finally {
      fs.rmSync(stripped, { force: true });
      fs.rmSync(project, { force: true });
    }
  }, 60_000);
});
