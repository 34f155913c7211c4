import type { CSSProperties } from "react";

/** A rating out of 5 as the stars show it: to the nearest half star, within 0 to 5. */
export function shownRating(rating: number): number {
  return Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
}

/**
 * Five read-only gold stars for a rating out of 5 (halves rounded to the nearest half star), drawn as one
 * element: a gold-then-grey gradient cut to five star shapes by a CSS mask (app.css, `.stars`). A store page
 * shows 24 of them, so one element instead of five SVGs with gradients keeps the page light and its ids unique.
 */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  const rounded = shownRating(rating);
  // 16 px is the size app.css gives; only other sizes travel in the markup.
  const style: Record<string, string> = { "--stars-filled": `${rounded * 20}%` };
  if (size !== 16) style["--star-size"] = `${size}px`;
  return (
    <span
      className="stars"
      role="img"
      aria-label={`Rated ${rounded} out of 5`}
      style={style as CSSProperties}
    />
  );
}
