/** Cuts text to `max` characters and appends `suffix` when it was longer (home cards use '...'). */
export function cutText(text: string, max: number, suffix = "…"): string {
  return text.length > max ? `${text.slice(0, max)}${suffix}` : text;
}

/** Discount badge: round((MRP − offer price) ÷ MRP × 100). */
export function discountPercent(originalPrice: number, discountedPrice: number): number {
  if (originalPrice <= 0 || discountedPrice >= originalPrice) return 0;
  return Math.round(((originalPrice - discountedPrice) / originalPrice) * 100);
}

/**
 * True when `text` holds only what a person can type: no control characters (C0, DEL, C1; TAB and line
 * breaks are allowed in multi-line text) and no lone UTF-16 surrogate. PostgreSQL refuses a NUL byte in
 * text outright, and the others are invisible tricks, so forms and URL filters refuse them with a message.
 */
export function isTypedText(text: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) {
      if (!(multiline && (code === 0x09 || code === 0x0a || code === 0x0d))) return false;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** "1 minute", "5 minutes". */
export const minutesText = (minutes: number) => (minutes === 1 ? "1 minute" : `${minutes} minutes`);
