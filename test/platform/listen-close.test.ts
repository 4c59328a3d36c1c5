import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../helpers/database.ts";

/**
 * A server shutting down after its database went away (the readiness test
 * closes it first) unsubscribes its listeners last: that must not throw on
 * either driver, or closing the server fails on a database it no longer needs.
 */
describe("a listener unsubscribed after its database closed", () => {
  it("is harmless, as closing twice is", async () => {
    const testDb = await createTestDatabase();
    const heard: string[] = [];
    const unlisten = await testDb.database.listen(
      "listen_close_test",
      (payload) => heard.push(payload),
      () => {},
    );
    await testDb.database.close();
    await expect(unlisten()).resolves.toBeUndefined();
    await expect(testDb.database.close()).resolves.toBeUndefined();
    await testDb.drop();
    expect(heard).toEqual([]);
  });
});
