import type { Database } from "~/db/client.server";
import { getProduct, type ProductCardData, productsTagged } from "~/modules/catalogue/products.server";
import { productReviews, type ReviewList } from "~/modules/reviews/reviews.server";
import { wishlistIds } from "~/modules/wishlist/wishlist.server";

/** How many popular products the product page suggests (two rows of three on a desktop). */
export const POPULAR_ON_PRODUCT_PAGE = 6;

export type ProductDetailPage = {
  product: NonNullable<Awaited<ReturnType<typeof getProduct>>>;
  reviews: ReviewList;
  /** Products tagged popular, this product left out. */
  popular: ProductCardData[];
  /** Ids on the signed-in customer's wishlist (empty for a visitor), to fill the hearts. */
  wished: number[];
};

/** Everything the product page shows for one product, or null when the id names no product. */
export async function productDetailPage(
  db: Database,
  id: number,
  customerId: number | undefined,
): Promise<ProductDetailPage | null> {
  const [product, reviews, popular, wished] = await Promise.all([
    getProduct(db, id),
    productReviews(db, id),
    productsTagged(db, "popular", POPULAR_ON_PRODUCT_PAGE + 1),
    wishlistIds(db, customerId),
  ]);
  if (!product) return null;
  return {
    product,
    reviews,
    popular: popular.filter((card) => card.id !== id).slice(0, POPULAR_ON_PRODUCT_PAGE),
    wished,
  };
}
