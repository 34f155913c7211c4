/** The catalogue's words and fixed values, shared by the cards, the store, the product and compare pages. */

export const PRODUCT_TYPES = ["new", "refurbished", "rental"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const productTypeLabels: Record<ProductType, string> = {
  new: "New",
  refurbished: "Refurbished",
  rental: "Rental",
};

/** The tags the home page's sections and the store's "Product Tags" filter use. */
export const TAGS = ["featured", "special", "popular"] as const;
export type Tag = (typeof TAGS)[number];

export const tagLabels: Record<Tag, string> = {
  featured: "Featured",
  special: "Special",
  popular: "Popular",
};

/** Only the tags the shop knows, in a product's own order (a row may carry others). */
export function knownTags(tags: readonly string[]): Tag[] {
  return tags.filter((tag): tag is Tag => (TAGS as readonly string[]).includes(tag));
}

/** Shown where a product has no photo yet. */
export const FALLBACK_IMAGE = "/images/products/fallback.svg";
