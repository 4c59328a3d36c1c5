import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Api } from "../platform/http.ts";

const CLIENT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "client");

/**
 * The dashboard is a small Preact app bundled by esbuild (already ours, for
 * edge functions) in memory when the server starts: no build step, no output
 * to commit, no CDN. Built once per process and shared by every app in it.
 */
let bundle: Promise<{ js: string; css: string }> | undefined;

function buildClient(): Promise<{ js: string; css: string }> {
  bundle ??= build({
    entryPoints: [path.join(CLIENT_DIR, "main.tsx")],
    bundle: true,
    write: false,
    minify: true,
    format: "esm",
    target: "es2022",
    jsx: "automatic",
    jsxImportSource: "preact",
    outdir: "out",
    logLevel: "silent",
  }).then((result) => {
    const text = (ext: string) => result.outputFiles.find((f) => f.path.endsWith(ext))?.text ?? "";
    return { js: text(".js"), css: text(".css") };
  });
  return bundle;
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Enginery Dashboard</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/dashboard/assets/app.css">
<script type="module" src="/dashboard/assets/app.js"></script>
</head>
<body><div id="app"></div></body>
</html>`;

/** Everything the page loads comes from this server; nothing runs inline. */
const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
};

export async function registerDashboard(app: Api): Promise<void> {
  // A dashboard that fails to build must not take the API down with it: the page says what happened.
  const assets = await buildClient().catch((error: Error) => {
    app.log.error({ err: error }, "the dashboard could not be built");
    return { js: `document.body.textContent = ${JSON.stringify(`The dashboard could not be built: ${error.message}`)};`, css: "" };
  });
  const open = { config: { public: true }, schema: { hide: true } };
  app.get("/dashboard", open, async (_request, reply) =>
    reply.headers(SECURITY_HEADERS).type("text/html; charset=utf-8").header("cache-control", "no-store").send(PAGE),
  );
  app.get("/dashboard/assets/app.js", open, async (_request, reply) =>
    reply.headers(SECURITY_HEADERS).type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(assets.js),
  );
  app.get("/dashboard/assets/app.css", open, async (_request, reply) =>
    reply.headers(SECURITY_HEADERS).type("text/css; charset=utf-8").header("cache-control", "no-cache").send(assets.css),
  );
}
