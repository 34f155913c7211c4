import { type RentalOffer, rentalFormDefaults } from "~/features/rentals";
import { rupeesForInput } from "~/lib/money";
import { specFormDefaults } from "./specs/form-values";
import type { SpecValues } from "./specs/values";

/** A stored product's own fields and colours, SKU aside: what its form shows and an import compares. */
export type StoredProductFields = {
  title: string;
  description: string;
  brand: string;
  category: string;
  productType: string;
  tags: readonly string[];
  colourIds: readonly number[];
  originalPrice: number;
  discountedPrice: number;
  quantity: number;
  hsn: string;
  gstRate: number;
};

/**
 * A stored product as its edit form's fields show it: prices as typed rupees, ids and numbers as text, the
 * specification and a rental's offer in their fields. The edit page fills its form with it, and the catalogue's
 * import fills each row's form with it before the row's cells change some of them.
 */
export function productFormDefaults(
  product: StoredProductFields & { sku?: string | null | undefined },
  specs: SpecValues,
  offer: RentalOffer | undefined,
) {
  return {
    sku: product.sku ?? "",
    title: product.title,
    description: product.description,
    brand: product.brand,
    category: product.category,
    productType: product.productType,
    tags: [...product.tags],
    colours: product.colourIds.map(String),
    mrp: rupeesForInput(product.originalPrice),
    offerPrice: rupeesForInput(product.discountedPrice),
    stock: String(product.quantity),
    hsn: product.hsn,
    gstRate: String(product.gstRate),
    spec: specFormDefaults(specs),
    rental: rentalFormDefaults(offer),
  };
}
