/**
 * Who may change a function: deploying a version, changing its settings,
 * rolling back and deleting are refused to any caller whose permissions do
 * not cover those of every version the change touches (the live one, the one
 * made live, the ones deleted). A new version would otherwise run with the
 * old version's secrets and the caller could read them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../helpers/expect-problem.ts";
import { useTestApp, type ApiResponse, type Client, type Tenant } from "../helpers/harness.ts";
import { invite, signUp } from "../identity/session-client.ts";

const t = useTestApp({ identity: { signInLimits: { perAccount: 1000, perIp: 1000, windowMs: 60_000 } } });

/** Answers the secret it was deployed with, and which version it is. */
const leak = (v: number) =>
  `export default { async fetch(request, ctx) { return { v: ${v}, secret: ctx.secrets.API_KEY ?? null, version: ctx.function.version }; } }`;

let counter = 0;
const uniqueName = (prefix: string) => `${prefix}-${++counter}`;

async function ok(res: Promise<ApiResponse>, status: number, context: string): Promise<any> {
  const answer = await res;
  expect(answer.status, `${context}: ${answer.text}`).toBe(status);
  return answer.body;
}

/** The 403 a caller gets for a function it does not cover. */
function expectOwnerRefusal(res: ApiResponse, context: string): any {
  const problem = expectProblem(res, 403, "insufficient_permission", context);
  expect(problem.detail, context).toMatch(/runs with the permissions of/);
  expect(problem.missing_permissions?.length, `${context}: missing_permissions`).toBeGreaterThan(0);
  expect(problem.required_permission, context).toBe(problem.missing_permissions[0]);
  return problem;
}

async function fnState(client: Client, name: string): Promise<{ active_version: number; latest_version: number; deployed_by: string }> {
  const body = await ok(client.get(`/v1/functions/${name}`), 200, `GET ${name}`);
  return { active_version: body.active_version, latest_version: body.latest_version, deployed_by: body.deployed_by };
}

type Actor = "read_only" | "growth" | "finance" | "growth_finance" | "full_access";
type Deployer = Exclude<Actor, "read_only">;
type Op = "version" | "settings" | "rollback" | "delete";

/** Whose functions each kind of key may change: its permissions are a superset of the deployer's. */
const COVERS: Record<Actor, Deployer[]> = {
  read_only: [],
  growth: ["growth"],
  finance: ["finance"],
  growth_finance: ["growth", "finance", "growth_finance"],
  full_access: ["growth", "finance", "growth_finance", "full_access"],
};

describe("changing a function needs the permissions it runs with", () => {
  let tenant: Tenant;
  const keys = {} as Record<Actor, { id: string; client: Client }>;
  beforeAll(async () => {
    tenant = await t().tenant();
    keys.full_access = { id: tenant.keyId, client: tenant.client };
    keys.read_only = await tenant.newKey("read_only");
    keys.growth = await tenant.newKey("engine", { engines: ["growth"] });
    keys.finance = await tenant.newKey("engine", { engines: ["finance"] });
    keys.growth_finance = await tenant.newKey("engine", { engines: ["growth", "finance"] });
  });

  // The exploit of issue 17: a growth key deployed over a full-access key's function and read its secret.
  it("a growth key cannot deploy over a full-access key's function and read its secret", async () => {
    const name = uniqueName("payroll");
    await ok(tenant.client.post("/v1/functions", { name, source: leak(1), secrets: { API_KEY: "sk_full_access_only" } }), 201, "deploy");
    const hijack = await keys.growth.client.post(`/v1/functions/${name}/versions`, { source: leak(2) });
    const problem = expectOwnerRefusal(hijack, "hijack");
    expect(problem.missing_permissions).toEqual(expect.arrayContaining(["finance:read", "api_keys:manage"]));
    expect(problem.detail).toContain(tenant.keyId);
    expect(await fnState(tenant.client, name)).toEqual({ active_version: 1, latest_version: 1, deployed_by: tenant.keyId });
    // What runs is still the full-access key's version.
    expect(await ok(tenant.client.post(`/v1/functions/${name}/invoke`, {}), 200, "invoke")).toEqual({ v: 1, secret: "sk_full_access_only", version: 1 });
  });

  const DEPLOYERS: Deployer[] = ["growth", "finance", "growth_finance", "full_access"];
  const ACTORS: Actor[] = ["read_only", "growth", "finance", "growth_finance", "full_access"];
  const OPS: Op[] = ["version", "settings", "rollback", "delete"];

  function request(op: Op, name: string): [string, string, unknown] {
    switch (op) {
      case "version":
        return ["POST", `/v1/functions/${name}/versions`, { source: leak(3) }];
      case "settings":
        // The same code with other settings: a new version all the same, which would keep the secrets.
        return ["POST", `/v1/functions/${name}/versions`, { source: leak(2), env: { MODE: "changed" }, secrets: { OTHER: "x" } }];
      case "rollback":
        return ["POST", `/v1/functions/${name}/rollback`, { version: 1 }];
      case "delete":
        return ["DELETE", `/v1/functions/${name}`, undefined];
    }
  }

  for (const deployer of DEPLOYERS) {
    for (const actor of ACTORS) {
      const allowed = COVERS[actor].includes(deployer);
      it(`${actor} on a function deployed by ${deployer}: ${allowed ? "allowed" : "refused"} (version, settings, rollback, delete)`, async () => {
        for (const op of OPS) {
          const name = uniqueName(`own-${op}`);
          const owner = keys[deployer].client;
          await ok(owner.post("/v1/functions", { name, source: leak(1), secrets: { API_KEY: `sk_${deployer}` } }), 201, `deploy by ${deployer}`);
          await ok(owner.post(`/v1/functions/${name}/versions`, { source: leak(2) }), 201, `v2 by ${deployer}`);
          const [method, path, body] = request(op, name);
          const res = await keys[actor].client.request(method, path, body === undefined ? {} : { body });
          const context = `${actor} ${op} on ${deployer}'s`;
          if (actor === "read_only") {
            expect(expectProblem(res, 403, "insufficient_permission", context).required_permission).toBe("functions:manage");
          } else if (!allowed) {
            expectOwnerRefusal(res, context);
          } else {
            expect(res.status, `${context}: ${res.text}`).toBe(op === "version" || op === "settings" ? 201 : 200);
            continue;
          }
          expect(await fnState(tenant.client, name), context).toEqual({ active_version: 2, latest_version: 2, deployed_by: keys[deployer].id });
          expect(await ok(tenant.client.post(`/v1/functions/${name}/invoke`, {}), 200, context)).toEqual({ v: 2, secret: `sk_${deployer}`, version: 2 });
        }
      });
    }
  }

  it("rollback to a version deployed by a more privileged key is refused; delete needs every version's permissions", async () => {
    const name = uniqueName("history");
    await ok(keys.growth.client.post("/v1/functions", { name, source: leak(1), secrets: { API_KEY: "sk_growth" } }), 201, "v1 by growth");
    await ok(tenant.client.post(`/v1/functions/${name}/versions`, { source: leak(2), secrets: { API_KEY: "sk_full" } }), 201, "v2 by full access");
    // The growth key cannot touch the full-access version that is live...
    expectOwnerRefusal(await keys.growth.client.post(`/v1/functions/${name}/rollback`, { version: 1 }), "growth rolls back from full's v2");
    // ...and once its own version is live again, it cannot make the full-access one live.
    await ok(tenant.client.post(`/v1/functions/${name}/rollback`, { version: 1 }), 200, "full rolls back to growth's v1");
    const problem = expectOwnerRefusal(await keys.growth.client.post(`/v1/functions/${name}/rollback`, { version: 2 }), "growth rolls forward to full's v2");
    expect(problem.detail).toContain("version 2");
    expect((await fnState(tenant.client, name)).active_version).toBe(1);
    // A new version over its own live one is fine, and carries the live version's secrets, not v2's.
    await ok(keys.growth.client.post(`/v1/functions/${name}/versions`, { source: leak(3) }), 201, "growth v3 over its v1");
    expect(await ok(tenant.client.post(`/v1/functions/${name}/invoke`, {}), 200, "invoke v3")).toEqual({ v: 3, secret: "sk_growth", version: 3 });
    // Deleting takes every version, the full-access one too.
    expectOwnerRefusal(await keys.growth.client.delete(`/v1/functions/${name}`), "growth deletes");
    expect((await fnState(tenant.client, name)).latest_version).toBe(3);
    await ok(tenant.client.delete(`/v1/functions/${name}`), 200, "full deletes");
  });

  it("a revoked deployer key still counts: its secrets stay out of reach of keys that do not cover it", async () => {
    const name = uniqueName("revoked");
    const departed = await tenant.newKey("full_access");
    await ok(departed.client.post("/v1/functions", { name, source: leak(1), secrets: { API_KEY: "sk_departed" } }), 201, "deploy");
    await ok(tenant.client.delete(`/v1/api_keys/${departed.id}`), 200, "revoke");
    expectOwnerRefusal(
      await keys.growth_finance.client.post(`/v1/functions/${name}/versions`, { source: leak(2) }),
      "engine key over a revoked full-access key's version",
    );
    expectOwnerRefusal(await keys.growth_finance.client.delete(`/v1/functions/${name}`), "engine key deletes");
    // A full-access key takes it over (a new version runs with its own key).
    const taken = await ok(tenant.client.post(`/v1/functions/${name}/versions`, { source: leak(2) }), 201, "full access takes over");
    expect(taken.deployed_by).toBe(tenant.keyId);
  });

  it("dashboard members: a developer covers engine keys' functions, an engine key does not cover a developer's", async () => {
    const owner = await signUp(t().url);
    const dev = await invite(owner.session, "developer");
    const memberKey = await ok(owner.session.post("/v1/api_keys", { name: "growth for members test", kind: "engine", engines: ["growth"] }), 201, "growth key");
    const growth = t().client.withKey(memberKey.secret);

    await ok(dev.session.post("/v1/functions", { name: "by-developer", source: leak(1), secrets: { API_KEY: "sk_dev" } }), 201, "developer deploys");
    expectOwnerRefusal(await growth.post("/v1/functions/by-developer/versions", { source: leak(2) }), "growth over the developer's");
    expectOwnerRefusal(await growth.delete("/v1/functions/by-developer"), "growth deletes the developer's");

    await ok(growth.post("/v1/functions", { name: "by-growth", source: leak(1) }), 201, "growth deploys");
    await ok(growth.post("/v1/functions/by-growth/versions", { source: leak(2) }), 201, "growth v2");
    await ok(dev.session.post("/v1/functions/by-growth/rollback", { version: 1 }), 200, "developer rolls back growth's");
    await ok(dev.session.post("/v1/functions/by-growth/versions", { source: leak(3) }), 201, "developer deploys over growth's");
    const viewer = await invite(owner.session, "viewer");
    expectProblem(await viewer.session.post("/v1/functions/by-growth/rollback", { version: 1 }), 403, "insufficient_permission", "viewer");
    await ok(dev.session.delete("/v1/functions/by-developer"), 200, "developer deletes its own");
  });

  it("OAuth tokens: rollback and delete only where the granted scopes cover the deployer (a full-access key's never)", async () => {
    const owned = await t().tenant();
    const growth = await owned.newKey("engine", { engines: ["growth"] });
    await ok(growth.client.post("/v1/functions", { name: "g", source: leak(1) }), 201, "growth deploys");
    await ok(growth.client.post("/v1/functions/g/versions", { source: leak(2) }), 201, "growth v2");
    await ok(owned.client.post("/v1/functions", { name: "f", source: leak(1) }), 201, "full deploys");
    await ok(owned.client.post("/v1/functions/f/versions", { source: leak(2) }), 201, "full v2");

    const scopes = ["growth:read", "growth:write", "events:read", "functions:manage", "functions:invoke"];
    const app = await ok(
      owned.client.post("/v1/oauth_apps", { name: "Deployer bot", client_type: "confidential", redirect_uris: ["http://127.0.0.1:7/callback"], scopes }),
      201,
      "oauth app",
    );
    const basic = `Basic ${Buffer.from(`${encodeURIComponent(app.client_id)}:${encodeURIComponent(app.client_secret)}`).toString("base64")}`;
    const tokenRes = await fetch(`${t().url}/oauth/token`, {
      method: "POST",
      headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
      body: `grant_type=client_credentials&scope=${encodeURIComponent(scopes.join(" "))}`,
    });
    const token = (await tokenRes.json()) as { access_token: string };
    expect(token.access_token).toMatch(/^eoat_/);
    const api = t().client.withKey(token.access_token);

    expectOwnerRefusal(await api.post("/v1/functions/f/rollback", { version: 1 }), "token rolls back full's");
    expectOwnerRefusal(await api.delete("/v1/functions/f"), "token deletes full's");
    expect((await fnState(owned.client, "f")).active_version).toBe(2);
    await ok(api.post("/v1/functions/g/rollback", { version: 1 }), 200, "token rolls back growth's");
    expectProblem(await api.post("/v1/functions/g/versions", { source: leak(3) }), 403, "insufficient_permission", "token deploys");
    await ok(api.delete("/v1/functions/g"), 200, "token deletes growth's");
  });
});
