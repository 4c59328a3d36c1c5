/**
 * The web APIs of the runtime, as customers who learned on Cloudflare
 * Workers write them: each one used by a deployed function and checked
 * through HTTP. Outbound fetch goes to a local server (loopback is allowed by
 * the test app's policy, the knob webhook tests use) and is refused to
 * private addresses, and to loopback under the default policy.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FETCH_LIMITS } from "../../src/functions/runtime/fetch.ts";
import { expectProblem } from "../helpers/expect-problem.ts";
import { startTestApp, useTestApp, type ApiResponse, type Client, type Tenant } from "../helpers/harness.ts";
import { deployToRun, invoke } from "../helpers/functions.ts";

const t = useTestApp();

async function invokeOk(client: Client, name: string, options: Parameters<typeof invoke>[2] = {}): Promise<any> {
  const response = await invoke(client, name, options);
  expect(response.status, `${name}: ${response.text}`).toBe(200);
  return response.body;
}

/** The function_failed problem with what the function threw. */
function expectThrew(response: ApiResponse, name: string, message: RegExp): void {
  const body = expectProblem(response, 500, "function_failed");
  expect(body.function_error.name).toBe(name);
  expect(body.function_error.message).toMatch(message);
}

// ---------------------------------------------------------------------------
// A local server for fetch: echoes what it got, redirects, and serves a big body.

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let origin: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      if (request.url === "/redirect") return void response.writeHead(302, { location: "/echo?from=redirect" }).end();
      if (request.url?.startsWith("/big"))
        return void response
          .writeHead(200, { "content-type": "application/octet-stream" })
          .end(Buffer.alloc(Number(new URL(request.url, "http://x").searchParams.get("n")), 97));
      if (request.url === "/slow") return void setTimeout(() => response.end("late"), 5_000);
      response
        .writeHead(201, { "content-type": "application/json", "x-server": "test" })
        .end(JSON.stringify({ method: request.method, url: request.url, body, header: request.headers["x-custom"] ?? null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// ---------------------------------------------------------------------------

describe("URL and URLSearchParams", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
    await deployToRun(
      tenant.client,
      "urls",
      `export default {
        fetch(request) {
          const url = new URL(request.url);
          const relative = new URL("../up?x=1#frag", "https://example.com/a/b/c");
          const params = new URLSearchParams({ q: "a b&c", n: "1" });
          params.append("n", "2");
          const edited = new URL("https://example.com/path");
          edited.searchParams.set("page", "2");
          edited.searchParams.append("tag", "é");
          edited.hash = "top";
          edited.port = "8443";
          let invalid = null;
          try { new URL("not a url"); } catch (error) { invalid = error.name + ": " + error.message; }
          return {
            pathname: url.pathname, search: url.search, first: url.searchParams.get("x"), all: url.searchParams.getAll("y"),
            host: url.host, origin: url.origin, protocol: url.protocol,
            relative: relative.href, relativeParts: [relative.pathname, relative.search, relative.hash],
            params: params.toString(), n: params.getAll("n"), size: params.size, entries: [...new URLSearchParams("?b=2&a=1&a=3")],
            edited: edited.href, canParse: [URL.canParse("https://x.y"), URL.canParse("nope")], parsed: URL.parse("nope"),
            idn: new URL("https://bücher.example/").hostname, json: JSON.stringify({ u: new URL("https://a.b/c") }),
            invalid,
          };
        },
      };`,
    );
  });

  it("new URL(request.url) gives the invocation's path and query; relative URLs, setters and search params follow WHATWG", async () => {
    const body = await invokeOk(tenant.client, "urls", { path: "/orders/42?x=1&y=a&y=b%20c" });
    expect(body.pathname).toBe("/v1/functions/urls/invoke/orders/42");
    expect(body.search).toBe("?x=1&y=a&y=b%20c");
    expect(body.first).toBe("1");
    expect(body.all).toEqual(["a", "b c"]);
    expect(body.protocol).toBe("http:");
    expect(body.origin).toBe(t().url);
    expect(body.host).toBe(new URL(t().url).host);
    expect(body.relative).toBe("https://example.com/a/up?x=1#frag");
    expect(body.relativeParts).toEqual(["/a/up", "?x=1", "#frag"]);
    expect(body.params).toBe("q=a+b%26c&n=1&n=2");
    expect(body.n).toEqual(["1", "2"]);
    expect(body.size).toBe(3);
    expect(body.entries).toEqual([
      ["b", "2"],
      ["a", "1"],
      ["a", "3"],
    ]);
    expect(body.edited).toBe("https://example.com:8443/path?page=2&tag=%C3%A9#top");
    expect(body.canParse).toEqual([true, false]);
    expect(body.parsed).toBeNull();
    expect(body.idn).toBe("xn--bcher-kva.example");
    expect(body.json).toBe('{"u":"https://a.b/c"}');
    expect(body.invalid).toMatch(/^TypeError: Invalid URL/);
  });
});

describe("TextEncoder, TextDecoder, atob, btoa, structuredClone", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
    await deployToRun(
      tenant.client,
      "text",
      `export default {
        fetch() {
          const bytes = new TextEncoder().encode("héllo €");
          const into = new Uint8Array(4);
          const result = new TextEncoder().encodeInto("héllo", into);
          let fatal = null;
          try { new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array([0xff])); } catch (error) { fatal = error.name; }
          let badAtob = null;
          try { atob("***"); } catch (error) { badAtob = error.name; }
          let badBtoa = null;
          try { btoa("€"); } catch (error) { badBtoa = error.name; }
          const original = { when: new Date(0), map: new Map([["k", new Set([1, 2])]]), bytes: new Uint8Array([1, 2]) };
          original.self = original;
          const copy = structuredClone(original);
          let cloneError = null;
          try { structuredClone({ f() {} }); } catch (error) { cloneError = error.name; }
          return {
            bytes: [...bytes], length: bytes.length, isU8: bytes instanceof Uint8Array,
            decoded: new TextDecoder().decode(bytes), latin1: new TextDecoder("latin1").decode(new Uint8Array([0xe9])), encoding: new TextDecoder("UTF8").encoding,
            replaced: new TextDecoder().decode(new Uint8Array([0x61, 0xff])), fatal,
            into: [...into], result,
            b64: btoa("hello\\u00ff"), back: atob("aGVsbG//"), badAtob, badBtoa,
            clone: [copy !== original, copy.self === copy, copy.when instanceof Date, copy.when.getTime(), copy.map.get("k").has(2), copy.bytes[1]],
            cloneError,
          };
        },
      };`,
    );
  });

  it("encode and decode UTF-8 (and other labels), base64, and deep-copy values the structured-clone way", async () => {
    const body = await invokeOk(tenant.client, "text");
    expect(body.bytes).toEqual([...Buffer.from("héllo €")]);
    expect(body.length).toBe(10);
    expect(body.isU8).toBe(true);
    expect(body.decoded).toBe("héllo €");
    expect(body.latin1).toBe("é");
    expect(body.encoding).toBe("utf-8");
    expect(body.replaced).toBe("a\uFFFD");
    expect(body.fatal).toBe("TypeError");
    expect(body.into).toEqual([...Buffer.from("hél")]);
    expect(body.result).toEqual({ read: 3, written: 4 });
    expect(body.b64).toBe(Buffer.from("hello\u00ff", "latin1").toString("base64"));
    expect(body.back).toBe(Buffer.from("aGVsbG//", "base64").toString("latin1"));
    expect(body.badAtob).toBe("InvalidCharacterError");
    expect(body.badBtoa).toBe("InvalidCharacterError");
    expect(body.clone).toEqual([true, true, true, 0, true, 2]);
    expect(body.cloneError).toBe("DataCloneError");
  });
});

describe("crypto", () => {
  let tenant: Tenant;
  const secret = `whsec_${randomBytes(24).toString("base64")}`;
  beforeAll(async () => {
    tenant = await t().tenant();
    await deployToRun(
      tenant.client,
      "crypto",
      `const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
      export default {
        async fetch() {
          const data = new TextEncoder().encode("abc");
          const digests = {};
          for (const name of ["SHA-1", "SHA-256", "SHA-384", "SHA-512"]) digests[name] = hex(await crypto.subtle.digest(name, data));
          const key = await crypto.subtle.importKey("raw", new TextEncoder().encode("key"), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
          const signature = await crypto.subtle.sign("HMAC", key, data);
          const verified = await crypto.subtle.verify("HMAC", key, signature, data);
          const tampered = await crypto.subtle.verify("HMAC", key, signature, new TextEncoder().encode("abd"));
          const generated = await crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-512" }, true, ["sign"]);
          const exported = new Uint8Array(await crypto.subtle.exportKey("raw", generated));
          let unsupported = null;
          try { await crypto.subtle.digest("MD5", data); } catch (error) { unsupported = error.name; }
          let noExport = null;
          try { await crypto.subtle.exportKey("raw", key); } catch (error) { noExport = error.name; }
          let quota = null;
          try { crypto.getRandomValues(new Uint8Array(65537)); } catch (error) { quota = error.name; }
          const random = crypto.getRandomValues(new Uint32Array(8));
          return {
            digests, hmac: hex(signature), verified, tampered,
            generated: [generated.type, generated.algorithm.name, generated.algorithm.hash.name, generated.algorithm.length, exported.length],
            unsupported, noExport, quota,
            random: new Set(random).size, uuids: [crypto.randomUUID(), crypto.randomUUID()],
          };
        },
      };`,
    );
    // Verifies a Standard Webhooks signature the way a receiver should: HMAC-SHA256 over id.timestamp.body, constant-time compare.
    await deployToRun(
      tenant.client,
      "receiver",
      `export default {
        async fetch(request, ctx) {
          const id = request.headers.get("webhook-id");
          const timestamp = request.headers.get("webhook-timestamp");
          const body = await request.text();
          const secret = Uint8Array.from(atob(ctx.env.SECRET.slice("whsec_".length)), (c) => c.charCodeAt(0));
          const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
          const signed = new TextEncoder().encode(id + "." + timestamp + "." + body);
          for (const part of request.headers.get("webhook-signature").split(" ")) {
            const [version, value] = part.split(",");
            if (version !== "v1") continue;
            const given = Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
            if (await crypto.subtle.verify("HMAC", key, given, signed)) return Response.json({ valid: true, event: JSON.parse(body).type });
          }
          return Response.json({ valid: false }, { status: 401 });
        },
      };`,
      { env: { SECRET: secret } },
    );
  });

  it("digests with SHA-1/256/384/512, signs and verifies HMAC, generates and exports keys, refuses what it does not support", async () => {
    const body = await invokeOk(tenant.client, "crypto");
    for (const [name, node] of [
      ["SHA-1", "sha1"],
      ["SHA-256", "sha256"],
      ["SHA-384", "sha384"],
      ["SHA-512", "sha512"],
    ] as const) {
      expect(body.digests[name]).toBe(createHash(node).update("abc").digest("hex"));
    }
    expect(body.hmac).toBe(createHmac("sha256", "key").update("abc").digest("hex"));
    expect(body.verified).toBe(true);
    expect(body.tampered).toBe(false);
    expect(body.generated).toEqual(["secret", "HMAC", "SHA-512", 1024, 128]);
    expect(body.unsupported).toBe("NotSupportedError");
    expect(body.noExport).toBe("InvalidAccessError");
    expect(body.quota).toBe("QuotaExceededError");
    expect(body.random).toBeGreaterThan(6);
    expect(body.uuids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(body.uuids[0]).not.toBe(body.uuids[1]);
  });

  it("verifies a Standard Webhooks signature made by the standardwebhooks library, and refuses a wrong one", async () => {
    const payload = JSON.stringify({ type: "invoice.paid", data: { id: "inv_1" } });
    const id = "msg_1";
    const at = new Date();
    const signature = new StandardWebhook(secret).sign(id, at, payload);
    const headers = {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": signature,
    };
    expect(await invokeOk(tenant.client, "receiver", { raw: payload, headers })).toEqual({ valid: true, event: "invoice.paid" });
    const wrong = new StandardWebhook(`whsec_${randomBytes(24).toString("base64")}`).sign(id, at, payload);
    const refused = await invoke(tenant.client, "receiver", { raw: payload, headers: { ...headers, "webhook-signature": wrong } });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ valid: false });
  });
});

describe("Headers, Request, Response", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
    await deployToRun(
      tenant.client,
      "objects",
      `export default {
        async fetch(request) {
          const headers = new Headers([["B", "2"], ["a", " 1 "]]);
          headers.append("a", "3");
          const made = new Request("https://example.com/x?y=1", { method: "post", headers: { "X-A": "1" }, body: new URLSearchParams({ k: "v" }) });
          const bytes = new Response(new TextEncoder().encode("bytes body"));
          const redirect = Response.redirect("https://example.com/next", 307);
          if (new URL(request.url).searchParams.has("redirect")) return redirect;
          return Response.json(
            {
              headers: [...headers], get: headers.get("A"), made: [made.method, made.url, made.headers.get("content-type"), await made.text()],
              bytes: await bytes.text(), buffer: (await new Response("abc").arrayBuffer()).byteLength,
              redirect: [redirect.status, redirect.headers.get("location")], ok: [new Response("", { status: 204 }).ok, new Response("", { status: 404 }).ok],
            },
            { status: 202, headers: { "x-made": "yes" } },
          );
        },
      };`,
    );
  });

  it("behave as in Workers: sorted combined headers, bodies of text, form data and bytes, Response.json with status and headers", async () => {
    const response = await invoke(tenant.client, "objects");
    expect(response.status, response.text).toBe(202);
    expect(response.headers.get("x-made")).toBe("yes");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.body).toEqual({
      headers: [
        ["a", "1, 3"],
        ["b", "2"],
      ],
      get: "1, 3",
      made: ["POST", "https://example.com/x?y=1", "application/x-www-form-urlencoded;charset=UTF-8", "k=v"],
      bytes: "bytes body",
      buffer: 3,
      redirect: [307, "https://example.com/next"],
      ok: [true, false],
    });
    // Response.redirect builds a redirect as in Workers, but the response policy refuses to serve one on the API's origin.
    const redirected = await fetch(`${t().url}/v1/functions/objects/invoke?redirect`, {
      method: "POST",
      headers: { authorization: `Bearer ${tenant.key}` },
      redirect: "manual",
    });
    expect(redirected.status).toBe(500);
    expect(redirected.headers.get("location")).toBeNull();
    expect(await redirected.json()).toMatchObject({ code: "function_failed" });
  });
});

describe("fetch", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
    await deployToRun(
      tenant.client,
      "outbound",
      `export default {
        async fetch(request, ctx) {
          const { url, init, read = "json" } = await request.json();
          try {
            const response = await fetch(url, init);
            const body = read === "bytes" ? (await response.arrayBuffer()).byteLength : await response[read]();
            return { status: response.status, ok: response.ok, redirected: response.redirected, url: response.url, server: response.headers.get("x-server"), body };
          } catch (error) {
            return { error: error.name, message: error.message };
          }
        },
      };`,
    );
  });

  it("reaches a server with method, headers and body, and reads its answer", async () => {
    const body = await invokeOk(tenant.client, "outbound", {
      body: { url: `${origin}/echo?a=1`, init: { method: "PUT", headers: { "x-custom": "hi" }, body: "payload" } },
    });
    expect(body).toEqual({
      status: 201,
      ok: true,
      redirected: false,
      url: `${origin}/echo?a=1`,
      server: "test",
      body: { method: "PUT", url: "/echo?a=1", body: "payload", header: "hi" },
    });
    expect(seen.at(-1)!.headers["user-agent"]).toMatch(/^Enginery-Functions/);
  });

  it("follows redirects (each hop checked again), or not with redirect: manual", async () => {
    const followed = await invokeOk(tenant.client, "outbound", { body: { url: `${origin}/redirect` } });
    expect(followed).toMatchObject({ status: 201, redirected: true, url: `${origin}/echo?from=redirect`, body: { method: "GET", url: "/echo?from=redirect" } });
    const manual = await invokeOk(tenant.client, "outbound", { body: { url: `${origin}/redirect`, init: { redirect: "manual" }, read: "text" } });
    expect(manual).toMatchObject({ status: 302, redirected: false, body: "" });
  });

  it("is refused to private and metadata addresses the policy does not allow, and to non-http schemes", async () => {
    for (const url of ["http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/", "http://[fd00::1]/", "http://0.0.0.0/"]) {
      const body = await invokeOk(tenant.client, "outbound", { body: { url } });
      expect(body.error, url).toBe("TypeError");
      expect(body.message, url).toMatch(/refused/);
    }
    const file = await invokeOk(tenant.client, "outbound", { body: { url: "file:///etc/passwd" } });
    expect(file).toMatchObject({ error: "TypeError", message: expect.stringMatching(/only http and https/) });
  });

  it("has a budget per invocation: bytes received, number of requests, and the invocation's wall time", async () => {
    const big = await invokeOk(tenant.client, "outbound", { body: { url: `${origin}/big?n=${FETCH_LIMITS.bytes + 1}`, read: "bytes" } });
    expect(big).toMatchObject({ error: "TypeError", message: expect.stringMatching(/bytes, the most one may receive/) });
    const fits = await invokeOk(tenant.client, "outbound", { body: { url: `${origin}/big?n=100000`, read: "bytes" } });
    expect(fits.body).toBe(100_000);

    await deployToRun(
      tenant.client,
      "many-fetches",
      `export default { async fetch() {
        let made = 0;
        try { for (;;) { await fetch("${origin}/echo"); made++; } } catch (error) { return { made, error: error.message }; }
      } };`,
    );
    const many = await invokeOk(tenant.client, "many-fetches");
    expect(many.made).toBe(FETCH_LIMITS.requests);
    expect(many.error).toMatch(/made 50 requests/);

    await tenant.client.post("/v1/functions", {
      name: "slow-fetch",
      source: `export default { async fetch() { return await (await fetch("${origin}/slow")).text(); } }`,
      limits: { cpu_ms: 1_000, timeout_ms: 500 },
    });
    const started = performance.now();
    const slow = await invoke(tenant.client, "slow-fetch");
    expectProblem(slow, 504, "function_timeout");
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it("cannot run in top-level code", async () => {
    const response = await tenant.client.post("/v1/functions", {
      name: "top-fetch",
      source: `await fetch("${origin}/echo"); export default { fetch() { return 1 } }`,
    });
    expect(response.status, response.text).toBe(422);
  });
});

describe("fetch under the default policy (https to public addresses only)", () => {
  it("is refused to the loopback server the test policy allows", async () => {
    const app = await startTestApp({ webhookPolicy: { allowedNetworks: [], allowHttp: false } });
    const before = seen.length;
    try {
      const tenant = await app.tenant();
      const response = await tenant.client.post("/v1/functions", {
        name: "default-policy",
        source: `export default { async fetch(request) { try { await fetch(await request.text()); return { fetched: true }; } catch (error) { return { error: error.name, message: error.message }; } } }`,
        limits: { cpu_ms: 1_000 },
      });
      expect(response.status, response.text).toBe(201);
      for (const url of [`${origin}/echo`, `https://127.0.0.1:${new URL(origin).port}/`, "https://localhost/"]) {
        const body = (await tenant.client.request("POST", "/v1/functions/default-policy/invoke", { raw: url })).body;
        expect(body, url).toMatchObject({ error: "TypeError", message: expect.stringMatching(/refused/) });
      }
      expect(seen.slice(before)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe("what is not there", () => {
  // docs/functions.md's list of what is not available.
  const ABSENT = [
    "process",
    "require",
    "Buffer",
    "setImmediate",
    "ReadableStream",
    "FormData",
    "Blob",
    "AbortController",
    "WebSocket",
    "caches",
    "performance",
    "navigator",
  ];
  it("has none of what docs/functions.md says is not available", async () => {
    const tenant = await t().tenant();
    await deployToRun(tenant.client, "absent", `export default { fetch() { return ${JSON.stringify(ABSENT)}.map((n) => typeof globalThis[n]); } }`);
    expect(await invokeOk(tenant.client, "absent")).toEqual(ABSENT.map(() => "undefined"));
  });
});

describe("limits on what leaves the isolate", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await t().tenant();
  });

  it("a response body over 5 MB, more than 100 headers, or 1,001 pending timers is a clear error", async () => {
    await deployToRun(tenant.client, "huge-body", `export default { fetch() { return new Response("x".repeat(6 * 1024 * 1024)); } }`);
    expectThrew(await invoke(tenant.client, "huge-body"), "RangeError", /response body is larger than 5242880/);
    await deployToRun(
      tenant.client,
      "many-headers",
      `export default { fetch() { const h = new Headers(); for (let i = 0; i < 20000; i++) h.set("x-h" + i, "v"); return new Response("ok", { headers: h }); } }`,
    );
    expectThrew(await invoke(tenant.client, "many-headers"), "RangeError", /2000\d headers; a function may set at most 100/);
    await deployToRun(
      tenant.client,
      "many-timers",
      `export default { fetch() { for (let i = 0; i < 200000; i++) setTimeout(() => {}, 60000); return "never"; } }`,
    );
    expectThrew(await invoke(tenant.client, "many-timers"), "RangeError", /too many timers: at most 1000/);
    await deployToRun(
      tenant.client,
      "fine",
      `export default { async fetch() { await new Promise((r) => setTimeout(r, 1)); return new Response("y".repeat(1024 * 1024), { headers: { "x-a": "1" } }); } }`,
    );
    const fine = await invoke(tenant.client, "fine");
    expect(fine.status).toBe(200);
    expect(fine.text.length).toBe(1024 * 1024);
  });
});
