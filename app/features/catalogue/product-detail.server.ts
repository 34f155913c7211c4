import type { Database } from "~/db/client.server";
import { personalDataMessages } from "~/features/accounts";
import { type RentalOffer, rentalOfferView } from "~/features/rentals";
import { readRentalOffer } from "~/features/rentals/index.server";
import { formatLongDate } from "~/lib/dates";
import { plainText, sanitizeDescription } from "~/lib/sanitize.server";
import { cutText } from "~/lib/text";
import { absoluteUrl } from "~/lib/urls";
import { type ProductCardData, productsTagged } from "./cards.server";
import { FALLBACK_IMAGE, knownTags } from "./catalogue";
import { keptByVersion } from "./kept-by-version.server";
import { productMessages } from "./messages";
import {
  galleryImages,
  paiseToDecimalRupees,
  productJsonLd,
  selectedImageIndex,
  serializeJsonLd,
} from "./product-page";
import { getProduct } from "./products.server";
import { productReviews, type ReviewList } from "./reviews.server";
import { specTable } from "./specs/format";
import { readProductSpecs } from "./specs/product-specs.server";
import type { SpecValues } from "./specs/values";

/** How many popular products the product page suggests (two rows of three on a desktop). */
export const POPULAR_ON_PRODUCT_PAGE = 6;

export type ProductDetailPage = {
  product: NonNullable<Awaited<ReturnType<typeof getProduct>>>;
  reviews: ReviewList;
  /** Products tagged popular, this product left out. */
  popular: ProductCardData[];
  /** The product's specification, empty when it has none. */
  specs: SpecValues;
  /** A rental's offer; undefined for a product sold, or a rental quoted on request. */
  rental: RentalOffer | undefined;
};

/** What the product page shows of the catalogue for one product, or null when the id names no product. */
export async function productDetailPage(db: Database, id: number): Promise<ProductDetailPage | null> {
  const [product, reviews, popular, specs, rental] = await Promise.all([
    getProduct(db, id),
    productReviews(db, id),
    productsTagged(db, "popular", POPULAR_ON_PRODUCT_PAGE + 1),
    readProductSpecs(db, id),
    readRentalOffer(db, id),
  ]);
  if (!product) return null;
  return {
    product,
    reviews,
    popular: popular.filter((card) => card.id !== id).slice(0, POPULAR_ON_PRODUCT_PAGE),
    specs,
    rental,
  };
}

/**
 * The product page's loader data: the product as the page shows it (description sanitised, only known tags),
 * its specification table, its gallery, reviews, popular products, the customer's wishlist, and what search engines and
 * link previews read (summary, canonical URL, og:image, JSON-LD). Null when the id names no product. What is
 * the same for every shopper is kept per catalogue version (`versionNow`, read with the session).
 */
export async function productPageView(
  db: Database,
  id: number,
  {
    publicUrl,
    imageParam,
    versionNow,
    wished,
  }: {
    publicUrl: string;
    imageParam: string | null;
    versionNow?: number | null;
    /** The signed-in customer's wishlist, as the session read it (none for a visitor). */
    wished?: number[];
  },
) {
  const shared = await keptProductViews.read(db, JSON.stringify([id, publicUrl]), versionNow, async () => ({
    value: await sharedProductView(db, id, publicUrl),
  }));
  if (!shared) return null;
  const wishedIds = wished ?? [];
  return {
    ...shared,
    selectedImage: selectedImageIndex(imageParam, shared.images.length),
    wished: wishedIds.includes(shared.product.id),
    popularWished: shared.popular.filter((card) => wishedIds.includes(card.id)).map((card) => card.id),
  };
}

/** Product pages' shared parts kept per catalogue version (kept-by-version.server.ts). */
const keptProductViews = keptByVersion<Awaited<ReturnType<typeof sharedProductView>>>("product views");

/** What the product page shows the same to every shopper. */
async function sharedProductView(db: Database, id: number, publicUrl: string) {
  const page = await productDetailPage(db, id);
  if (!page) return null;
  const { product, reviews, popular, specs, rental } = page;
  const url = absoluteUrl(publicUrl, `/product/${product.id}`);
  const images = galleryImages(product.images, product.title, FALLBACK_IMAGE);
  const imageUrls = images.map((image) => absoluteUrl(publicUrl, image.url));
  const text = plainText(product.description);
  return {
    product: {
      id: product.id,
      title: product.title,
      brand: product.brand,
      category: product.category,
      productType: product.productType,
      tags: knownTags(product.tags),
      originalPrice: product.originalPrice,
      discountedPrice: product.discountedPrice,
      totalRating: product.totalRating,
      quantity: product.quantity,
      colours: product.colours,
      description: sanitizeDescription(product.description),
    },
    // Formatted here: the definitions stay out of the page's JavaScript.
    specs: specTable(product.category, product.productType, specs),
    rental: product.productType === "rental" ? rentalOfferView(rental) : null,
    images,
    reviews: {
      count: reviews.count,
      items: reviews.reviews.map((review) => ({
        id: review.id,
        star: review.star,
        comment: review.comment,
        author: review.byFormerCustomer ? personalDataMessages.formerCustomer : productMessages.reviewAuthor,
        createdAt: review.createdAt.toISOString(),
        // Written here: the date code stays out of the page's JavaScript.
        shownAt: formatLongDate(review.createdAt),
      })),
    },
    popular,
    seo: {
      url,
      summary: cutText(text, 157, "..."),
      image: imageUrls[0] ?? absoluteUrl(publicUrl, FALLBACK_IMAGE),
      imageAlt: images[0]?.alt ?? product.title,
      price: paiseToDecimalRupees(product.discountedPrice),
      jsonLd: serializeJsonLd(
        productJsonLd({
          id: product.id,
          title: product.title,
          description: cutText(text, 1000, "..."),
          brand: product.brand,
          category: product.category,
          productType: product.productType,
          images: imageUrls,
          url,
          price: product.discountedPrice,
          stock: product.quantity,
          rating: reviews.average === null ? null : { average: reviews.average, count: reviews.count },
          specs,
        }),
      ),
    },
  };
}
