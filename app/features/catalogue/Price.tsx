import { formatRupees } from "~/lib/money";
import { discountPercent } from "~/lib/text";

/**
 * A product's price: the offer price, the MRP struck through when it is higher, each named for screen readers
 * (the naming spans are hidden by app.css where they sit: `.mrp > span`, `.offer-price > span`). Cards show the
 * MRP first (as the rules' cards do); the product page leads with the offer price and adds the discount.
 */
export function Price({
  offer,
  mrp,
  variant = "card",
  className = "price",
}: {
  /** Offer price in paise. */
  offer: number;
  /** MRP in paise. */
  mrp: number;
  variant?: "card" | "detail";
  className?: string;
}) {
  const offerPrice = (
    <span className="offer-price">
      <span>Offer price </span>
      {formatRupees(offer)}
    </span>
  );
  const struck =
    mrp > offer ? (
      <s className="mrp">
        <span>MRP </span>
        {formatRupees(mrp)}
      </s>
    ) : null;
  if (variant === "card") {
    return (
      <p className={className}>
        {struck}
        {offerPrice}
      </p>
    );
  }
  const discount = discountPercent(mrp, offer);
  return (
    <p className={className}>
      {offerPrice}
      {struck}
      {discount > 0 ? <span className="discount-off">{discount}% off</span> : null}
    </p>
  );
}

/** The rules' inclusive-tax line under a price. */
export function TaxLine() {
  return <p className="tax-line">Inclusive of all taxes</p>;
}
