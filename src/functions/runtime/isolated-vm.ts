/**
 * Which isolated-vm this Node can run. No one version covers Node 20 to 24:
 * 5.0.4 does not compile against Node 24's V8, and 6.x declares Node >= 22
 * (6.2.0 ships prebuilt binaries for Node 22 and 24). package.json depends on
 * both, as optional dependencies ("isolated-vm" 5.0.4 and "isolated-vm-6"),
 * so npm drops the one that fails to install on the running Node; this picks
 * the one that loads, the natural one first. Their APIs are the same (the
 * type definitions are identical), so callers see one module.
 */
import { createRequire } from "node:module";

export type IsolatedVm = typeof import("isolated-vm-types");

/** Package names in the order to try them on this Node. */
export function candidates(nodeVersion = process.versions.node): string[] {
  const major = Number(nodeVersion.split(".")[0]);
  return major >= 22 ? ["isolated-vm-6", "isolated-vm"] : ["isolated-vm", "isolated-vm-6"];
}

export type Loaded = { ok: true; ivm: IsolatedVm; name: string } | { ok: false; reason: string };

/** Loads the first of `names` that works; if none does, says why for each. */
export function loadIsolatedVm(names: string[] = candidates()): Loaded {
  const require = createRequire(import.meta.url);
  const failures: string[] = [];
  for (const name of names) {
    try {
      return { ok: true, ivm: require(name) as IsolatedVm, name };
    } catch (error) {
      failures.push(`${name}: ${String((error as Error).message).split("\n")[0]}`);
    }
  }
  return { ok: false, reason: `no isolated-vm loads on Node ${process.version} (${failures.join("; ")}); reinstall with npm install on this Node` };
}
