import { isNull } from "drizzle-orm";
import { products } from "~/db/schema";

/**
 * The products the shop shows and sells: those the back office has not hidden. Every shop query of products
 * uses it (store, search, home, product page, compare, wishlist, sitemap, cart, checkout); orders and order
 * history keep referring to hidden products.
 */
export const shownInShop = isNull(products.hiddenAt);
