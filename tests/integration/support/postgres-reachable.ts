import pg from "pg";

/**
 * Vitest's global set-up: when the tests run on PostgreSQL (DATABASE_URL, set by `npm run test:postgres`),
 * a server that does not answer fails the run at once with one clear message, rather than in every file.
 */
export default async function postgresReachable(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    const where = new URL(url);
    where.password = "";
    throw new Error(
      `The database tests run on PostgreSQL too, and the server at ${where.host} did not answer (${String(error)}). ` +
        "Start it, or run npm test, which starts one of its own when none answers (docs/testing.md).",
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
