import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";

/** Found by the fuzz test on PostgreSQL: an invoke that finds the function just before a DELETE removes its versions. */
const t = useTestApp();

describe("invoking a function while it is deleted", () => {
  it("answers the function's result or 404, never a 5xx", async () => {
    const tenant = await t().tenant();
    for (let round = 0; round < 20; round++) {
      const created = await tenant.client.post("/v1/functions", { name: `racer-${round}`, source: "export default { async fetch() { return { ok: true } } }" });
      expect(created.status).toBe(201);
      const invoke = () => tenant.client.post(`/v1/functions/${created.body.id}/invoke`);
      const before = Array.from({ length: 6 }, invoke);
      const deleted = tenant.client.delete(`/v1/functions/${created.body.id}`);
      const after = Array.from({ length: 6 }, invoke);
      expect((await deleted).status).toBe(200);
      for (const answer of await Promise.all([...before, ...after])) expect([200, 404], answer.text).toContain(answer.status);
      expect((await invoke()).status).toBe(404);
    }
  });
});

/** Found by the fuzz test on PostgreSQL: a read that finds the function, then its active version after a DELETE removed it. */
describe("reading a function while it is deleted", () => {
  it("answers the function or 404, and lists without it or with it whole, never a 5xx", async () => {
    const tenant = await t().tenant();
    for (let round = 0; round < 20; round++) {
      const created = await tenant.client.post("/v1/functions", {
        name: `reader-${round}`,
        source: "export default { async fetch() { return { ok: true } } }",
      });
      expect(created.status).toBe(201);
      let done = false;
      const deleted = tenant.client.delete(`/v1/functions/${created.body.id}`).finally(() => (done = true));
      // Readers keep reading until the delete has answered, so some land inside its window whatever the timing.
      const readers = Array.from({ length: 6 }, async (_, n) => {
        const answers = [];
        do answers.push(await tenant.client.get(n % 2 ? "/v1/functions?per_page=100" : `/v1/functions/${created.body.id}`));
        while (!done);
        return answers;
      });
      expect((await deleted).status).toBe(200);
      for (const answer of (await Promise.all(readers)).flat()) {
        expect([200, 404], answer.text).toContain(answer.status);
        if (answer.body.object === "list") for (const fn of answer.body.data) expect(fn.active_version, answer.text).toBeTypeOf("number");
      }
      expect((await tenant.client.get(`/v1/functions/${created.body.id}`)).status).toBe(404);
    }
  });
});
