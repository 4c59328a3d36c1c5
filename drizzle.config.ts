import { defineConfig } from "drizzle-kit";

// Used only to generate SQL migrations from the table declarations
// (npm run db:generate). They are applied by src/db/migrate.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/schema.ts",
  out: "./src/db/migrations",
});
