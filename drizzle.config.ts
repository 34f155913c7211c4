import { defineConfig } from "drizzle-kit";

// Only used by `npm run db:generate` to write new SQL migrations from app/db/schema.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./app/db/migrations",
});
