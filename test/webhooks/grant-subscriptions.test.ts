import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp, type Client, type Tenant } from "../helpers/harness.ts";
import { createInvoice } from "../helpers/routes.ts";
import { discover, insecure, oauth } from "../oauth/integration.ts";

/**
 * Issue 26: an OAuth app's webhook subscriptions belong to its grant. They
 * are made only for what the grant reads, delivered only what it still reads
 * (checked at each delivery against the grant's current scopes), and end with
 * it. The organization's own endpoints (made by keys and members) keep
 * working throughout. Tokens come from the real authorization server
 * (oauth4webapi); deliveries are verified by the standardwebhooks library.
 */
const getApp = useTestApp();

interface Receiver {
  url: string;
  /** Verified payloads, in arrival order. */
  events: { type: string; id: string }[];
  close(): Promise<void>;
}

async function receiver(secret: () => string): Promise<Receiver> {
  const events: { type: string; id: string }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      // Throws on a bad signature: the delivery then fails, and the test sees nothing arrive.
      const payload = new Webhook(secret()).verify(body, request.headers as Record<string, string>) as { type: string; id: string };
      events.push({ type: payload.type, id: payload.id });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    events,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("an OAuth app's webhook subscriptions", () => {
  let tenant: Tenant;
  let as: oauth.AuthorizationServer;
  let appId: string;
  let credentials: { client_id: string; secret: string };
  const receivers: Receiver[] = [];

  const tokenFor = async (scope: string): Promise<Client> => {
    const client: oauth.Client = { client_id: credentials.client_id };
    const tokens = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(credentials.secret), { scope }, insecure),
    );
    return getApp().client.withKey(tokens.access_token);
  };
  const deliver = async () => {
    while ((await getApp().dispatcher.runOnce()) > 0);
  };

  beforeAll(async () => {
    tenant = await getApp().tenant();
    as = await discover(getApp().url);
    const created = await tenant.client.post("/v1/oauth_apps", {
      name: "Books Sync",
      client_type: "confidential",
      redirect_uris: ["http://127.0.0.1:7/callback"],
      scopes: ["finance:read", "talent:read", "webhooks:manage"],
    });
    expect(created.status).toBe(201);
    appId = created.body.id;
    credentials = { client_id: created.body.client_id, secret: created.body.client_secret };
  });

  afterAll(async () => {
    for (const r of receivers) await r.close();
  });

  it("are delivered what the grant reads now, and end when it is revoked; the organization's endpoints keep working", async () => {
    const token = await tokenFor("finance:read webhooks:manage");
    let appSecret = "";
    let orgSecret = "";
    const appHook = await receiver(() => appSecret);
    const orgHook = await receiver(() => orgSecret);
    receivers.push(appHook, orgHook);

    const appEndpoint = await token.post("/v1/webhook_endpoints", { url: appHook.url, events: ["invoice.*"] });
    expect(appEndpoint.status).toBe(201);
    appSecret = appEndpoint.body.secret;
    const grantId = (await token.get("/v1/me")).body.oauth_grant.id;
    expect(appEndpoint.body.oauth_grant_id).toBe(grantId);
    // The organization's own "*", made with a full-access key.
    const orgEndpoint = await tenant.client.post("/v1/webhook_endpoints", { url: orgHook.url, events: ["*"] });
    expect(orgEndpoint.status).toBe(201);
    expect(orgEndpoint.body.oauth_grant_id).toBeNull();
    orgSecret = orgEndpoint.body.secret;

    // The app may not redirect the organization's endpoint to itself: changing it needs reading what it subscribes to.
    const hijack = await token.patch(`/v1/webhook_endpoints/${orgEndpoint.body.id}`, { url: appHook.url });
    expect(hijack.status).toBe(403);
    expect(hijack.body.pattern).toBe("*");

    const first = await createInvoice(tenant);
    const job = await tenant.client.post("/v1/jobs", { title: "Bookkeeper" });
    await deliver();
    expect(appHook.events.map((e) => e.type)).toEqual(["invoice.created"]);
    expect(orgHook.events.map((e) => e.type)).toEqual(expect.arrayContaining(["invoice.created", "job.created"]));
    expect(first.id).toBeDefined();
    expect(job.status).toBe(201);

    // The app stops asking for finance:read: its endpoint is no longer handed invoices, the organization's still is.
    expect((await tenant.client.patch(`/v1/oauth_apps/${appId}`, { scopes: ["talent:read", "webhooks:manage"] })).status).toBe(200);
    const before = appHook.events.length;
    const second = await createInvoice(tenant);
    await deliver();
    expect(appHook.events.length).toBe(before);
    const withheld = (await tenant.client.get(`/v1/webhook_endpoints/${appEndpoint.body.id}/deliveries?per_page=100`)).body.data.find(
      (d: { event_type: string; status: string }) => d.status === "exhausted",
    );
    expect(withheld).toBeDefined();
    const attempts = await tenant.client.get(`/v1/webhook_endpoints/${appEndpoint.body.id}/deliveries/${withheld.id}/attempts`);
    expect(attempts.body.data[0].error).toMatch(/withheld: .*finance:read/);
    expect(orgHook.events.filter((e) => e.type === "invoice.created")).toHaveLength(2);
    // A withheld delivery says nothing about the receiver: the endpoint stays enabled.
    expect((await tenant.client.get(`/v1/webhook_endpoints/${appEndpoint.body.id}`)).body.status).toBe("enabled");
    expect(second.id).toBeDefined();

    // Revoked: the app's endpoint is disabled in the same transaction, with an event saying so.
    expect((await tenant.client.delete(`/v1/oauth_grants/${grantId}`)).status).toBe(200);
    const disabled = await tenant.client.get(`/v1/webhook_endpoints/${appEndpoint.body.id}`);
    expect(disabled.body).toMatchObject({ status: "disabled", disabled_reason: "grant_revoked", oauth_grant_id: grantId });
    const disabledEvents = (await tenant.client.get("/v1/events?type=webhook_endpoint.disabled")).body.data;
    expect(disabledEvents.map((e: { data: { object: { id: string } } }) => e.data.object.id)).toContain(appEndpoint.body.id);
    expect((await tenant.client.get(`/v1/webhook_endpoints/${orgEndpoint.body.id}`)).body.status).toBe("enabled");

    // Whoever turns it back on must read what it subscribes to, and then owns it.
    const reenabled = await tenant.client.patch(`/v1/webhook_endpoints/${appEndpoint.body.id}`, { status: "enabled" });
    expect(reenabled.body).toMatchObject({ status: "enabled", oauth_grant_id: null });
  });

  it("deleting the app ends the subscriptions of every grant it held", async () => {
    const other = await tenant.client.post("/v1/oauth_apps", {
      name: "Short Lived",
      client_type: "confidential",
      redirect_uris: ["http://127.0.0.1:7/callback"],
      scopes: ["finance:read", "webhooks:manage"],
    });
    const client: oauth.Client = { client_id: other.body.client_id };
    const tokens = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(
        as,
        client,
        oauth.ClientSecretBasic(other.body.client_secret),
        { scope: "finance:read webhooks:manage" },
        insecure,
      ),
    );
    const token = getApp().client.withKey(tokens.access_token);
    const endpoint = await token.post("/v1/webhook_endpoints", { url: "http://127.0.0.1:9/hook", events: ["invoice.paid"] });
    expect(endpoint.status).toBe(201);
    expect((await tenant.client.delete(`/v1/oauth_apps/${other.body.id}`)).status).toBe(200);
    expect((await tenant.client.get(`/v1/webhook_endpoints/${endpoint.body.id}`)).body).toMatchObject({ status: "disabled", disabled_reason: "grant_revoked" });
    expect((await token.get("/v1/me")).status).toBe(401);
  });
});
