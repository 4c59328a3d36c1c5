import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";
import { EXCLUDED_ROUTES, label, ROUTES, tableRoute } from "../helpers/routes.ts";

/**
 * Issue 26, section 4: the route table (test/helpers/routes.ts) behind the
 * authentication, permission, cross-tenant, rate-limit and input tests is
 * held to the routes a real app serves. A served route that is neither in
 * ROUTES nor in EXCLUDED_ROUTES (with its reason) fails here, so a new route
 * cannot skip those tests unnoticed.
 */
const t = useTestApp();

describe("the route table", () => {
  it("has every route the app serves, or excludes it with a reason", () => {
    const table = new Set(ROUTES.map(label));
    const served = t().app.servedRoutes.map((r) => `${r.method} ${tableRoute(r.url)}`);
    const missing = [...new Set(served)].filter((route) => !table.has(route) && !EXCLUDED_ROUTES.some((e) => e.match.test(route)));
    const skeleton = (route: string) => {
      const [method, path] = route.split(" ") as [string, string];
      const id = path.includes(":id") ? ", id: { prefix, make } " : "";
      const body = ["POST", "PATCH", "PUT"].includes(method) ? ", body: () => ({ ... })" : "";
      return `  { method: "${method}", path: "${path}", permission: "<engine>:read|write" or null, status: 200, writes: ${method !== "GET"}${body}${id} },`;
    };
    expect(
      missing,
      [
        "Served routes missing from the route table, so skipped by the authentication, permission, cross-tenant and rate-limit tests.",
        "Add each to ROUTES in test/helpers/routes.ts (a valid body and, for a path with an id, a fixture that makes one):",
        ...missing.map(skeleton),
        'or, only if no API key reaches it, add { match: /^METHOD \\/path$/, reason: "why" } to EXCLUDED_ROUTES there.',
      ].join("\n"),
    ).toEqual([]);
  });

  it("names only routes the app serves, and every exclusion still matches one", () => {
    const served = new Set(t().app.servedRoutes.map((r) => `${r.method} ${tableRoute(r.url)}`));
    expect(
      ROUTES.map(label).filter((route) => !served.has(route)),
      "in ROUTES but not served",
    ).toEqual([]);
    expect(
      EXCLUDED_ROUTES.filter((e) => ![...served].some((route) => e.match.test(route))).map((e) => String(e.match)),
      "exclusions matching no served route",
    ).toEqual([]);
  });
});
