#!/usr/bin/env node
// Compiles src/ to dist/ so production starts without loading TypeScript
// through tsx. Run by `npm install` (prepare) and `npm run build`; bin/enginery
// uses dist/ when it is at least as new as every file in src/.
//
// Plain JavaScript on purpose: it runs during `npm install`, before anything
// could load TypeScript, and bin/enginery imports `distIsFresh` from it on
// every start (esbuild itself is only loaded to build).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SRC = path.join(ROOT, "src");
const DIST = path.join(ROOT, "dist");
/** Written last: its time is the build's, and its presence says the build finished. */
const STAMP = ".built";
/** The browser app is bundled by the server at start (dashboard-routes.ts), so dist/ keeps its sources. */
const VERBATIM = path.join("dashboard", "client") + path.sep;
/**
 * Pure-JavaScript ESM libraries bundled into our chunks: loading them file by
 * file cost most of a command's start (typebox alone is hundreds of modules).
 * Everything else stays a normal import from node_modules: native code
 * (isolated-vm), files found beside the package (PGlite's WebAssembly,
 * Scalar's assets, esbuild's binary), CommonJS (pino, ioredis, Fastify).
 */
const BUNDLED = new Set(["typebox", "drizzle-orm", "typeid-js", "uuid", "postgres"]);

function packageName(specifier) {
  const [first, second] = specifier.split("/");
  return first.startsWith("@") ? `${first}/${second}` : first;
}

/** True when <root>/dist/ was built after the last change to anything in <root>/src/. */
export function distIsFresh(root = ROOT) {
  const src = path.join(root, "src");
  let built;
  try {
    built = fs.statSync(path.join(root, "dist", STAMP)).mtimeMs;
  } catch {
    return false;
  }
  if (fs.statSync(src).mtimeMs > built) return false;
  // Directories too: a directory's time changes when a file in it is added, removed or renamed.
  return fs.readdirSync(src, { recursive: true, withFileTypes: true }).every((e) => fs.statSync(path.join(e.parentPath ?? e.path, e.name)).mtimeMs <= built);
}

/**
 * Our modules keep the import.meta.url they have in src/ (as dist/<same
 * path>.js), wherever the bundler puts their code: the migrations, the
 * isolate prelude, the function worker and the dashboard's sources are found
 * beside the module that names them, and the build copies them there.
 */
function keepModuleUrls(outputDir) {
  return {
    name: "keep-module-urls",
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        args.kind === "entry-point" || BUNDLED.has(packageName(args.path)) ? undefined : { path: args.path, external: true },
      );
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!args.path.startsWith(SRC + path.sep)) return undefined;
        const asBuilt = path.join(DIST, path.relative(SRC, args.path)).replace(/\.ts$/, ".js");
        const url = `new URL(${JSON.stringify(path.relative(outputDir, asBuilt).split(path.sep).join("/"))}, import.meta.url).href`;
        const text = await fs.promises.readFile(args.path, "utf8");
        return { contents: text.replaceAll("import.meta.url", url), loader: "ts" };
      });
    },
  };
}

const COMMON = { absWorkingDir: ROOT, bundle: true, format: "esm", platform: "node", target: "node20", sourcemap: "linked", logLevel: "warning" };

/**
 * Two bundles: the CLI and server (main.js and the chunks its commands load
 * on demand, all directly in dist/), and the edge-function worker (a child
 * process of its own, forked by path). Everything in src/ that is not
 * TypeScript (SQL migrations, the isolate prelude, the dashboard's sources)
 * is copied to the same place in dist/.
 */
export async function build() {
  const { build: esbuild } = await import("esbuild");
  const staging = `${DIST}.${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const main = await esbuild({ ...COMMON, entryPoints: ["src/main.ts"], outdir: staging, splitting: true, metafile: true, plugins: [keepModuleUrls(DIST)] });
  const workerDir = path.join(DIST, "functions", "runtime");
  await esbuild({
    ...COMMON,
    entryPoints: ["src/functions/runtime/worker.ts"],
    outfile: path.join(staging, "functions", "runtime", "worker.js"),
    plugins: [keepModuleUrls(workerDir)],
  });
  const files = fs
    .readdirSync(SRC, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(SRC, path.join(e.parentPath ?? e.path, e.name)));
  for (const file of files.filter((f) => !f.endsWith(".ts") || f.startsWith(VERBATIM))) {
    fs.mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
    fs.copyFileSync(path.join(SRC, file), path.join(staging, file));
  }
  fs.writeFileSync(path.join(staging, STAMP), `${new Date().toISOString()}\n`);
  // Built beside and moved in: a failed build leaves the previous dist/ as it was.
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.renameSync(staging, DIST);
  return Object.keys(main.metafile.inputs).filter((f) => f.startsWith("src/")).length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = performance.now();
  const count = await build();
  console.log(`Built dist/ from src/ (${count} modules) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
