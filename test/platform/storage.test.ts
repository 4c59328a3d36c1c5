import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { lockPath } from "../../src/db/embedded-lock.ts";
import { createTestDatabase, testDbKind, type TestDatabase } from "../helpers/database.ts";
import { enginery, run, start, type Server, type Target } from "../helpers/processes.ts";

/**
 * Item 2 and the quick start: `enginery serve` on an empty database creates
 * the demo organization and prints its key once; the embedded database admits
 * one process at a time, says which one holds it, and takes over a stale lock.
 * Real processes throughout (PGlite in a temporary DATA_DIR, or this file's
 * PostgreSQL database).
 */
const embedded = testDbKind() === "pglite";
let tmp: string;
let testDb: TestDatabase | undefined;
let target: Target;
let dataDir: string;
const servers: Server[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "enginery-storage-"));
  dataDir = path.join(tmp, "data");
  if (embedded) {
    target = { dataDir };
  } else {
    testDb = await createTestDatabase();
    target = { databaseUrl: testDb.url! };
  }
});

afterEach(async () => {
  // A test that failed half-way leaves no server behind.
  await Promise.all(servers.splice(0).map((s) => s.stop("SIGKILL")));
});

afterAll(async () => {
  await testDb?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function serve(): Server {
  const server = start(["serve"], enginery(target, { PORT: "0", LOG_LEVEL: "info" }));
  servers.push(server);
  return server;
}

async function listening(server: Server): Promise<string> {
  const [, url] = await server.waitFor(/Enginery is serving (http:\/\/localhost:\d+)/);
  const health = await fetch(`${url}/healthz`);
  expect(health.status).toBe(200);
  return url!;
}

function countOf(text: string, part: string): number {
  return text.split(part).length - 1;
}

const hasCurl = spawnSync("curl", ["--version"]).status === 0;

let demo: { secret: string; orgId: string };

describe("enginery serve", () => {
  it("creates the demo organization on first start and prints its full-access key once; the key works", async () => {
    const server = serve();
    const url = await listening(server);
    const [, secret] = await server.waitFor(/export KEY=(ek_live_[0-9A-Za-z]+)/);
    const [, orgId] = await server.waitFor(/demo organization "[^"]+" \((org_[0-9a-z]{26})\)/);
    demo = { secret: secret!, orgId: orgId! };

    const auth = { authorization: `Bearer ${demo.secret}` };
    const overdue = await fetch(`${url}/v1/invoices?status=overdue&per_page=100`, { headers: auth });
    expect(overdue.status).toBe(200);
    const body = (await overdue.json()) as { data: { status: string; days_overdue: number }[]; meta: { total: number } };
    expect(body.meta.total).toBeGreaterThanOrEqual(10);
    expect(body.data).toHaveLength(body.meta.total);
    for (const invoice of body.data) {
      expect(invoice.status).toBe("overdue");
      expect(invoice.days_overdue).toBeGreaterThan(0);
    }
    // Exactly the overdue ones: the full list agrees.
    const all = (await (await fetch(`${url}/v1/invoices?per_page=100`, { headers: auth })).json()) as { data: { status: string }[] };
    expect(all.data.filter((i) => i.status === "overdue")).toHaveLength(body.meta.total);
    expect(new Set(all.data.map((i) => i.status))).toEqual(new Set(["draft", "open", "overdue", "paid", "void", "uncollectible"]));

    // As the banner says to, with curl.
    if (hasCurl) {
      const { stdout } = await promisify(execFile)("curl", ["-s", "-H", `Authorization: Bearer ${demo.secret}`, `${url}/v1/invoices?status=overdue`]);
      expect(JSON.parse(stdout).meta.total).toBe(body.meta.total);
    }

    const me = (await (await fetch(`${url}/v1/me`, { headers: auth })).json()) as any;
    expect(me.organization).toMatchObject({ id: demo.orgId, plan: "growth" });
    expect(me.api_key.kind).toBe("full_access");

    if (embedded) {
      // While it runs, no other process may open the embedded database, and the CLI says who holds it.
      const pid = server.child.pid!;
      expect(fs.readFileSync(lockPath(dataDir), "utf8")).toBe(String(pid));
      const list = await run(["keys", "list", "--org", demo.orgId], enginery(target));
      expect(list.code, list.stderr).toBe(1);
      expect(list.stdout).toBe("");
      const lines = list.stderr.trimEnd().split("\n");
      expect(lines, list.stderr).toHaveLength(1);
      expect(lines[0]).toContain(`in use by another Enginery process (pid ${pid})`);
      expect(lines[0]).toContain(dataDir);
      // The running server is unharmed.
      expect((await fetch(`${url}/v1/invoices?status=overdue`, { headers: auth })).status).toBe(200);
    } else {
      // PostgreSQL is shared: the CLI works beside the running server.
      const list = await run(["keys", "list", "--org", demo.orgId], enginery(target));
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).toContain("Demo full-access key");
    }

    expect(await server.stop("SIGTERM")).toBe(0);
    const { stdout, stderr } = server.output();
    // Shown once, and never in the logs.
    expect(countOf(stdout + stderr, demo.secret)).toBe(1);
    if (embedded) expect(fs.existsSync(lockPath(dataDir))).toBe(false);

    // Stopped, the database is free for the CLI again.
    const list = await run(["keys", "list", "--org", demo.orgId], enginery(target));
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/active\s+full_access.*Demo full-access key/);
    expect(list.stdout).not.toContain(demo.secret);
  }, 120_000);

  it(embedded
    ? "does not seed or print a key again on the next start, and takes over a lock left by a dead process"
    : "does not seed or print a key again on the next start", async () => {
    if (embedded) {
      const dead = spawnSync(process.execPath, ["-e", ""]).pid;
      fs.writeFileSync(lockPath(dataDir), String(dead));
    }
    const server = serve();
    const url = await listening(server);
    if (embedded) expect(fs.readFileSync(lockPath(dataDir), "utf8")).toBe(String(server.child.pid));

    const { stdout } = server.output();
    expect(stdout).not.toContain("ek_live_");
    expect(stdout).not.toContain("First start");
    // The same data, the same key.
    const overdue = await fetch(`${url}/v1/invoices?status=overdue`, { headers: { authorization: `Bearer ${demo.secret}` } });
    expect(overdue.status).toBe(200);
    const orgs = await fetch(`${url}/v1/me`, { headers: { authorization: `Bearer ${demo.secret}` } });
    expect(((await orgs.json()) as any).organization.id).toBe(demo.orgId);

    expect(await server.stop("SIGTERM")).toBe(0);
    expect(countOf(server.output().stdout + server.output().stderr, "ek_live_")).toBe(0);
    if (embedded) expect(fs.existsSync(lockPath(dataDir))).toBe(false);
  }, 120_000);
});
