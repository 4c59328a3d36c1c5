import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { featureSubscribers } from "../../src/subscribers.ts";
import { openDatabase } from "../../src/db/connection.ts";
import { memoryRateLimitStore } from "../../src/platform/rate-limit/memory-store.ts";
import { createTestDatabase, testDbKind, type TestDatabase } from "../helpers/database.ts";
import { Client } from "../helpers/harness.ts";
import { enginery, run, type Finished, type Target } from "../helpers/processes.ts";

/**
 * Item 4: bin/enginery's admin commands, run as real processes on the same
 * database the server uses (a temporary PGlite DATA_DIR, or this file's
 * PostgreSQL database). The tests run in order and build on each other.
 */
let tmp: string;
let testDb: TestDatabase | undefined;
let target: Target;
let env: NodeJS.ProcessEnv;
let refusals: Promise<[Finished, Finished, Finished]>;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "enginery-cli-"));
  if (testDbKind() === "postgres") {
    testDb = await createTestDatabase();
    target = { databaseUrl: testDb.url! };
  } else {
    target = { dataDir: path.join(tmp, "data") };
  }
  env = enginery(target);
  // Refused commands fail before opening the database, so they run beside the others (awaited in their own test).
  refusals = Promise.all([
    run(["keys", "create", "--org", "org_01jd8z6q4m2c8v3t5y7w9x0a1b", "--kind", "superuser"], env),
    run(["keys", "create", "--kind", "full_access"], env),
    // Node's argument parser explains this one over three lines; the CLI keeps it to one.
    run(["keys", "create", "--org", "org_01jd8z6q4m2c8v3t5y7w9x0a1b", "--kind", "read_only", "--expires-in-days", "-3"], env),
  ]);
});

afterAll(async () => {
  await testDb?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A refused command: exit code 1, one line on stderr that says `message`, nothing on stdout. */
function expectUsageError(result: Awaited<ReturnType<typeof run>>, message: RegExp) {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stdout).toBe("");
  const lines = result.stderr.trimEnd().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^enginery: /);
  expect(lines[0]).toMatch(message);
}

const ORG_ID = /^org_[0-7][0-9a-hjkmnp-tv-z]{25}$/;
const SECRET = /^ek_live_[0-9A-Za-z]{32,}$/;

let orgId: string;
const keys: Record<string, { id: string; secret: string }> = {};

describe("enginery CLI", () => {
  it("migrates, and migrating again is a no-op", async () => {
    const first = await run(["migrate"], env);
    expect(first.code, first.stderr).toBe(0);
    // A fresh data directory gets the migrations; the PostgreSQL test database already has them.
    const all = fs
      .readdirSync(path.join(import.meta.dirname, "../../src/db/migrations"))
      .filter((f) => f.endsWith(".sql"))
      .sort();
    expect(first.last).toBe(testDbKind() === "pglite" ? `Applied ${all.join(", ")}.` : "The database is up to date.");
    const second = await run(["migrate"], env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.last).toBe("The database is up to date.");
  }, 60_000);

  it("creates an organization and keys, printing the org id and each secret as the last line", async () => {
    const created = await run(["orgs", "create", "--name", "Acme CLI", "--plan", "growth"], env);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain('"Acme CLI"');
    expect(created.stdout).toContain("growth");
    expect(created.last).toMatch(ORG_ID);
    orgId = created.last;

    // One at a time: an embedded database admits one process.
    const full = await run(["keys", "create", "--org", orgId, "--kind", "full_access"], env);
    const engine = await run(
      ["keys", "create", "--org", orgId, "--kind", "engine", "--engines", "finance", "--name", "Finance bot", "--expires-in-days", "30"],
      env,
    );
    for (const [kind, result] of Object.entries({ full, engine })) {
      expect(result.code, result.stderr).toBe(0);
      // Nothing on stderr: not even a warning from the runtime about how the embedded engine was started.
      expect(result.stderr).toBe("");
      expect(result.last).toMatch(SECRET);
      expect(result.stdout.split(result.last)).toHaveLength(2); // printed once
      const id = /\b(key_[0-9a-z]{26})\b/.exec(result.stdout)![1]!;
      keys[kind] = { id, secret: result.last };
    }
    expect(full.stdout).toContain("full_access");
    expect(engine.stdout).toMatch(/engine key key_\S+ \(Finance bot\), expiring \d{4}-\d\d-\d\dT/);
    expect(keys.full!.secret).not.toBe(keys.engine!.secret);
  }, 60_000);

  it("refuses, in one line naming the flag, an engine key without --engines and keys of an organization that does not exist", async () => {
    const noEngines = await run(["keys", "create", "--org", orgId, "--kind", "engine"], env);
    expectUsageError(noEngines, /^enginery: --engines is required for kind engine \(finance, growth, talent, agent\)$/);
    const enginesForAll = await run(["keys", "create", "--org", orgId, "--kind", "read_only", "--engines", "finance"], env);
    expectUsageError(enginesForAll, /^enginery: --engines must be empty for kind read_only$/);
    const nobody = await run(["keys", "list", "--org", "org_01jd8z6q4m2c8v3t5y7w9x0a1b"], env);
    expectUsageError(nobody, /^enginery: There is no organization org_01jd8z6q4m2c8v3t5y7w9x0a1b\.$/);
    const notAnId = await run(["keys", "list", "--org", "acme"], env);
    expectUsageError(notAnId, /--org must be an organization id \(org_\.\.\.\), got "acme"/);
  }, 60_000);

  it("lists the organization's keys without their secrets, and revokes one", async () => {
    const listed = await run(["keys", "list", "--org", orgId], env);
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    const line = (id: string) => lines.find((l) => l.startsWith(id))!;
    expect(line(keys.full!.id)).toMatch(/active\s+full_access/);
    expect(line(keys.engine!.id)).toMatch(/active\s+engine\s+\S+\s+finance\s+Finance bot$/);
    for (const { secret } of Object.values(keys)) expect(listed.stdout).not.toContain(secret);

    const revoked = await run(["keys", "revoke", keys.engine!.id], env);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.last).toMatch(new RegExp(`^Revoked ${keys.engine!.id} \\(Finance bot\\) at \\d{4}-`));
  }, 60_000);

  it("refuses bad arguments with exit code 1 and one line", async () => {
    const [badKind, noOrg, badDays] = await refusals;
    expectUsageError(badKind, /--kind must be one of read_only, engine, full_access/);
    expectUsageError(noOrg, /--org is required/);
    expectUsageError(badDays, /--expires-in-days/);
  }, 60_000);

  it("made keys the API accepts, with their kinds' permissions, and refuses the revoked one", async () => {
    // The server's view of the same database (the CLI processes have all ended, so the embedded one is free).
    const database = await openDatabase("databaseUrl" in target ? { kind: "postgres", url: target.databaseUrl } : { kind: "pglite", dataDir: target.dataDir });
    const rateLimits = memoryRateLimitStore();
    const app = await buildApp({ database, subscribers: featureSubscribers, rateLimits });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const client = new Client(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);

      const me = await client.get("/v1/me", { key: keys.full!.secret });
      expect(me.status, me.text).toBe(200);
      expect(me.body.organization).toMatchObject({ id: orgId, name: "Acme CLI", plan: "growth" });
      expect(me.body.api_key).toMatchObject({ id: keys.full!.id, kind: "full_access" });
      expect(me.headers.get("x-ratelimit-limit")).toBe("1000");

      const engine = await client.get(`/v1/api_keys/${keys.engine!.id}`, { key: keys.full!.secret });
      expect(engine.body).toMatchObject({ kind: "engine", engines: ["finance"], name: "Finance bot", status: "revoked" });
      expect(engine.body.permissions.sort()).toEqual(["events:read", "finance:read", "finance:write", "functions:invoke", "functions:manage"]);
      expect(new Date(engine.body.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
      const [head, tail] = engine.body.hint.split("…");
      expect(keys.engine!.secret.startsWith(head) && keys.engine!.secret.endsWith(tail)).toBe(true);

      const revoked = await client.get("/v1/invoices", { key: keys.engine!.secret });
      expect(revoked.status).toBe(401);
      expect(revoked.body.code).toBe("api_key_revoked");

      // The CLI's changes are events like any other.
      const events = await client.get("/v1/events?type=api_key.*&sort=timestamp", { key: keys.full!.secret });
      expect(events.body.data.map((e: { type: string }) => e.type)).toEqual(["api_key.created", "api_key.created", "api_key.revoked"]);
      expect(events.body.data[2].request).toEqual({ id: null, idempotency_key: null });
    } finally {
      await app.close();
      await rateLimits.close();
      await database.close();
    }
  }, 60_000);
});
