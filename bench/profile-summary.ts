/**
 * node --import tsx bench/profile-summary.ts <file.cpuprofile> [top]
 *
 * Where a CPU profile's time goes: self time by package or source file (our
 * files by path, dependencies by package, V8 and Node internals by kind), and
 * the functions with the most self time. For `npm run bench -- --profile`
 * and `bench/capacity.ts --profile`. Code bundled into dist/ (drizzle-orm and
 * postgres are) is traced back through the build's source maps to the
 * package or file it came from.
 */
import fs from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: profile-summary.ts <file.cpuprofile> [top]");
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

const sourceMaps = new Map<string, SourceMap | null>();
/** A bundled frame as the source it was built from (its .js.map beside it), otherwise as it is. */
function originalFrame(node: Node): Node {
  const { url, lineNumber, columnNumber } = node.callFrame;
  if (!url.startsWith("file://") || !url.endsWith(".js")) return node;
  if (!sourceMaps.has(url)) {
    const mapFile = `${fileURLToPath(url)}.map`;
    sourceMaps.set(url, fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, "utf8"))) : null);
  }
  const entry = sourceMaps.get(url)?.findEntry(lineNumber, columnNumber);
  if (!entry || !("originalSource" in entry)) return node;
  const source = new URL(entry.originalSource, url).href;
  return { ...node, callFrame: { ...node.callFrame, url: source.startsWith("file:") ? source : pathToFileURL(source).href, lineNumber: entry.originalLine } };
}
const self = new Map<number, number>();
for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
const total = [...self.values()].reduce((a, b) => a + b, 0);

function groupOf(node: Node): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName === "(idle)" ? "(idle)" : functionName === "(garbage collector)" ? "(gc)" : `(native) ${functionName || "(anonymous)"}`;
  // drizzle-orm's published source maps name its sources "../src/*.ts" from its package root, which lands beside the package.
  if (url.includes("/node_modules/src/")) return "drizzle-orm";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return url;
  return url.replace(/^file:\/\/.*?\/(src|bench)\//, "$1/");
}

const groups = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, time] of self) {
  const node = originalFrame(byId.get(id)!);
  const group = groupOf(node);
  groups.set(group, (groups.get(group) ?? 0) + time);
  const name = `${node.callFrame.functionName || "(anonymous)"} ${group}:${node.callFrame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + time);
}
const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
const busy = total - (groups.get("(idle)") ?? 0);
// Idle time is the machine's load as much as the process's: shares of busy time compare across runs.
const ofBusy = (t: number) => (t === groups.get("(idle)") ? "" : `  ${((100 * t) / busy).toFixed(1).padStart(5)}% of busy`);
console.log(`total ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (${pct(busy)})\n\nself time by package or file:`);
for (const [group, time] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(time)}${ofBusy(time)}  ${group}`);
console.log("\nfunctions:");
for (const [name, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 30))) console.log(`${pct(time)}  ${name}`);
