import { and, asc, eq, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { qualified } from "~/db/qualified";
import { type CartSnapshotLine, cartItems, colours, productColours, products } from "~/db/schema";
import { productAdminMessages, productMessages } from "~/features/catalogue";
import { rentalMessages } from "~/features/rentals";
import { listMessages } from "./messages";

export type CartLine = {
  id: number;
  productId: number;
  title: string;
  image: string | null;
  colour: { id: number; name: string; value: string };
  quantity: number;
  /** Today's offer price in paise, from the product (never from a form). */
  unitPrice: number;
  /** Today's MRP in paise. */
  originalPrice: number;
  /** Units in stock now. */
  stock: number;
  /** False once the back office has hidden the product: the line stays, but cannot be paid for. */
  available: boolean;
  /** The product's HSN code and GST rate, for the invoice. */
  hsn: string;
  gstRate: number;
};

/** The customer's cart, oldest line first, priced from the products as they are now. */
export async function cartLines(db: Database, customerId: number): Promise<CartLine[]> {
  const rows = await db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      title: products.title,
      images: products.images,
      colourId: colours.id,
      colourName: colours.name,
      colourValue: colours.value,
      quantity: cartItems.quantity,
      unitPrice: products.discountedPrice,
      originalPrice: products.originalPrice,
      stock: products.quantity,
      // A rental is booked, never bought (decision 0043): a line from before rentals had offers cannot be ordered.
      available: sql<boolean>`${products.hiddenAt} IS NULL AND ${products.productType} <> 'rental'`,
      hsn: products.hsn,
      gstRate: products.gstRate,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(colours, eq(colours.id, cartItems.colourId))
    .where(eq(cartItems.customerId, customerId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map(({ images, colourId, colourName, colourValue, ...line }) => ({
    ...line,
    image: images[0]?.url ?? null,
    colour: { id: colourId, name: colourName, value: colourValue },
  }));
}

/** The cart's lines as an order keeps them: prices, colour and tax facts as they are at Place Order. */
export function snapshotLines(lines: CartLine[]): CartSnapshotLine[] {
  return lines.map((line) => ({
    productId: line.productId,
    title: line.title,
    colourId: line.colour.id,
    colourValue: line.colour.value,
    colourName: line.colour.name,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    originalPrice: line.originalPrice,
    hsn: line.hsn,
    gstRate: line.gstRate,
  }));
}

/** The cart line of this product, if the customer has one (the product page then offers Go to Cart). */
export async function cartLineFor(db: Database, customerId: number | undefined, productId: number) {
  if (customerId === undefined) return null;
  const [row] = await db
    .select({ id: cartItems.id, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.customerId, customerId), eq(cartItems.productId, productId)))
    .limit(1);
  return row ?? null;
}

export type CartChange =
  | { ok: true }
  | { ok: false; problem: "no-product" | "no-line" | "unavailable" | "rental" }
  | { ok: false; problem: "no-colour" }
  | { ok: false; problem: "stock"; stock: number };

/** What the shopper reads when a change is refused. */
export function cartProblemMessage(change: Exclude<CartChange, { ok: true }>): string {
  switch (change.problem) {
    case "no-product":
      return listMessages.productNotFound;
    case "no-line":
      return listMessages.lineGone;
    case "unavailable":
      return productAdminMessages.noLongerAvailable;
    case "rental":
      return rentalMessages.notInCart;
    case "no-colour":
      return productMessages.chooseColour;
    case "stock":
      return change.stock === 0 ? listMessages.outOfStock : listMessages.onlyInStock(change.stock);
  }
}

/**
 * Puts the product in the cart in the chosen colour and quantity (one line per product: adding again replaces
 * the colour and quantity). The price is the product's offer price read here; the colour must be one the
 * product comes in; more than the stock is refused, and so is a rental, which is booked, not bought.
 */
export async function addToCart(
  db: Database,
  customerId: number,
  { productId, colourId, quantity }: { productId: number; colourId: number; quantity: number },
): Promise<CartChange> {
  const [product] = await db
    .select({
      price: products.discountedPrice,
      stock: products.quantity,
      hiddenAt: products.hiddenAt,
      productType: products.productType,
    })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product) return { ok: false, problem: "no-product" };
  if (product.hiddenAt) return { ok: false, problem: "unavailable" };
  if (product.productType === "rental") return { ok: false, problem: "rental" };
  const [offered] = await db
    .select({ colourId: productColours.colourId })
    .from(productColours)
    .where(and(eq(productColours.productId, productId), eq(productColours.colourId, colourId)))
    .limit(1);
  if (!offered) return { ok: false, problem: "no-colour" };
  if (quantity > product.stock) return { ok: false, problem: "stock", stock: product.stock };
  await db
    .insert(cartItems)
    .values({ customerId, productId, colourId, quantity, unitPrice: product.price })
    .onConflictDoUpdate({
      target: [cartItems.customerId, cartItems.productId],
      set: { colourId, quantity, unitPrice: product.price, updatedAt: new Date() },
    });
  return { ok: true };
}

/** Sets the quantity of one of the customer's own cart lines; another customer's line counts as missing. */
export async function updateCartQuantity(
  db: Database,
  customerId: number,
  lineId: number,
  quantity: number,
): Promise<CartChange> {
  const [line] = await db
    .select({ stock: products.quantity, price: products.discountedPrice, hiddenAt: products.hiddenAt })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.id, lineId), eq(cartItems.customerId, customerId)))
    .limit(1);
  if (!line) return { ok: false, problem: "no-line" };
  if (line.hiddenAt) return { ok: false, problem: "unavailable" };
  if (quantity > line.stock) return { ok: false, problem: "stock", stock: line.stock };
  const updated = await db
    .update(cartItems)
    .set({ quantity, unitPrice: line.price, updatedAt: new Date() })
    .where(and(eq(cartItems.id, lineId), eq(cartItems.customerId, customerId)))
    .returning({ id: cartItems.id });
  return updated.length > 0 ? { ok: true } : { ok: false, problem: "no-line" };
}

/** Removes one of the customer's own cart lines. */
export async function removeCartLine(db: Database, customerId: number, lineId: number): Promise<CartChange> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.customerId, customerId)))
    .returning({ id: cartItems.id });
  return removed.length > 0 ? { ok: true } : { ok: false, problem: "no-line" };
}

/** Empties the customer's cart (after a paid order). */
export async function emptyCart(db: Database, customerId: number): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.customerId, customerId));
}

/** Lines and total for the header, priced like the cart page so the two always agree. */
/** The number of lines in a customer's cart and what they cost at today's prices, as columns of any query. */
export function cartTotalsColumns(customerId: SQLWrapper) {
  const [owner, quantity, productId] = [cartItems.customerId, cartItems.quantity, cartItems.productId].map(
    qualified,
  );
  const lines = sql<number>`(SELECT count(*)::int FROM ${cartItems} WHERE ${owner} = ${customerId})`;
  const total = sql<number>`(SELECT coalesce(sum(${quantity} * ${qualified(products.discountedPrice)}), 0)::int
    FROM ${cartItems} JOIN ${products} ON ${qualified(products.id)} = ${productId}
    WHERE ${owner} = ${customerId})`;
  return { lines: lines.mapWith(Number), total: total.mapWith(Number) };
}

export async function cartTotals(
  db: Database,
  customerId: number,
): Promise<{ lines: number; total: number }> {
  const [row] = await db.select(cartTotalsColumns(sql`${customerId}`)).from(sql`(SELECT 1) AS one`);
  return { lines: row?.lines ?? 0, total: row?.total ?? 0 };
}
