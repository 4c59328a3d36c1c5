import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";
import { SessionClient, signUp, uniqueEmail } from "./session-client.ts";

// A cost high enough that the hash dominates a sign-in (as at the real cost), low enough to stay quick.
const getApp = useTestApp({ identity: { passwordCost: { log2N: 14, r: 8, p: 1 }, signInLimits: { perAccount: 1000, perIp: 1000, windowMs: 60_000 } } });

async function median(times: number, run: () => Promise<unknown>): Promise<number> {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await run();
    took.push(performance.now() - start);
  }
  return took.sort((x, y) => x - y)[Math.floor(times / 2)]!;
}

describe("sign-in timing", () => {
  it("takes as long for an unknown email as for a wrong password (both hash)", async () => {
    const { email } = await signUp(getApp().url);
    const session = new SessionClient(getApp().url);
    const attempt = (who: string) => () => session.post("/dashboard/api/sign_in", { email: who, password: "wrong password" });
    await attempt(email)(); // warm-up
    const known = await median(7, attempt(email));
    const unknown = await median(7, attempt(uniqueEmail("ghost")));
    expect(known).toBeGreaterThan(5); // the hash ran
    expect(unknown / known).toBeGreaterThan(0.5);
    expect(unknown / known).toBeLessThan(2);
  });
});
