import { defineConfig } from "vitest/config";
import { LongFilesFirst } from "./test/sequencer.ts";

/**
 * The same suite runs on the embedded database (PGlite) and, when
 * TEST_DATABASE_URL is set, on PostgreSQL: one project per database. Every
 * file that reaches SQL runs in both, except the two named lists below, which
 * say why (test/global-setup.ts prints them at the start of a run, so what ran
 * where is never a surprise): a file whose outcome cannot depend on the
 * database runs once.
 */

/**
 * Independent of the database: run once, in the PGlite project. Browsers
 * driving the dashboard and the consent page, the client libraries (built
 * TypeScript SDK, Python package and its mypy check) against a real server,
 * the generated SDK files, the compiled dist/ and the CLI's usage text, and
 * unit tests that open no database at all, and the embedded engine's own
 * start for a CLI command (PGlite by definition). What the clients and pages send
 * through the API is covered on both databases by the API's own tests.
 */
export const PGLITE_ONLY = [
  "test/dashboard/a11y.e2e.test.ts",
  "test/dashboard/agent.e2e.test.ts",
  "test/dashboard/assets.test.ts",
  "test/dashboard/keys.e2e.test.ts",
  "test/dashboard/pages.e2e.test.ts",
  "test/dashboard/webhooks.e2e.test.ts",
  "test/oauth/browser.e2e.test.ts",
  "test/sdks/generated.test.ts",
  "test/sdks/types.test.ts",
  "test/sdks/typescript.test.ts",
  "test/sdk-python/generated.test.ts",
  "test/sdk-python/python.test.ts",
  "test/platform/compiled.test.ts",
  "test/platform/openapi-lint.test.ts",
  "test/platform/embedded-engine.test.ts",
  "test/platform/cli-usage.test.ts",
  "test/platform/architecture.test.ts",
  "test/platform/route-table.test.ts",
  "test/platform/config.test.ts",
  "test/platform/validation.test.ts",
  "test/platform/rate-limit-gcra.test.ts",
  "test/ops/config.test.ts",
  "test/webhooks/ssrf.test.ts",
  "test/agent/eval-judge.test.ts",
  "test/agent/planner-literals.test.ts",
  // The whole agent evaluation (minutes, in two halves so the two workers share it): it measures the planner's
  // understanding; every call it makes is an API call tested on both databases, and eval.test.ts runs a subset of it on both.
  "test/agent/eval-offline-money.test.ts",
  "test/agent/eval-offline-people.test.ts",
];

/**
 * Need a PostgreSQL server: several processes (APIs, workers, dispatchers)
 * sharing one database, a streaming replica, the connection pool's metrics,
 * the postgres.js client's prepared statements (PGlite keeps its own, tested
 * by list-json). An embedded database belongs to one process, so there is no
 * PGlite half.
 */
export const POSTGRES_ONLY = [
  "test/platform/prepared-statements.test.ts",
  "test/ops/metrics.test.ts",
  "test/ops/read-replica.test.ts",
  "test/ops/scale-out.test.ts",
  "test/ops/shutdown.test.ts",
  "test/oauth/revocation-processes.test.ts",
  "test/hardening/revocation-processes.test.ts",
  "test/webhooks/dispatch-processes.test.ts",
];

const projects = [{ extends: true as const, test: { name: "pglite", env: { TEST_DB: "pglite" }, exclude: POSTGRES_ONLY } }];
if (process.env.TEST_DATABASE_URL) {
  projects.push({ extends: true as const, test: { name: "postgres", env: { TEST_DB: "postgres" }, exclude: PGLITE_ONLY } });
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["test/global-setup.ts"],
    sequence: { sequencer: LongFilesFirst },
    projects,
  },
});
