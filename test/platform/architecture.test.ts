import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/** Dependency rules of the design, read from the source itself, so a change that breaks one fails here. */
const SRC = path.resolve(import.meta.dirname, "../../src");
const ENGINES = path.join(SRC, "engines");

/** Every module under src/engines and the engine modules it imports (type-only and dynamic imports included). */
function engineImports(): Map<string, string[]> {
  const files = (fs.readdirSync(ENGINES, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts")).map((f) => path.join(ENGINES, f));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    // TypeScript's own scanner: multi-line imports, `export ... from` and import() count; commented-out ones do not.
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((s) => s.startsWith("."))
      .map((s) => path.resolve(path.dirname(file), s));
    graph.set(
      file,
      targets.filter((t) => known.has(t)),
    );
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

/** Every relative import in src (type-only, re-exports and import() included), as [importer, target] paths relative to src. */
function sourceImports(): [string, string][] {
  const files = (fs.readdirSync(SRC, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"));
  const edges: [string, string][] = [];
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(SRC, file), "utf8"), true, true);
    for (const { fileName } of importedFiles) {
      if (fileName.startsWith(".")) edges.push([file, path.relative(SRC, path.resolve(SRC, path.dirname(file), fileName))]);
    }
  }
  return edges;
}

/** The part of the code a file belongs to: "engines/<engine>", a feature folder (webhooks, oauth, ...), platform, db, or "." for src/ itself. */
function areaOf(file: string): string {
  const parts = file.split(path.sep);
  if (parts.length === 1) return ".";
  return parts[0] === "engines" ? `engines/${parts[1]}` : parts[0]!;
}

/** Engines and features: what the rule "another area's services, schemas and lookups, never its tables" binds. */
const FEATURES = new Set(["webhooks", "functions", "identity", "oauth", "intelligence", "dashboard"]);
const isEngineOrFeature = (area: string) => area.startsWith("engines/") || FEATURES.has(area);

/**
 * Known breaks of the table rule, each with its reason; the test fails when one no longer occurs, so the list only
 * shrinks.
 */
const TABLE_EXCEPTIONS: Record<string, string> = {};

describe("layers and boundaries", () => {
  const edges = sourceImports();

  it("the scan sees imports (a change to the scanner that finds none fails here)", () => {
    expect(edges).toContainEqual(["app.ts", "platform/validation.ts"]);
    expect(edges.length).toBeGreaterThan(500);
  });

  it("an engine or feature imports another one's services, schemas and lookups, never its tables", () => {
    const found = edges
      .filter(([from, to]) => isEngineOrFeature(areaOf(from)) && isEngineOrFeature(areaOf(to)) && areaOf(from) !== areaOf(to) && to.endsWith("-table.ts"))
      .map(([from, to]) => `${from} -> ${to}`);
    const broken = found.filter((edge) => !(edge in TABLE_EXCEPTIONS));
    expect(broken, `${broken.map((e) => `${e}: import what you need from its -schemas.ts, -service.ts or -lookups.ts instead`).join("\n")}\n`).toEqual([]);
    expect(
      Object.keys(TABLE_EXCEPTIONS).filter((edge) => !found.includes(edge)),
      "exceptions that no longer occur: remove them",
    ).toEqual([]);
  });

  it("platform/ imports only platform/ and db/, and db/ only db/", () => {
    const allowed: Record<string, string[]> = { platform: ["platform", "db"], db: ["db"] };
    const broken = edges
      .filter(([from, to]) => allowed[areaOf(from)] && !allowed[areaOf(from)]!.includes(areaOf(to)))
      .map(([from, to]) => `${from} -> ${to}: ${areaOf(from)}/ imports nothing above it (move what both need down, or the importer up)`);
    expect(broken, `${broken.join("\n")}\n`).toEqual([]);
  });
});
