/*
 * Where the browser suite's shop on PostgreSQL keeps its data (tests/e2e/support/postgres-shop.ts creates the
 * database, playwright.config.ts names it): the server of TEST_POSTGRES_URL, and a database per run's port.
 */

/** The PostgreSQL server the races' shop runs on. */
export const postgresServerUrl =
  process.env.TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** The database of the shop on PostgreSQL listening on `port`. */
export const postgresShopDatabase = (port: number) => `storefront_e2e_${port}`;

/** The address of a database on that server. */
export function postgresDatabaseUrl(name: string): string {
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
