/** What the lists feature says to shoppers and staff; the texts the shop's rules fix (docs/shop-rules.md) are kept word for word. */

/** Cart, wishlist and compare. */
export const listMessages = {
  productNotFound: "That product could not be found.",
  lineGone: "That item is no longer in your cart.",
  outOfStock: "Sorry, this product is out of stock.",
  onlyInStock: (stock: number) => `Sorry, only ${stock} ${stock === 1 ? "unit is" : "units are"} in stock.`,
  compareAdded: "Product added to compare",
  compareAlready: "This product is already in your compare list",
  compareFull: (max: number) => `You can compare up to ${max} products. Remove one first.`,
  compareRemoved: "Product removed from compare",
  compareNoDifferences: "These products are the same in every row we compare.",
  compareOnlyDifferences: "Showing only the rows where the products differ.",
} as const;
