/**
 * The dealer's own details that are not settings: name, e-mail, social link, opening hours. The hotline,
 * WhatsApp number and address are settings the owners edit (/admin/settings): the shop's pages show them
 * through the root loader (app/features/settings/shop-contact.ts).
 */
export const shop = {
  name: "Kaveri Computers",
  legalName: "Kaveri Computers Private Limited",
  /**
   * The seeded hotline, address and their tel: link (migration 0011). Only the e-mails still print these
   * (app/lib/mail.server.ts): the pages read the settings, and new code should too.
   */
  hotline: "+91 80 4125 6789",
  hotlineHref: "tel:+918041256789",
  address: ["No. 42, 1st Floor, Sree Lakshmi Complex", "SP Road, Bengaluru", "Karnataka 560002, India"],
  email: "support@kavericomputers.in",
  city: "Bengaluru",
  social: { label: "Kaveri Computers on Instagram", href: "https://www.instagram.com/kavericomputers" },
  openingHours: "Monday to Friday, 10 AM to 8 PM",
  yearsServing: 12,
} as const;

/** The home page's title and description (the root's defaults for every page that sets none). */
export const shopTitle = `${shop.name} | Laptops, Desktops, CCTV & Biometrics in ${shop.city}`;
export const shopDescription = `New, refurbished and rental laptops, desktops, CCTV, biometric systems and IT accessories from ${shop.name}, ${shop.city}.`;

/** The picture a link to the home page previews with (a file in public/). */
export const SHOP_PREVIEW_IMAGE = "/images/banners/main-banner.svg";
