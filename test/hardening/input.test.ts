import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { expectProblem } from "../helpers/expect-problem.ts";
import { useTestApp, type ApiResponse, type Tenant } from "../helpers/harness.ts";
import { callRoute, fillPath, label, missingId, ROUTES } from "../helpers/routes.ts";

/**
 * Issue 16, item 1: input that used to reach the database (NUL bytes) or an
 * object's prototype (sort=__proto__) is refused at the edge with a 400 naming
 * the field, on every route of the route table.
 */
const t = useTestApp();
let tenant: Tenant;

beforeAll(async () => {
  tenant = await t().tenant();
});

function expectRefused(res: ApiResponse, where: "body" | "query" | "path", field: string | RegExp, context: string) {
  const body = expectProblem(res, 400, "validation_failed", context);
  const named = typeof field === "string" ? field : expect.stringMatching(field);
  expect(body.errors, `${context}: errors`).toEqual(expect.arrayContaining([expect.objectContaining({ in: where, field: named })]));
}

/** Every string in a JSON value, with the path of each, given a function that rewrites one. */
function stringPaths(value: unknown, path = ""): string[] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, `${path}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => stringPaths(v, path ? `${path}.${k}` : k));
  return [];
}

function withNul(value: unknown, target: string, path = ""): unknown {
  if (typeof value === "string") return path === target ? `${value.slice(0, 1)}\u0000${value.slice(1)}` : value;
  if (Array.isArray(value)) return value.map((v, i) => withNul(v, target, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withNul(v, target, path ? `${path}.${k}` : k)]));
  }
  return value;
}

const LISTS = ROUTES.filter(
  (r) => r.method === "GET" && !r.path.includes(":") && !["/v1/me", "/v1/event_types", "/v1/intelligence/snapshots/latest"].includes(r.path),
);

describe("NUL bytes", () => {
  // An invocation's body is text handed to the function as it is (its JSON escapes included), not a JSON value of ours.
  for (const route of ROUTES.filter((r) => r.body && !r.path.endsWith("/invoke"))) {
    it(`${label(route)}: a NUL in any body string is a 400 naming the field`, async () => {
      const id = route.id ? await route.id.make(tenant) : undefined;
      const body = route.body!(id);
      for (const path of stringPaths(body)) {
        const target = id ?? undefined;
        const url = target ? fillPath(route.path, target) : route.path;
        const res = await tenant.client.request(route.method, url, { body: withNul(body, path) });
        expectRefused(res, "body", path, `${label(route)} ${path}`);
      }
    });
  }

  it("a NUL in a body field name is a 400", async () => {
    const res = await tenant.client.post("/v1/invoices", { client: "A", amount: 1, currency: "USD", due_date: "2099-01-01", metadata: { "a\u0000b": "x" } });
    expectProblem(res, 400, "validation_failed");
  });

  for (const route of ROUTES.filter((r) => r.path.includes(":id"))) {
    it(`${label(route)}: a NUL in the path id is a 400 naming the parameter`, async () => {
      const id = missingId(route.id!.prefix)
        .split("/")
        .map((p) => `${p.slice(0, 5)}%00${p.slice(5)}`)
        .join("/");
      const res = await tenant.client.request(route.method, fillPath(route.path, id), { body: route.body?.(undefined) });
      expect(res.status, `${label(route)}: ${res.text}`).toBe(400);
      expectRefused(res, "path", /^(id|name|sub)$/, label(route));
    });
  }

  it("GET /v1/functions/%00 is a 400", async () => {
    expectRefused(await tenant.client.get("/v1/functions/%00"), "path", "name", "functions");
  });

  for (const route of LISTS) {
    it(`${label(route)}: a NUL in any query parameter is a 400 naming it`, async () => {
      const doc = t().app.swagger() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> };
      const params = (doc.paths[route.path]!.get!.parameters ?? []).filter((p) => p.in === "query" && !["page", "per_page"].includes(p.name));
      expect(params.length).toBeGreaterThan(0);
      for (const p of params) {
        const res = await tenant.client.get(`${route.path}?${encodeURIComponent(p.name)}=a%00b`);
        expect(res.status, `${label(route)} ${p.name}: ${res.text}`).toBe(400);
        expectRefused(res, "query", p.name, `${label(route)} ${p.name}`);
      }
    });
  }
});

describe("names looked up by the request are own names only", () => {
  for (const route of LISTS) {
    it(`${label(route)}: sort by a prototype property is a 400 naming sort`, async () => {
      for (const sort of ["__proto__", "-constructor", "toString", "hasOwnProperty", "valueOf,-__defineGetter__"]) {
        const res = await tenant.client.get(`${route.path}?sort=${encodeURIComponent(sort)}`);
        expectRefused(res, "query", "sort", `${label(route)} sort=${sort}`);
      }
    });
  }

  it("a query parameter named like a prototype property is refused", async () => {
    for (const name of ["__proto__", "constructor", "toString", "constructor[gte]"]) {
      const res = await tenant.client.get(`/v1/invoices?${encodeURIComponent(name)}=1`);
      expectProblem(res, 400, "validation_failed", name);
    }
  });

  it("problem types named like prototype properties do not exist", async () => {
    for (const code of ["__proto__", "constructor", "toString"]) {
      const res = await t().client.get(`/problems/${code}`);
      expectProblem(res, 404, "not_found", code);
    }
  });
});

/** A raw HTTP/1.1 exchange, for requests fetch cannot make (no Host, huge URLs). */
function raw(url: string, request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(request));
    let data = "";
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head, ...rest] = data.split("\r\n\r\n");
      const lines = head!.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines.slice(1)) {
        const i = line.indexOf(":");
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      let body = rest.join("\r\n\r\n");
      if (headers["transfer-encoding"] === "chunked") body = body.replace(/^[0-9a-f]+\r\n/i, "").replace(/\r\n0\r\n\r\n$/, "");
      resolve({ status: Number(lines[0]!.split(" ")[1]), headers, body });
    });
  });
}

function expectRawProblem(res: Awaited<ReturnType<typeof raw>>, status: number, code: string) {
  expect(res.status, res.body).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ status, code, type: expect.any(String), title: expect.any(String), detail: expect.any(String), request_id: expect.any(String) });
  expect(res.headers["x-request-id"]).toBe(body.request_id);
}

describe("errors Node's HTTP parser used to answer on its own", () => {
  it("a request without Host is a problem with a code and a request id", async () => {
    const res = await raw(t().url, `GET /v1/me HTTP/1.1\r\nauthorization: Bearer ${tenant.key}\r\nconnection: close\r\n\r\n`);
    expectRawProblem(res, 400, "validation_failed");
    expect(JSON.parse(res.body).detail).toMatch(/Host/);
  });

  it("a URL too long for the server is a 431 problem with a code and a request id", async () => {
    const res = await raw(t().url, `GET /v1/invoices?q=${"a".repeat(20_000)} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`);
    expectRawProblem(res, 431, "headers_too_large");
  });

  it("a request line that is not HTTP is a 400 problem", async () => {
    const res = await raw(t().url, "HELLO\r\n\r\n");
    expectRawProblem(res, 400, "validation_failed");
  });
});

it("callRoute still works for valid calls (the fixtures above are sound)", async () => {
  const res = await callRoute(tenant.client, ROUTES.find((r) => r.path === "/v1/invoices" && r.method === "POST")!);
  expect(res.status).toBe(201);
});

describe("log lines", () => {
  it("carry no values of a failed statement", async () => {
    const { DrizzleQueryError } = await import("drizzle-orm/errors");
    const { safeError } = await import("../../src/platform/logging.ts");
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "contacts_email"'), {
      code: "23505",
      detail: "Key (email)=(ann@secret.example) already exists.",
      parameters: ["ann@secret.example"],
    });
    const error = new DrizzleQueryError("insert into contacts (email) values ($1)", ["ann@secret.example"], cause);
    const logged = JSON.stringify(safeError(error));
    expect(logged).not.toContain("secret.example");
    expect(logged).toContain("insert into contacts");
    expect(logged).toContain("23505");
  });

  it("the server's logger uses that serializer", async () => {
    const { logger } = await import("../../src/cli/server-wiring.ts");
    const log = logger({ logLevel: "info" } as never);
    const serializers = (log as unknown as { [k: symbol]: unknown })[Symbol.for("pino.serializers")] as Record<string, unknown>;
    const { safeError } = await import("../../src/platform/logging.ts");
    expect(serializers.err).toBe(safeError);
  });
});
