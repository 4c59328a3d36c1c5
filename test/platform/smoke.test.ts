import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";

const t = useTestApp();

describe("smoke", () => {
  it("serves health and readiness without a key", async () => {
    const health = await t().client.get("/healthz");
    expect(health.status).toBe(200);
    const ready = await t().client.get("/readyz");
    expect(ready.body).toMatchObject({ status: "ready" });
  });

  it("creates and lists an invoice through HTTP", async () => {
    const tenant = await t().tenant();
    const created = await tenant.client.post("/v1/invoices", { client: "Initech", amount: 120.5, currency: "USD", due_date: "2030-01-01" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ client: "Initech", amount: 120.5, status: "draft", amount_due: 120.5 });
    const list = await tenant.client.get("/v1/invoices");
    expect(list.body.meta).toEqual({ total: 1, page: 1, per_page: 25 });
    expect(list.body.data[0].id).toBe(created.body.id);
  });
});
