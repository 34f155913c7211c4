import type { Database } from "~/db/client.server";
import { cartTotals } from "./cart.server";

export type CartSummary = { lines: number; total: number };

/** What the header's cart link shows: the number of cart lines and their total in paise (today's prices). */
export async function cartSummary(db: Database, customerId: number): Promise<CartSummary> {
  return cartTotals(db, customerId);
}
