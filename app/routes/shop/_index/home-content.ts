/** The home page's fixed content: banners, service promises, promotions and the brand marquee. */

export const smallBanners = [
  {
    image: "/images/banners/small-1.svg",
    eyebrow: "Security",
    title: "CCTV Kits",
    text: "4 and 8 camera kits, installed",
    to: "/product?category=CCTV",
  },
  {
    image: "/images/banners/small-2.svg",
    eyebrow: "Attendance",
    title: "Biometrics",
    text: "Fingerprint and face terminals",
    to: "/product?category=Biometric",
  },
  {
    image: "/images/banners/small-3.svg",
    eyebrow: "Accessories",
    title: "Work Essentials",
    text: "Mice, keyboards, monitors",
    to: "/product?category=Accessories",
  },
  {
    image: "/images/banners/small-4.svg",
    eyebrow: "On Rent",
    title: "Rental Laptops",
    text: "Monthly rent for teams and events",
    to: "/product?q=rent",
  },
];

export const services = [
  {
    image: "/images/services/free-shipping.svg",
    title: "Shipping Across India",
    tagline: "Packed safely, tracked to your door",
  },
  {
    image: "/images/services/daily-offers.svg",
    title: "Daily Surprise Offers",
    tagline: "Save up to 40% off",
  },
  {
    image: "/images/services/support.svg",
    title: "Support From Our Store",
    tagline: "Shop with an expert in Bengaluru",
  },
  {
    image: "/images/services/affordable-prices.svg",
    title: "Affordable Prices",
    tagline: "Get factory default price",
  },
  {
    image: "/images/services/secure-payments.svg",
    title: "Secure Payments",
    tagline: "100% protected payments via PhonePe",
  },
];

export const promos = [
  {
    title: "Refurbished Business Laptops",
    text: "Tested, cleaned and sold with a warranty.",
    to: "/product?q=refurbished",
    image: "/images/products/laptop-black.svg",
  },
  {
    title: "Office Desktops",
    text: "OptiPlex, ProDesk and ThinkCentre for every desk.",
    to: "/product?category=Desktops",
    image: "/images/products/desktop-tower.svg",
  },
  {
    title: "Secure Your Shop",
    text: "Hikvision and CP Plus kits with installation.",
    to: "/product?category=CCTV",
    image: "/images/products/dome-camera.svg",
  },
];

export const brands = ["dell", "hp", "lenovo", "asus", "acer", "apple", "hikvision", "cpplus"];
export const brandNames: Record<string, string> = {
  dell: "Dell",
  hp: "HP",
  lenovo: "Lenovo",
  asus: "Asus",
  acer: "Acer",
  apple: "Apple",
  hikvision: "Hikvision",
  cpplus: "CP Plus",
};
