/** Cuts text to `max` characters and appends `suffix` when it was longer (home cards use '...'). */
export function cutText(text: string, max: number, suffix = "…"): string {
  return text.length > max ? `${text.slice(0, max)}${suffix}` : text;
}

/** Discount badge: round((MRP − offer price) ÷ MRP × 100). */
export function discountPercent(originalPrice: number, discountedPrice: number): number {
  if (originalPrice <= 0 || discountedPrice >= originalPrice) return 0;
  return Math.round(((originalPrice - discountedPrice) / originalPrice) * 100);
}
