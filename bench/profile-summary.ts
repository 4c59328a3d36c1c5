/**
 * node --import tsx bench/profile-summary.ts <file.cpuprofile> [top]
 *
 * Where a CPU profile's time goes: self time by package or source file (our
 * files by path, dependencies by package, V8 and Node internals by kind), and
 * the functions with the most self time. For `npm run bench -- --profile`.
 */
import fs from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
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
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

function groupOf(node: Node): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName === "(idle)" ? "(idle)" : functionName === "(garbage collector)" ? "(gc)" : `(native) ${functionName || "(anonymous)"}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return url;
  return url.replace(/^file:\/\/.*?\/(src|bench)\//, "$1/");
}

const groups = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, time] of self) {
  const node = byId.get(id)!;
  const group = groupOf(node);
  groups.set(group, (groups.get(group) ?? 0) + time);
  const name = `${node.callFrame.functionName || "(anonymous)"} ${group}:${node.callFrame.lineNumber + 1}`;
  functions.set(name, (functions.get(name) ?? 0) + time);
}
const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
const busy = total - (groups.get("(idle)") ?? 0);
console.log(`total ${(total / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (${pct(busy)})\n\nself time by package or file:`);
for (const [group, time] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(time)}  ${group}`);
console.log("\nfunctions:");
for (const [name, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 30))) console.log(`${pct(time)}  ${name}`);
