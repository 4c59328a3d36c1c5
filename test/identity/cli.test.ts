import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDbKind, type TestDatabase } from "../helpers/database.ts";
import { enginery, run, start, type Target } from "../helpers/processes.ts";
import { SessionClient } from "./session-client.ts";

/** The first owner from the shell, and the demo user printed on first start, signing in to a real server process. */
let tmp: string;
let testDb: TestDatabase | undefined;
let target: Target;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "enginery-users-"));
  if (testDbKind() === "postgres") {
    testDb = await createTestDatabase();
    target = { databaseUrl: testDb.url! };
  } else {
    target = { dataDir: path.join(tmp, "data") };
  }
});

afterAll(async () => {
  await testDb?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("people from the shell", () => {
  it("prints where to sign in and the demo user's password on first start; users create makes more", async () => {
    // PGlite is one process at a time: the CLI runs between two starts of the server.
    const env = enginery(target, { PORT: "0" });
    let orgId = "";
    await serving(env, async (url, server) => {
      const [, password] = await server.waitFor(/as demo@enginery\.dev with the password (\S+) \(shown this once\)/);
      expect(server.output().stdout).toContain(`Dashboard: ${url}/dashboard`);
      const demo = new SessionClient(url);
      expect((await demo.post("/dashboard/api/sign_in", { email: "demo@enginery.dev", password })).status).toBe(200);
      const me = await demo.get("/dashboard/api/session");
      expect(me.body.role).toBe("owner");
      orgId = me.body.organization.id;
      expect((await demo.get("/v1/invoices?per_page=1")).body.meta.total).toBeGreaterThan(10);
    });

    const refused = await run(["users", "create", "--email", "x@example.com", "--org", orgId, "--role", "superuser"], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/--role must be one of owner, admin, developer, viewer/);
    const made = await run(["users", "create", "--email", "Ops@Example.com", "--org", orgId, "--role", "viewer"], env);
    expect(made.code, made.stderr).toBe(0);
    const [, secret] = /shown this once: (\S+)/.exec(made.stdout)!;

    await serving(env, async (url, server) => {
      expect(server.output().stdout).not.toContain("demo@enginery.dev");
      const ops = new SessionClient(url);
      expect((await ops.post("/dashboard/api/sign_in", { email: "ops@example.com", password: secret })).status).toBe(200);
      expect((await ops.get("/dashboard/api/session")).body).toMatchObject({ role: "viewer", organization: { id: orgId } });
    });
  }, 120_000);
});

async function serving(env: NodeJS.ProcessEnv, use: (url: string, server: ReturnType<typeof start>) => Promise<void>): Promise<void> {
  const server = start(["serve"], env);
  try {
    const [, url] = await server.waitFor(/Enginery is serving (http:\/\/localhost:\d+)/);
    await server.waitFor(/Dashboard: /);
    await use(url!, server);
  } finally {
    await server.stop();
  }
}
