#!/usr/bin/env node
// Adds to package-lock.json the platform packages npm left out of it, so that
// `npm ci` accepts the lock file. Run after regenerating the lock file:
//   npm install --package-lock-only && node scripts/complete-lock.mjs
//
// Why: npm resolves an optional dependency it cannot fetch by leaving it out
// of the lock file without a word, and `npm ci` then refuses the lock file as
// out of sync ("Missing: @rollup/rollup-darwin-arm64@ from lock file"). Where
// the registry in use lacks most of rollup's per-platform builds (this
// machine's mirror answers 404 for all but two), every regeneration loses
// them. Each entry written here is what npm itself writes for such a package:
// its version, where to fetch it, and the os/cpu/libc it installs on (read
// from its name), so npm skips it on any other platform, as before.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const LOCK = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "package-lock.json");
const OS = ["aix", "android", "darwin", "freebsd", "linux", "netbsd", "openbsd", "openharmony", "sunos", "win32"];
const CPU = ["arm", "arm64", "ia32", "loong64", "mips64el", "ppc64", "riscv64", "s390x", "x64"];

/** "@rollup/rollup-linux-arm-musleabihf" -> { os: ["linux"], cpu: ["arm"], libc: ["musl"] }; null when the name says no platform. */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return null;
  const abi = parts.at(-1);
  const libc = os !== "linux" ? null : abi.startsWith("musl") ? "musl" : abi.startsWith("gnu") ? "glibc" : null;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

const lock = JSON.parse(fs.readFileSync(LOCK, "utf8"));
const added = [];
for (const [at, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `${at ? `${at}/` : ""}node_modules/${name}`;
    // npm looks for a dependency beside its dependent, then further up: present anywhere up the path is enough.
    const present = [key, `node_modules/${name}`].some((k) => k in lock.packages);
    const platform = platformOf(name);
    if (present || !platform || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) continue;
    const file = `${name.split("/").pop()}-${version}.tgz`;
    lock.packages[`node_modules/${name}`] = {
      version,
      resolved: `https://registry.npmjs.org/${name}/-/${file}`,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length
    ? `Added ${added.length} platform packages to package-lock.json: ${added.join(", ")}`
    : "package-lock.json already lists every platform package.",
);
