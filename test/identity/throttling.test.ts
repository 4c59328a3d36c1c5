import { describe, expect, it } from "vitest";
import { hashPassword, RECOMMENDED_COST, verifyPassword } from "../../src/identity/passwords.ts";
import { startTestApp, useTestApp } from "../helpers/harness.ts";
import { PASSWORD, SessionClient, signUp, uniqueEmail } from "./session-client.ts";

const getApp = useTestApp({ identity: { signInLimits: { perAccount: 3, perIp: 8, windowMs: 60_000 } } });

describe("sign-in throttling", () => {
  it("limits attempts per account, known or not, alike, with Retry-After; the right password waits too", async () => {
    const app = getApp();
    const { email } = await signUp(app.url); // 1 attempt of this account and of the address
    const session = new SessionClient(app.url);
    const unknown = uniqueEmail("ghost");
    const statuses = async (who: string, password: string) => {
      const out: number[] = [];
      for (let i = 0; i < 3; i++) out.push((await session.post("/dashboard/api/sign_in", { email: who, password })).status);
      return out;
    };
    expect(await statuses(email, "wrong password")).toEqual([401, 401, 429]);
    expect(await statuses(unknown, "wrong password")).toEqual([401, 401, 401]);
    const limited = await session.post("/dashboard/api/sign_in", { email: unknown, password: "x" });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await session.post("/dashboard/api/sign_in", { email, password: PASSWORD })).status).toBe(429);

    // The bucket refills with time (GCRA: one attempt every window/limit).
    app.clock.advance(20_001);
    expect((await session.post("/dashboard/api/sign_in", { email, password: PASSWORD })).status).toBe(200);
  });

  it("limits attempts per client address across accounts", async () => {
    const app = getApp();
    app.clock.advance(120_000);
    const session = new SessionClient(app.url);
    const results: number[] = [];
    for (let i = 0; i < 9; i++) results.push((await session.post("/dashboard/api/sign_in", { email: uniqueEmail("spray"), password: "guess" })).status);
    expect(results.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(results[8]).toBe(429);
  });
});

describe("the client address behind a proxy", () => {
  const sprayFrom = async (url: string, forwardedFor: string, attempts: number) => {
    const session = new SessionClient(url);
    const statuses: number[] = [];
    for (let i = 0; i < attempts; i++) {
      statuses.push(
        (await session.post("/dashboard/api/sign_in", { email: uniqueEmail("spray"), password: "guess" }, { headers: { "x-forwarded-for": forwardedFor } }))
          .status,
      );
    }
    return statuses;
  };

  it("is the TCP peer unless TRUST_PROXY says otherwise: a made-up X-Forwarded-For does not buy new attempts", async () => {
    const app = getApp();
    app.clock.advance(120_000);
    const statuses = [...(await sprayFrom(app.url, "198.51.100.1", 4)), ...(await sprayFrom(app.url, "198.51.100.2", 5))];
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  it("comes from X-Forwarded-For when the peer is a trusted proxy: each client behind the load balancer has its own budget", async () => {
    const behindProxy = await startTestApp({ trustProxy: ["loopback"], identity: { signInLimits: { perAccount: 3, perIp: 8, windowMs: 60_000 } } });
    try {
      expect(await sprayFrom(behindProxy.url, "198.51.100.1", 9)).toEqual([...Array(8).fill(401), 429]);
      // Another client behind the same proxy is not locked out by the first one's guesses.
      expect(await sprayFrom(behindProxy.url, "198.51.100.2", 1)).toEqual([401]);
      // The client's own address is the last one the trusted proxy appended, not what the client claimed before it.
      expect(await sprayFrom(behindProxy.url, "203.0.113.9, 198.51.100.1", 1)).toEqual([429]);
    } finally {
      await behindProxy.close();
    }
  });
});

describe("password hashes", () => {
  it("use scrypt at the recommended cost by default and verify in constant form", async () => {
    expect(RECOMMENDED_COST).toEqual({ log2N: 17, r: 8, p: 1 });
    const hash = await hashPassword("a long passphrase", { log2N: 10, r: 8, p: 1 });
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword("a long passphrase", hash)).toBe(true);
    expect(await verifyPassword("a long passphrasE", hash)).toBe(false);
    expect(await verifyPassword("a long passphrase", "md5$whatever")).toBe(false);
    expect(await hashPassword("same", { log2N: 10, r: 8, p: 1 })).not.toBe(await hashPassword("same", { log2N: 10, r: 8, p: 1 }));
  });
});
