import { describe, expect, it } from "vitest";
import { NOT_TRIGGERABLE, RECIPES, trigger, triggerKinds } from "../../src/cli/trigger.ts";
import { EVENT_TYPES } from "../../src/platform/events/catalog.ts";
import { useTestApp } from "../helpers/harness.ts";
import { enginery, run } from "../helpers/processes.ts";

/**
 * `enginery trigger`: each kind a client can cause is made for real through
 * the HTTP API (the recipes run here against a test server, as the command
 * runs them); the command itself as a process in test/platform/cli-listen.test.ts.
 */
const t = useTestApp({ functionWorkers: 1 });

describe("enginery trigger", () => {
  it("knows every kind of the catalog: it makes it, or says why it cannot", () => {
    for (const type of EVENT_TYPES) expect(Boolean(RECIPES[type]) !== Boolean(NOT_TRIGGERABLE[type]), type).toBe(true);
    const help = triggerKinds();
    expect(help).toContain("invoice.paid");
    expect(help).toContain("member.added: members are managed in the dashboard");
  });

  it.each(EVENT_TYPES.filter((type) => RECIPES[type]))(
    "%s: makes a real event of that kind",
    async (type) => {
      const tenant = await t().tenant();
      const lines: string[] = [];
      await trigger(type, { "api-url": t().url, "api-key": tenant.key }, {}, (line) => lines.push(line));
      // The overdue announcement is the scheduler's: the trigger makes what it announces.
      if (type === "invoice.overdue") await t().scheduler.tick();
      // A failed invocation's event is written with its log line, in the invocation log's next batch.
      const deadline = Date.now() + 10_000;
      let found = 0;
      while (found === 0 && Date.now() < deadline) {
        found = (await tenant.client.get(`/v1/events?type=${type}`)).body.data.length;
        if (found === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(found, lines.join("\n")).toBeGreaterThanOrEqual(1);
      expect(lines[0]).toBe(`Triggering ${type}:`);
    },
    60_000,
  );

  it("as a command: refuses an unknown kind with the list, and a kind it cannot make with the reason", async () => {
    const env = enginery({ dataDir: "/nonexistent" });
    const unknown = await run(["trigger", "invoice.payed", "--api-key", "ek_test_x"], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('unknown event type "invoice.payed"');
    expect(unknown.stderr).toContain("invoice.paid");
    const cannot = await run(["trigger", "sequence.replied", "--api-key", "ek_test_x"], env);
    expect(cannot.code).toBe(1);
    expect(cannot.stderr).toContain("sequence.replied cannot be triggered: the mail integration reports a contact's reply");
    const help = await run(["trigger", "--help"], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Event types it cannot make, and why:");
  });
});
