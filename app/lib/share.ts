/** Pure helpers for sharing a product on WhatsApp: plain wa.me links that work without JavaScript. */

import { formatRupees } from "./money";

/** What a shared product says before its link: the title and the offer price ("HP 15s — Rs. 45,990"). */
export function productShareText(title: string, offerPaise: number): string {
  return `${title} — ${formatRupees(offerPaise)}`;
}

/** "Share on WhatsApp": WhatsApp opens with the text and the link ready, and the shopper picks the chat. */
export function whatsAppShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/** A WhatsApp number as wa.me wants it: digits only, country code first ("+91 80 4125 6789" → "918041256789"). */
export function whatsAppDigits(number: string): string | undefined {
  const digits = number.replace(/\D/g, "");
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : undefined;
}

/**
 * "Ask about this on WhatsApp": a chat with the dealer, the product named. Undefined when the shop's number
 * is not a usable one (the link is then left out rather than sent to nobody).
 */
export function whatsAppAskUrl(dealerNumber: string, title: string, url: string): string | undefined {
  const digits = whatsAppDigits(dealerNumber);
  if (!digits) return undefined;
  const text = `Hello, I'd like to know more about ${title} (${url})`;
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
