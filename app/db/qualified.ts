import { getTableName, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * A column named with its table ("cart_items"."customer_id"). Drizzle writes a column in raw SQL by its name
 * alone, which inside a correlated subquery would bind to the nearest table that has a column of that name.
 */
export function qualified(column: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
