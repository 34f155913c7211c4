import { useFetcher, useLocation } from "@remix-run/react";
import { HeartIcon } from "~/components/icons";

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
  const fetcher = useFetcher({ key: `wishlist-${productId}` });
  const location = useLocation();
  const pending = fetcher.formData?.get("intent");
  const shown = pending === "add" ? true : pending === "remove" ? false : wished;
  const label = shown ? `Remove ${title} from wishlist` : `Add ${title} to wishlist`;
  return (
    <form
      method="post"
      action="/wishlist"
      className={variant === "icon" ? "wishlist-toggle" : "product-wishlist"}
      onSubmit={(event) => {
        // A plain form sent by the fetcher: a <fetcher.Form> in each of a store page's 24 cards cost about 7 %
        // of a signed-in page's server time (docs/benchmark.md).
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        fetcher.submit(submitter instanceof HTMLButtonElement ? submitter : event.currentTarget, {
          preventScrollReset: true,
        });
      }}
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {variant === "icon" ? (
        // A card's heart is drawn by CSS (app.css, .wishlist-toggle), filled while pressed: no SVG and no class
        // repeated in every card.
        <button
          type="submit"
          name="intent"
          value={shown ? "remove" : "add"}
          aria-label={label}
          aria-pressed={shown}
        />
      ) : (
        <button
          type="submit"
          name="intent"
          value={shown ? "remove" : "add"}
          className={shown ? "action-button wished" : "action-button"}
          aria-pressed={shown}
        >
          <HeartIcon size={20} />
          {shown ? "Remove from Wishlist" : "Add to Wishlist"}
        </button>
      )}
    </form>
  );
}
