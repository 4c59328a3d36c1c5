import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/harness.ts";
import { SessionClient, signUp, uniqueEmail } from "./session-client.ts";

// A cost high enough that the hash dominates a sign-in (as at the real cost), low enough to stay quick.
const getApp = useTestApp({ identity: { passwordCost: { log2N: 14, r: 8, p: 1 }, signInLimits: { perAccount: 1000, perIp: 1000, windowMs: 60_000 } } });

async function took(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

describe("sign-in timing", () => {
  it("takes as long for an unknown email as for a wrong password (both hash)", async () => {
    const { email } = await signUp(getApp().url);
    const session = new SessionClient(getApp().url);
    const attempt = (who: string) => () => session.post("/dashboard/api/sign_in", { email: who, password: "wrong password" });
    await attempt(email)(); // warm-up
    // Interleaved, so a busy host slows both kinds alike; the fastest of each is the one least
    // disturbed by other work (load only ever adds time). Skipping the hash for an unknown email
    // would make it a tenth of the known one's time or less; a known email's sign-in also reads and records more
    // rows, which on a loaded PostgreSQL took up to half again as long (CI, 2026-11-29: a ratio of 0.45).
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await took(attempt(email)));
      unknown.push(await took(attempt(uniqueEmail("ghost"))));
    }
    const fastestKnown = Math.min(...known);
    const fastestUnknown = Math.min(...unknown);
    expect(fastestKnown).toBeGreaterThan(5); // the hash ran
    expect(fastestUnknown / fastestKnown).toBeGreaterThan(0.3);
    expect(fastestUnknown / fastestKnown).toBeLessThan(2);
  });
});
