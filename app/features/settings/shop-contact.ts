/**
 * The dealer's contact details as shoppers see them (header, footer, contact, about and policy pages), made
 * from the back office's settings. Pure: the root loader builds them on the server and the pages get plain data.
 */

import { whatsAppDigits } from "~/lib/share";

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

/**
 * A phone number in a text: maybe a country code ("+91"), maybe an area code in brackets ("(080)"), then
 * groups of digits each after one space, dot or hyphen. A bracket after the digits ends it: "(10 AM to 8 PM)".
 */
const PHONE_NUMBER = /(?:\+\d{1,3}[\s.-]?)?(?:\(\d+\)[\s.-]?)?\d+(?:[\s.-]\d+)*/g;

/**
 * A hotline as typed ("+91 80 4125 6789", "(080) 4125-6789", "1800 425 1234 (toll free)") as a tel: link:
 * its first number of 3 to 15 digits (E.164's most), digits only, its "+" kept. Undefined when it has none.
 */
export function telHref(hotline: string): string | undefined {
  for (const [number] of hotline.matchAll(PHONE_NUMBER)) {
    const digits = number.replace(/\D/g, "");
    if (digits.length >= 3 && digits.length <= 15) return `tel:${number.startsWith("+") ? "+" : ""}${digits}`;
  }
  return undefined;
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
