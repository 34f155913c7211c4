/** The dealer's own details, shown in the header, footer, contact page and e-mails. */
export const shop = {
  name: "Kaveri Computers",
  legalName: "Kaveri Computers Private Limited",
  hotline: "+91 80 4125 6789",
  hotlineHref: "tel:+918041256789",
  email: "support@kavericomputers.in",
  address: ["No. 42, 1st Floor, Sree Lakshmi Complex", "SP Road, Bengaluru", "Karnataka 560002, India"],
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
