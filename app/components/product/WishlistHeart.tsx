import { useFetcher, useLocation } from "@remix-run/react";

const heartPath =
  "M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2 0 3.4 1 4.2 2.3h2.4c.8-1.3 2.2-2.3 4.2-2.3 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z";

/**
 * The wishlist heart: a POST form to /wishlist that works without JavaScript. With it, the heart flips at
 * once (the pending submission says what it will become) and settles on what the server reloads afterwards,
 * so a refused change rolls back by itself. A visitor is sent to log in and comes back to this page.
 */
export function WishlistHeart({
  productId,
  title,
  wished,
  variant = "icon",
}: {
  productId: number;
  title: string;
  wished: boolean;
  /** "icon" on cards; "button" on the product page, with a text label. */
  variant?: "icon" | "button";
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("intent");
  const shown = pending === "add" ? true : pending === "remove" ? false : wished;
  const label = shown ? `Remove ${title} from wishlist` : `Add ${title} to wishlist`;
  const icon = (
    <svg
      viewBox="0 0 24 24"
      width={variant === "icon" ? 22 : 20}
      height={variant === "icon" ? 22 : 20}
      aria-hidden="true"
      focusable="false"
    >
      <path d={heartPath} />
    </svg>
  );
  return (
    <fetcher.Form
      method="post"
      action="/wishlist"
      preventScrollReset
      className={variant === "icon" ? "wishlist-toggle" : "product-wishlist"}
    >
      <input type="hidden" name="intent" value={shown ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {variant === "icon" ? (
        <button
          type="submit"
          className={shown ? "heart-button wished" : "heart-button"}
          aria-label={label}
          aria-pressed={shown}
        >
          {icon}
        </button>
      ) : (
        <button
          type="submit"
          className={shown ? "action-button wished" : "action-button"}
          aria-pressed={shown}
        >
          {icon}
          {shown ? "Remove from Wishlist" : "Add to Wishlist"}
        </button>
      )}
    </fetcher.Form>
  );
}
