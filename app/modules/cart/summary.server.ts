import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cartItems } from "~/db/schema";

export type CartSummary = { lines: number; total: number };

/** What the header's cart link shows: the number of cart lines and their total in paise. */
export async function cartSummary(db: Database, customerId: number): Promise<CartSummary> {
  const [row] = await db
    .select({
      lines: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${cartItems.quantity} * ${cartItems.unitPrice}), 0)::int`,
    })
    .from(cartItems)
    .where(eq(cartItems.customerId, customerId));
  return { lines: row?.lines ?? 0, total: row?.total ?? 0 };
}
