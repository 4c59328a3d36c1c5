import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { enginery, start, type Server } from "../helpers/processes.ts";

/**
 * Disconnecting an app holds on every process at once: two `enginery serve`
 * processes on one PostgreSQL database; clients hammer process B with an
 * access token while process A revokes its grant. No request sent to B after
 * A answered may be served. (Tokens are checked with their grant on every
 * request, with no cache, so there is nothing to wait for.) PostgreSQL only.
 */
const ON_POSTGRES = process.env.TEST_DB === "postgres";
let testDb: TestDatabase | undefined;
const servers: Server[] = [];

beforeAll(async () => {
  if (ON_POSTGRES) testDb = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop("SIGKILL")));
  await testDb?.drop();
});

function serve(): Server {
  const server = start(["serve"], enginery({ databaseUrl: testDb!.url! }, { PORT: "0", LOG_LEVEL: "warn", SNAPSHOT_EVERY_HOURS: "0" }));
  servers.push(server);
  return server;
}

const urlOf = async (server: Server) => (await server.waitFor(/Enginery is serving (http:\/\/localhost:\d+)/, 30_000))[1]!;

describe.skipIf(!ON_POSTGRES)("OAuth grant revocation across processes", () => {
  it("no request sent to another process after the disconnect answered is served, over 10 grants under load", async () => {
    const a = serve();
    const urlA = await urlOf(a);
    const [, admin] = await a.waitFor(/export KEY=(ek_live_[0-9A-Za-z]+)/);
    const urlB = await urlOf(serve());
    const json = { authorization: `Bearer ${admin}`, "content-type": "application/json" };
    const app = (await (
      await fetch(`${urlA}/v1/oauth_apps`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ name: "Sync", client_type: "confidential", redirect_uris: ["https://sync.example/cb"], scopes: ["finance:read"] }),
      })
    ).json()) as any;
    const basic = `Basic ${Buffer.from(`${app.client_id}:${app.client_secret}`).toString("base64")}`;

    let served = 0;
    const leaks: string[] = [];
    for (let round = 0; round < 10; round++) {
      // The last round's grant is revoked: client_credentials opens a new one.
      const scope = "finance:read";
      const token = (await (
        await fetch(`${urlA}/oauth/token`, {
          method: "POST",
          headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
          body: `grant_type=client_credentials&scope=${scope}`,
        })
      ).json()) as any;
      const me = (await (await fetch(`${urlB}/v1/me`, { headers: { authorization: `Bearer ${token.access_token}` } })).json()) as any;
      expect(me.oauth_grant.id).toMatch(/^ogr_/);

      let answeredAt = Infinity;
      let stop = false;
      const hammer = async () => {
        while (!stop) {
          const sentAt = performance.now();
          const res = await fetch(`${urlB}/v1/invoices`, { headers: { authorization: `Bearer ${token.access_token}` } });
          await res.arrayBuffer();
          if (res.status === 200) served++;
          if (res.status === 200 && sentAt > answeredAt)
            leaks.push(`round ${round}: served ${(sentAt - answeredAt).toFixed(1)} ms after the disconnect answered`);
          if (res.status !== 200 && res.status !== 401) throw new Error(`unexpected ${res.status}`);
        }
      };
      const loops = Array.from({ length: 16 }, hammer);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const revoked = await fetch(`${urlA}/v1/oauth_grants/${me.oauth_grant.id}`, { method: "DELETE", headers: { authorization: `Bearer ${admin}` } });
      answeredAt = performance.now();
      expect(revoked.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      stop = true;
      await Promise.all(loops);
    }
    expect(served).toBeGreaterThan(50);
    expect(leaks).toEqual([]);
  }, 120_000);
});
