import { beforeAll, describe, expect, it } from "vitest";
import type { Client, Tenant } from "../helpers/harness.ts";
import { useTestApp } from "../helpers/harness.ts";
import { callRoute, fillPath, foreignIdAnswer, label, ROUTES_WITH_ID, type Route } from "../helpers/routes.ts";
import { signUp, type SessionClient } from "./session-client.ts";

/**
 * The dashboard reaches data through the same /v1 routes as keys: an owner
 * signed in to organization B, holding every permission, gets 404 for each of
 * organization A's ids on every route of the table, and A's data is unchanged.
 */
const getApp = useTestApp({ identity: { signInLimits: { perAccount: 1000, perIp: 1000, windowMs: 60_000 } } });

describe("a signed-in member reaches no other organization's data", () => {
  let a: Tenant;
  let b: SessionClient;
  beforeAll(async () => {
    a = await getApp().tenant({ name: "Tenant A" });
    b = (await signUp(getApp().url)).session;
  });

  it.each(ROUTES_WITH_ID.map((r) => [label(r), r] as [string, Route]))("%s", async (_, route) => {
    const id = await route.id!.make(a);
    const res = await callRoute(b as unknown as Client, route, id);
    const { status, code } = foreignIdAnswer(route);
    expect(res.status, `${label(route)}: ${res.text}`).toBe(status);
    expect(res.body.code).toBe(code);
    if (route.id!.read) expect((await a.client.get(fillPath(route.id!.read, id))).status).toBe(200);
  });
});
