/**
 * The dealer's contact details as shoppers see them (header, footer, contact, about and policy pages), made
 * from the back office's settings. Pure: the root loader builds them on the server and the pages get plain data.
 */

import { whatsAppDigits } from "./share";

export type ShopContact = {
  hotline: string;
  /**
   * The hotline's tel: link; undefined when the text holds no number to dial: `<a href={undefined}>` is then
   * a plain placeholder, not a link, and the pages need no branch of their own (less JavaScript in each).
   */
  hotlineHref?: string;
  /** A chat with the dealer on WhatsApp; null when the stored number is not a usable one. */
  whatsapp: { number: string; href: string } | null;
  /** The postal address, one entry per printed line, the PIN code included. */
  address: string[];
};

/** What the settings hold for these (shop_settings' columns). */
export type ContactSettings = { hotline: string; whatsapp: string; address: string; pinCode: string };

/** The first run of a phone number in a text: digits, spaces, dots, hyphens and brackets, maybe after a "+". */
const PHONE_NUMBER = /\+?\d[\d\s().-]*\d/;

/**
 * A hotline as typed ("+91 80 4125 6789", "080-4125 6789", "1800 425 1234 (toll free)") as a tel: link:
 * the first number in it, digits only, its "+" kept. Undefined when there is no plausible number.
 */
export function telHref(hotline: string): string | undefined {
  const number = PHONE_NUMBER.exec(hotline)?.[0];
  if (!number) return undefined;
  const digits = number.replace(/\D/g, "");
  // E.164 allows at most 15 digits; fewer than 3 is no phone number (and more is two numbers run together).
  if (digits.length < 3 || digits.length > 15) return undefined;
  return `tel:${number.startsWith("+") ? "+" : ""}${digits}`;
}

/**
 * The address as the settings form stores it (a textarea: one line per line) split into printed lines,
 * blank lines dropped, with the PIN code added as a line of its own when the address does not already hold it.
 */
export function addressLines(address: string, pinCode: string): string[] {
  const lines = address
    .split(/\r?\n|\r/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (!/^\d{6}$/.test(pinCode)) return lines;
  // "560002" or "560 002", not inside a longer number.
  const written = new RegExp(`(?:^|\\D)${pinCode.slice(0, 3)} ?${pinCode.slice(3)}(?:\\D|$)`);
  return written.test(address) ? lines : [...lines, `PIN ${pinCode}`];
}

/** WhatsApp digits with the country code ("919845012345") as people read them: "+91 98450 12345". */
export function whatsAppNumberText(digits: string): string {
  const indian = /^91(\d{5})(\d{5})$/.exec(digits);
  return indian ? `+91 ${indian[1]} ${indian[2]}` : `+${digits}`;
}

export function shopContact(settings: ContactSettings): ShopContact {
  const whatsapp = whatsAppDigits(settings.whatsapp);
  return {
    hotline: settings.hotline,
    hotlineHref: telHref(settings.hotline),
    whatsapp: whatsapp ? { number: whatsAppNumberText(whatsapp), href: `https://wa.me/${whatsapp}` } : null,
    address: addressLines(settings.address, settings.pinCode),
  };
}
