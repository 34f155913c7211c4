export {
  addToCart,
  type CartLine,
  cartLineFor,
  cartLines,
  cartProblemMessage,
  cartTotals,
  cartTotalsColumns,
  emptyCart,
  removeCartLine,
  snapshotLines,
  updateCartQuantity,
} from "./cart.server";
export { compareListCookie, compareProducts, readCompareList } from "./compare.server";
export { listChangeSchema } from "./schemas";
export {
  setWishlisted,
  toggleWishlist,
  wishlistIds,
  wishlistIdsColumn,
  wishlistProducts,
} from "./wishlist.server";
