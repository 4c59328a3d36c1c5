import { defineConfig } from "vitest/config";

// The same suite runs on the embedded database (PGlite) and, when
// TEST_DATABASE_URL is set, on PostgreSQL: one project per database.
const projects = [{ extends: true as const, test: { name: "pglite", env: { TEST_DB: "pglite" } } }];
if (process.env.TEST_DATABASE_URL) {
  projects.push({ extends: true as const, test: { name: "postgres", env: { TEST_DB: "postgres" } } });
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["test/global-setup.ts"],
    projects,
  },
});
