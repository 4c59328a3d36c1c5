import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";
import { invite, signUp } from "./session-client.ts";

const getApp = useTestApp({ identity: { signInLimits: { perAccount: 1000, perIp: 1000, windowMs: 60_000 } } });

describe("edge functions deployed by a signed-in member", () => {
  it("run with a key of the member's own, made once, listed and revocable", async () => {
    const owner = await signUp(getApp().url);
    const dev = await invite(owner.session, "developer");
    await owner.session.post("/v1/invoices", { client: "Late Ltd", amount: 10, currency: "USD", due_date: "2000-01-01", status: "open" });
    const source =
      "export default { async fetch(request, ctx) { const r = await ctx.engines.finance.invoices.list({ status: 'overdue' }); return { overdue: r.meta.total }; } }";
    const deployed = await dev.session.post("/v1/functions", { name: "count-overdue", source });
    expect(deployed.status, deployed.text).toBe(201);
    expect((await dev.session.post("/v1/functions/count-overdue/versions", { source })).status).toBe(201);

    const keys = (await owner.session.get("/v1/api_keys")).body.data.filter((k: any) => k.name === `Dashboard deploys: ${dev.email}`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kind: "full_access", status: "active" });
    expect(deployed.body.deployed_by).toBe(keys[0].id);

    const invoked = await dev.session.post("/v1/functions/count-overdue/invoke", {});
    expect(invoked.status, invoked.text).toBe(200);
    expect(invoked.body).toEqual({ overdue: 1 });

    // The function sees who called, but none of the session's credentials.
    const echo =
      "export default { async fetch(request, ctx) { return { caller: ctx.caller, cookie: request.headers.get('cookie'), csrf: request.headers.get('x-csrf-token') }; } }";
    expect((await dev.session.post("/v1/functions", { name: "echo", source: echo })).status).toBe(201);
    const seen = await owner.session.post("/v1/functions/echo/invoke", {});
    expect(seen.body.cookie).toBeNull();
    expect(seen.body.csrf).toBeNull();
    expect(seen.body.caller).toMatchObject({ type: "member", kind: "full_access" });

    // Revoking that key stops the function's reads (they throw api_key_revoked), as for any deployer key.
    await owner.session.delete(`/v1/api_keys/${keys[0].id}`);
    const refused = await dev.session.post("/v1/functions/count-overdue/invoke", {});
    expect(refused.status).toBe(500);
    expect(refused.body.code).toBe("function_failed");
    expect(refused.text).toMatch(/revoked/);

    // A viewer deploys nothing.
    const viewer = await invite(owner.session, "viewer");
    expect((await viewer.session.post("/v1/functions", { name: "nope", source })).status).toBe(403);
  });
});
