import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { distIsFresh } from "../../scripts/build.mjs";
import { enginery, start, type Server } from "../helpers/processes.ts";

/**
 * Production runs the compiled dist/ (scripts/build.mjs), not the TypeScript
 * sources: the server, the edge-function worker it forks and the dashboard it
 * bundles must all work from there. Independent of the database, so run once (PGLITE_ONLY in vitest.config.ts).
 */
let tmp: string;
let server: Server | undefined;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "enginery-compiled-"));
});

afterAll(async () => {
  await server?.stop("SIGKILL");
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("dist/ freshness", () => {
  /** A project tree with one source file and a build stamp, `age` seconds old each. */
  function tree(name: string, sourceAge: number, stampAge: number): string {
    const root = path.join(tmp, name);
    fs.mkdirSync(path.join(root, "src", "db"), { recursive: true });
    fs.mkdirSync(path.join(root, "dist"), { recursive: true });
    fs.writeFileSync(path.join(root, "src", "db", "a.ts"), "export {};\n");
    fs.writeFileSync(path.join(root, "dist", ".built"), "\n");
    const at = (age: number) => new Date(Date.now() - age * 1000);
    for (const p of ["src/db/a.ts", "src/db", "src"]) fs.utimesSync(path.join(root, p), at(sourceAge), at(sourceAge));
    fs.utimesSync(path.join(root, "dist", ".built"), at(stampAge), at(stampAge));
    return root;
  }

  it("is fresh when built after every source, stale when a source changed or a file was added since, or never built", () => {
    expect(distIsFresh(tree("fresh", 60, 30))).toBe(true);
    expect(distIsFresh(tree("edited", 30, 60))).toBe(false);
    const added = tree("added", 60, 30);
    fs.writeFileSync(path.join(added, "src", "db", "b.ts"), "export {};\n");
    fs.utimesSync(path.join(added, "src", "db", "b.ts"), new Date(Date.now() - 90_000), new Date(Date.now() - 90_000));
    expect(distIsFresh(added)).toBe(false); // an old file copied in still changes its directory
    const never = tree("never", 60, 30);
    fs.rmSync(path.join(never, "dist"), { recursive: true });
    expect(distIsFresh(never)).toBe(false);
  });
});

describe("enginery serve from dist/", () => {
  it("serves the API, forks the function worker and bundles the dashboard, with no TypeScript loader", async () => {
    server = start(["serve"], enginery({ dataDir: path.join(tmp, "data") }, { PORT: "0", SCHEDULER: "false" }));
    const [, url] = await server.waitFor(/Enginery is serving (http:\/\/localhost:\d+)/, 90_000);
    const [, key] = await server.waitFor(/export KEY=(ek_live_[0-9A-Za-z]+)/);
    expect(server.output().stderr).not.toContain("tsx");
    const auth = { authorization: `Bearer ${key}`, "content-type": "application/json" };

    const source = "export default { fetch(request, ctx) { return { org: ctx.org.id, method: request.method }; } };";
    const deployed = await fetch(`${url}/v1/functions`, { method: "POST", headers: auth, body: JSON.stringify({ name: "hello", source }) });
    expect(deployed.status, await deployed.clone().text()).toBe(201);
    const invoked = await fetch(`${url}/v1/functions/hello/invoke`, { headers: auth });
    expect(invoked.status, await invoked.clone().text()).toBe(200);
    expect(await invoked.json()).toMatchObject({ org: expect.stringMatching(/^org_/), method: "GET" });

    const app = await fetch(`${url}/dashboard/assets/app.js`);
    expect(app.status).toBe(200);
    const js = await app.text();
    expect(js).not.toContain("could not be built");
    expect(js.length).toBeGreaterThan(10_000);
  }, 120_000);
});
