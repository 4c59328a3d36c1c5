import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { enginery, run } from "../helpers/processes.ts";

/** The operations settings are validated at start: a bad value stops the process with one line naming it. */
function refused(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const PG = "postgres://u@db:5432/app";

describe("operations configuration", () => {
  it("has safe defaults: no /metrics without a token or port, 25 s to shut down, no replica", () => {
    expect(loadConfig({})).toMatchObject({
      metricsPort: null,
      metricsToken: null,
      shutdownTimeoutMs: 25_000,
      databaseReadUrl: null,
      databaseReadPinMs: 10_000,
      redisTimeoutMs: 150,
    });
  });

  it("takes the metrics port and token, the replica and its pin window, the shutdown bound", () => {
    const env = {
      PORT: "8080",
      METRICS_PORT: "9464",
      METRICS_TOKEN: "0123456789abcdef0123",
      DATABASE_URL: PG,
      DATABASE_READ_URL: "postgres://u@replica:5432/app",
      DATABASE_READ_PIN_MS: "5000",
      SHUTDOWN_TIMEOUT_MS: "3000",
      REDIS_TIMEOUT_MS: "500",
    };
    expect(loadConfig(env)).toMatchObject({
      metricsPort: 9464,
      metricsToken: "0123456789abcdef0123",
      databaseReadUrl: "postgres://u@replica:5432/app",
      databaseReadPinMs: 5000,
      shutdownTimeoutMs: 3000,
      redisTimeoutMs: 500,
    });
  });

  it("refuses what cannot work, naming the variable", () => {
    expect(refused({ PORT: "8080", METRICS_PORT: "8080" })).toMatch(/^METRICS_PORT: must differ from PORT/);
    expect(refused({ METRICS_PORT: "http" })).toMatch(/^METRICS_PORT: must be a whole number/);
    expect(refused({ METRICS_TOKEN: "short" })).toMatch(/^METRICS_TOKEN: must be at least 16 printable characters/);
    expect(refused({ METRICS_TOKEN: "has a space in it, which is long enough" })).toMatch(/^METRICS_TOKEN:/);
    expect(refused({ DATABASE_READ_URL: "postgres://u@replica/app" })).toMatch(/^DATABASE_READ_URL: needs DATABASE_URL/);
    expect(refused({ DATABASE_URL: PG, DATABASE_READ_URL: "mysql://replica/app" })).toMatch(/^DATABASE_READ_URL: must start with postgres/);
    expect(refused({ SHUTDOWN_TIMEOUT_MS: "10" })).toMatch(/^SHUTDOWN_TIMEOUT_MS: must be between 100 and 600000/);
  });

  it("a worker with METRICS_TOKEN but no METRICS_PORT stops with one line", async () => {
    const done = await run(["worker"], enginery({ dataDir: "/nonexistent-never-opened" }, { METRICS_TOKEN: "0123456789abcdef0123" }));
    expect(done.code).toBe(1);
    expect(done.stderr.trim()).toBe(
      "enginery: invalid configuration: METRICS_TOKEN: is set but a worker serves metrics only on METRICS_PORT; set METRICS_PORT too",
    );
  });
});
