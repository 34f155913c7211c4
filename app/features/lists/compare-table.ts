import {
  type ComparedSpecs,
  compareSpecTable,
  type ProductType,
  productTypeLabels,
  shownRating,
} from "~/features/catalogue";
import { formatRupees } from "~/lib/money";

/** What a cell shows for a product without that attribute. */
export const NO_VALUE = "—";

/** The query that shows only the rows where the compared products differ. */
export const ONLY_DIFFERENCES = "diff=1";

/** Whether the URL asks for differences only: `diff=1`; every other value, or none, is off. */
export function onlyDifferencesAsked(search: URLSearchParams): boolean {
  return search.get("diff") === "1";
}

/** One row of the comparison: each product's value as shown, and whether they are not all the same. */
export type CompareRow = { key: string; label: string; values: string[]; differs: boolean };
/** Rows under a heading: the products' facts first (no heading), then each specification group. */
export type CompareSection = { heading: string | null; rows: CompareRow[] };

export type ComparedProduct = ComparedSpecs & {
  productType: ProductType;
  discountedPrice: number;
  originalPrice: number;
  brand: string;
  totalRating: number;
  quantity: number;
  colours: { name: string }[];
};

export type CompareTable = {
  sections: CompareSection[];
  /** Whether rows the products share are hidden (asked for, and two or more products to differ). */
  onlyDifferences: boolean;
  /** Whether the filter can show anything other than every row: two or more products. */
  canFilter: boolean;
};

const row = (key: string, label: string, values: string[]): CompareRow => ({
  key,
  label,
  values,
  differs: new Set(values).size > 1,
});

/**
 * The comparison's rows: price, MRP, brand, type, category, rating, availability and colours, then a row for
 * every specification attribute one of the products has ("—" where another has none). With `onlyDifferences`
 * and two or more products, every row whose values are all the same is left out, and a section left empty.
 */
export function compareTable(products: readonly ComparedProduct[], onlyDifferences: boolean): CompareTable {
  const facts: CompareSection = {
    heading: null,
    rows: [
      row(
        "price",
        "Price",
        products.map((p) => formatRupees(p.discountedPrice)),
      ),
      row(
        "mrp",
        "MRP",
        products.map((p) => formatRupees(p.originalPrice)),
      ),
      row(
        "brand",
        "Brand",
        products.map((p) => p.brand),
      ),
      row(
        "type",
        "Type",
        products.map((p) => productTypeLabels[p.productType]),
      ),
      row(
        "category",
        "Category",
        products.map((p) => p.category),
      ),
      row(
        "rating",
        "Rating",
        products.map((p) => `Rated ${shownRating(p.totalRating)} out of 5`),
      ),
      row(
        "availability",
        "Availability",
        products.map((p) => (p.quantity > 0 ? `In Stock (${p.quantity})` : "Out of Stock")),
      ),
      row(
        "colours",
        "Colours",
        // As a set: the same colours listed in another order are no difference.
        products.map((p) =>
          p.colours
            .map((colour) => colour.name)
            .sort()
            .join(", "),
        ),
      ),
    ],
  };
  const specs = compareSpecTable(products).map(
    (group): CompareSection => ({
      heading: group.group,
      rows: group.rows.map((spec) =>
        row(
          spec.code,
          spec.label,
          spec.values.map((value) => value ?? NO_VALUE),
        ),
      ),
    }),
  );
  const sections = [facts, ...specs];
  const canFilter = products.length > 1;
  if (!onlyDifferences || !canFilter) return { sections, onlyDifferences: false, canFilter };
  return {
    sections: sections
      .map((section) => ({ ...section, rows: section.rows.filter((r) => r.differs) }))
      .filter((section) => section.rows.length > 0),
    onlyDifferences: true,
    canFilter,
  };
}
