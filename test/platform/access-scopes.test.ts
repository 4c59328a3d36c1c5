import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp, type Tenant } from "../helpers/harness.ts";
import { createInvoice } from "../helpers/routes.ts";
import { discover, insecure, oauth } from "../oauth/integration.ts";

/**
 * Issue 26, section 1: an OAuth token reads only what its scopes grant, on
 * every path events leave by. Tokens come from the real authorization server
 * through oauth4webapi's client_credentials grant.
 */
const getApp = useTestApp();

describe("an OAuth token sees only the events its scopes grant", () => {
  let tenant: Tenant;
  let as: oauth.AuthorizationServer;
  let app: { client_id: string; secret: string };
  let candidateEvent: string;

  const tokenFor = async (scope: string) => {
    const client: oauth.Client = { client_id: app.client_id };
    const tokens = await oauth.processClientCredentialsResponse(
      as,
      client,
      await oauth.clientCredentialsGrantRequest(as, client, oauth.ClientSecretBasic(app.secret), { scope }, insecure),
    );
    return getApp().client.withKey(tokens.access_token);
  };

  beforeAll(async () => {
    tenant = await getApp().tenant();
    as = await discover(getApp().url);
    const created = await tenant.client.post("/v1/oauth_apps", {
      name: "Finance Export",
      client_type: "confidential",
      redirect_uris: ["http://127.0.0.1:7/callback"],
      scopes: ["finance:read", "events:read", "webhooks:manage", "talent:read"],
    });
    expect(created.status).toBe(201);
    app = { client_id: created.body.client_id, secret: created.body.client_secret };
    await createInvoice(tenant);
    const job = await tenant.client.post("/v1/jobs", { title: "Engineer" });
    const candidate = await tenant.client.post("/v1/candidates", { job_id: job.body.id, first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" });
    expect(candidate.status).toBe(201);
    const events = await tenant.client.get(`/v1/events?object_id=${candidate.body.id}`);
    candidateEvent = events.body.data[0].id;
  });

  it("finance:read events:read lists, gets and filters finance events only", async () => {
    const token = await tokenFor("finance:read events:read");
    expect((await token.get("/v1/contacts")).status).toBe(403);
    const listed = await token.get("/v1/events?per_page=100");
    expect(listed.status).toBe(200);
    expect(listed.body.data.length).toBeGreaterThan(0);
    expect(listed.body.data.map((e: { type: string }) => e.type).filter((t: string) => !t.startsWith("invoice."))).toEqual([]);
    expect(JSON.stringify(listed.body)).not.toContain("ada@example.com");
    expect((await token.get(`/v1/events/${candidateEvent}`)).status).toBe(404);
    expect((await token.get("/v1/events?type=candidate.*")).body.data).toEqual([]);
  });

  it("finance:read webhooks:manage may not subscribe to talent events, nor to everything", async () => {
    const token = await tokenFor("finance:read webhooks:manage");
    for (const events of [["candidate.*"], ["*"], ["invoice.paid", "candidate.created"]]) {
      const res = await token.post("/v1/webhook_endpoints", { url: "http://127.0.0.1:9/hook", events });
      expect(res.status, events.join(",")).toBe(403);
      expect(res.body.code).toBe("insufficient_permission");
      expect(res.body.missing_permissions).toContain("talent:read");
      expect(res.body.missing_permissions).not.toContain("finance:read");
      expect(res.body.pattern).toBe(events.find((p) => p.startsWith("candidate") || p === "*"));
      expect(res.body.detail).toContain(events.find((p) => p.startsWith("candidate") || p === "*"));
    }
    const allowed = await token.post("/v1/webhook_endpoints", { url: "http://127.0.0.1:9/hook", events: ["invoice.*"] });
    expect(allowed.status).toBe(201);
    const widened = await token.patch(`/v1/webhook_endpoints/${allowed.body.id}`, { events: ["invoice.*", "candidate.hired"] });
    expect(widened.status).toBe(403);
    expect(widened.body.required_permission).toBe("talent:read");
  });
});
