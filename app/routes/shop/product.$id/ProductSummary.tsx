import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CompareIcon } from "~/components/icons";
import type { StoreLinks } from "~/features/catalogue";
import {
  CopyProductLink,
  Price,
  type ProductType,
  productTypeLabels,
  quantityOptions,
  Stars,
  type Tag,
  TaxLine,
  WhatsAppLinks,
  WishlistHeart,
} from "~/features/catalogue";
import { DeliveryCheck } from "~/features/delivery";
import type { DeliveryCheck as DeliveryCheckView } from "~/features/delivery/index.server";
import { RentalOfferPanel, type RentalOfferView } from "~/features/rentals";
import { ProductFacts } from "./ProductFacts";
import { PurchaseForm } from "./PurchaseForm";
import { ReviewCount } from "./Reviews";

type Product = {
  id: number;
  title: string;
  brand: string;
  category: string;
  productType: ProductType;
  tags: Tag[];
  originalPrice: number;
  discountedPrice: number;
  totalRating: number;
  quantity: number;
  colours: { id: number; name: string; value: string }[];
};

/**
 * Beside the gallery: brand, title, rating, price, facts, the purchase form (a rental's plans instead: it is
 * booked, never put in the cart) and the product's actions.
 */
export function ProductSummary({
  product,
  rental,
  reviewCount,
  inCart,
  wished,
  url,
  whatsapp,
  delivery,
  storeLinks,
  lastResult,
}: {
  product: Product;
  /** A rental's offer, worded by the loader; null for a product sold. */
  rental: RentalOfferView | null;
  reviewCount: number;
  inCart: boolean;
  wished: boolean;
  /** The product page's canonical URL, for Copy Product Link. */
  url: string;
  /** The WhatsApp links (share, ask the dealer) and the share text, built by the loader. */
  whatsapp: { text: string; share: string; ask?: string };
  delivery: DeliveryCheckView | undefined;
  storeLinks: StoreLinks;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <div className="product-summary">
      <p className="product-kicker">
        <span className="product-brand">{product.brand}</span>
        <span className="product-type">{productTypeLabels[product.productType]}</span>
      </p>
      <h1 id="product-title">{product.title}</h1>
      <div className="product-rating">
        <Stars rating={product.totalRating} size={20} />
        <ReviewCount count={reviewCount} />
        <a href="#reviews" className="write-review-link">
          Write a Review
        </a>
      </div>
      <div className="product-price-block">
        {rental?.kind === "plans" ? (
          <p className="price product-price">From {rental.from}</p>
        ) : rental ? null : (
          <Price
            offer={product.discountedPrice}
            mrp={product.originalPrice}
            variant="detail"
            className="price product-price"
          />
        )}
        {rental?.kind === "on-request" ? null : <TaxLine />}
      </div>
      <ProductFacts
        productType={product.productType}
        brand={product.brand}
        category={product.category}
        tags={product.tags}
        stock={product.quantity}
        links={storeLinks}
      />
      {rental ? (
        <RentalOfferPanel view={rental} bookHref={`/product/${product.id}/book`} askHref="/contact" />
      ) : (
        <PurchaseForm
          colours={product.colours}
          quantities={quantityOptions(product.quantity)}
          inCart={inCart}
          lastResult={lastResult}
        />
      )}
      <div className="product-actions">
        <WishlistHeart productId={product.id} title={product.title} wished={wished} variant="button" />
        <Form method="post" action="/compare-product" className="product-compare">
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="redirectTo" value={`/product/${product.id}`} />
          <button type="submit" name="intent" value="add" className="action-button">
            <CompareIcon />
            Add to compare
          </button>
        </Form>
      </div>
      <DeliveryCheck check={delivery} />
      <section className="shipping-note" aria-labelledby="shipping-heading">
        <h2 id="shipping-heading">Shipping &amp; Returns</h2>
        <p>Free shipping and returns available on all orders. Delivery within 5-10 business days.</p>
      </section>
      <WhatsAppLinks
        shareUrl={whatsapp.share}
        askUrl={whatsapp.ask}
        title={product.title}
        text={whatsapp.text}
        url={url}
      />
      <CopyProductLink url={url} />
    </div>
  );
}
