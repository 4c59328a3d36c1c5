import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Dependency rules of the design, read from the source itself, so a change that breaks one fails here. */
const ENGINES = path.resolve(import.meta.dirname, "../../src/engines");

/** Every module under src/engines and the engine modules it imports (type-only and dynamic imports included). */
function engineImports(): Map<string, string[]> {
  const files = (fs.readdirSync(ENGINES, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts")).map((f) => path.join(ENGINES, f));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // TypeScript's own scanner: multi-line imports, `export ... from` and import() count; commented-out ones do not.
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((i) => i.fileName).filter((s) => s.startsWith(".")).map((s) => path.resolve(path.dirname(file), s));
    graph.set(file, targets.filter((t) => known.has(t)));
  }
  return graph;
}

/** The import cycles reachable from `starts`, each as its chain of paths relative to src/engines. */
function cyclesFrom(graph: Map<string, string[]>, starts: string[]): string[] {
  const cycles = new Set<string>();
  const stack: string[] = [];
  const finished = new Set<string>();
  const visit = (file: string) => {
    const at = stack.indexOf(file);
    if (at >= 0) {
      cycles.add([...stack.slice(at), file].map((f) => path.relative(ENGINES, f)).join(" -> "));
      return;
    }
    if (finished.has(file)) return;
    stack.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    stack.pop();
    finished.add(file);
  };
  for (const start of starts) visit(start);
  return [...cycles];
}

describe("engine module dependencies", () => {
  // Growth's services once imported each other in circles (accounts, contacts, deals, sequences); what several need
  // sits in a lower module (accounts-lookups.ts, contacts-lookups.ts), and a delete cascades downwards only.
  it("services and everything they import form no import cycle", () => {
    const graph = engineImports();
    const services = [...graph.keys()].filter((f) => f.endsWith("-service.ts"));
    // The scan sees imports at all: the dossier reads accounts through their service.
    expect(graph.get(path.join(ENGINES, "growth/dossier-service.ts"))).toContain(path.join(ENGINES, "growth/accounts-service.ts"));
    expect(services.length).toBeGreaterThan(5);
    expect(cyclesFrom(graph, services)).toEqual([]);
  });
});
