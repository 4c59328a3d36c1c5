import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { enginery, run } from "../helpers/processes.ts";

/** Item 3: configuration from the environment; a bad value stops the process with one line naming it. */

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("configures webhooks: https to public addresses by default; exceptions and http by environment", () => {
    expect(loadConfig({})).toMatchObject({
      webhookDispatcher: true,
      webhookAllowHttp: false,
      webhookAllowPrivateNetworks: [],
      webhookDisableAfterDays: 5,
      webhookLogDays: 30,
      webhookLeaseMs: 5_000,
    });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "127.0.0.0/8, ::1/128", WEBHOOK_ALLOW_HTTP: "true", WEBHOOK_DISPATCHER: "false" })).toMatchObject({
      webhookAllowPrivateNetworks: ["127.0.0.0/8", "::1/128"],
      webhookAllowHttp: true,
      webhookDispatcher: false,
    });
    expect(configError({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: "127.0.0.1" }).variable).toBe("WEBHOOK_ALLOW_PRIVATE_NETWORKS");
    expect(configError({ WEBHOOK_LEASE_MS: "10" }).variable).toBe("WEBHOOK_LEASE_MS");
  });

  it("configures enrichment: the built-in provider by default, an HTTP service when ENRICHMENT_URL is set", () => {
    expect(loadConfig({})).toMatchObject({ enrichmentUrl: null, enrichmentApiKey: null, enrichmentTimeoutMs: 10_000, enrichmentWaitMs: 2_000 });
    expect(
      loadConfig({ ENRICHMENT_URL: "https://enrich.example/v1/companies", ENRICHMENT_API_KEY: "sk_1", ENRICHMENT_TIMEOUT_MS: "5000", ENRICHMENT_WAIT_MS: "0" }),
    ).toMatchObject({ enrichmentUrl: "https://enrich.example/v1/companies", enrichmentApiKey: "sk_1", enrichmentTimeoutMs: 5000, enrichmentWaitMs: 0 });
  });

  it("refuses a bad enrichment setting, naming the variable", () => {
    expect(configError({ ENRICHMENT_URL: "ftp://enrich.example" }).variable).toBe("ENRICHMENT_URL");
    expect(configError({ ENRICHMENT_URL: "not a url" }).variable).toBe("ENRICHMENT_URL");
    expect(configError({ ENRICHMENT_TIMEOUT_MS: "50" }).message).toMatch(/^ENRICHMENT_TIMEOUT_MS: must be between 100 and 110000/);
    expect(configError({ ENRICHMENT_WAIT_MS: "soon" }).variable).toBe("ENRICHMENT_WAIT_MS");
  });

  it("reads PUBLIC_URL (the OAuth issuer), without a trailing slash, and refuses one that is not http(s)", () => {
    expect(loadConfig({}).publicUrl).toBeNull();
    expect(loadConfig({ PUBLIC_URL: "https://api.example.com/" }).publicUrl).toBe("https://api.example.com");
    expect(() => loadConfig({ PUBLIC_URL: "ftp://api.example.com" })).toThrow(/PUBLIC_URL/);
  });

  it("reads TRUST_PROXY as a list of proxy addresses, and refuses anything else (a hop count believes any direct client)", () => {
    expect(loadConfig({}).trustProxy).toBeNull();
    expect(() => loadConfig({ TRUST_PROXY: "1" })).toThrow(/TRUST_PROXY: .*"1" is none of these/);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.0.2.7,loopback, fd00::/8" }).trustProxy).toEqual(["10.0.0.0/8", "192.0.2.7", "loopback", "fd00::/8"]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: .*"true" is none of these/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/8,proxy.internal" })).toThrow(/"proxy.internal"/);
  });

  it("has the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      databaseUrl: null,
      redisUrl: null,
      logLevel: "info",
      dataDir: path.resolve(".enginery/data"),
      schedulerEnabled: true,
    });
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "9090",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://u:p@db:5432/enginery",
      DATA_DIR: "/tmp/enginery-config-test",
      REDIS_URL: "redis://cache:6379/1",
      LOG_LEVEL: "WARN",
      SCHEDULER: "false",
    });
    expect(config).toMatchObject({
      port: 9090,
      host: "127.0.0.1",
      databaseUrl: "postgres://u:p@db:5432/enginery",
      dataDir: "/tmp/enginery-config-test",
      redisUrl: "redis://cache:6379/1",
      logLevel: "warn",
      schedulerEnabled: false,
    });
    expect(loadConfig({ DATABASE_URL: "postgresql://db/x", REDIS_URL: "rediss://cache:6380" })).toMatchObject({
      databaseUrl: "postgresql://db/x",
      redisUrl: "rediss://cache:6380",
    });
    // Empty values count as unset.
    expect(loadConfig({ PORT: "", DATABASE_URL: "  ", REDIS_URL: "" })).toMatchObject({ port: 8080, databaseUrl: null, redisUrl: null });
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "-1"],
    ["PORT", "80.5"],
    ["PORT", "8080abc"],
    ["DATABASE_URL", "mysql://x"],
    ["DATABASE_URL", "not a url"],
    ["DATABASE_URL", "http://db:5432/x"],
    ["REDIS_URL", "http://cache:6379"],
    ["REDIS_URL", "cache:6379"],
    ["REDIS_URL", "::::"],
    ["LOG_LEVEL", "loud"],
    ["LOG_LEVEL", "verbose"],
    ["HOST", "bad host name!"],
    ["SCHEDULER", "maybe"],
    ["DATABASE_POOL_SIZE", "0"],
  ])("refuses %s=%j with a ConfigError naming the variable", (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message.startsWith(`${variable}: `)).toBe(true);
    expect(error.message).not.toContain("\n");
  });

  it("names the bad value in the message, a URL by its scheme only (it may hold a password)", () => {
    expect(configError({ PORT: "abc" }).message).toContain('"abc"');
    expect(configError({ PORT: "70000" }).message).toContain("65535");
    expect(configError({ DATABASE_URL: "mysql://x" }).message).toBe('DATABASE_URL: must start with postgres:// or postgresql://, got "mysql://"');
    expect(configError({ REDIS_URL: "redis-cluster://x" }).message).toContain("redis:// or rediss://");
    expect(configError({ DATABASE_URL: "mysql://user:secret@x/db" }).message).not.toContain("secret");
    expect(configError({ LOG_LEVEL: "loud" }).message).toContain("loud");
  });
});

describe("bin/enginery with a bad configuration", () => {
  it("exits 1 with exactly one line on stderr naming the variable", async () => {
    const result = await run(["serve"], enginery({ dataDir: path.join(os.tmpdir(), "enginery-never-created") }, { PORT: "abc" }));
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe('enginery: invalid configuration: PORT: must be a whole number, got "abc"\n');
    expect(fs.existsSync(path.join(os.tmpdir(), "enginery-never-created"))).toBe(false);
  }, 60_000);
});
