/**
 * The HSN code a product of the catalogue usually has (issue 17), for the seed and for a new product's form:
 * the dealer can always change it. Every one of them is at 18 % GST since 22 September 2025. Migration 0013
 * applies the same rules to the products already in the shop, in SQL.
 */
import type { GstRate } from "./gst-rates";

export type TaxFacts = { hsn: string; gstRate: GstRate };

/** Rules from the most specific words to the category; the first that matches wins. */
const RULES: readonly {
  test: (p: { title: string; category: string; rental: boolean }) => boolean;
  hsn: string;
}[] = [
  // Renting equipment out is a service, SAC 9973 (leasing or rental without an operator): 997315 for
  // computers, 997319 for other equipment (cameras, biometric terminals).
  { test: (p) => p.rental && (p.category === "Laptops" || p.category === "Desktops"), hsn: "997315" },
  { test: (p) => p.rental, hsn: "997319" },
  { test: (p) => /\bprinter\b/i.test(p.title), hsn: "8443" },
  { test: (p) => /\bcable\b/i.test(p.title), hsn: "8544" },
  // A CCTV kit is sold as its cameras, with the recorder and the disk that go with them.
  { test: (p) => p.category === "CCTV" && /\bkit\b/i.test(p.title), hsn: "8525" },
  { test: (p) => /\b(hard (disk|drive)|ssd)\b/i.test(p.title) && p.category !== "Laptops", hsn: "8471" },
  { test: (p) => /\b(dvr|nvr)\b/i.test(p.title), hsn: "8521" },
  { test: (p) => /\bmonitor\b/i.test(p.title) && p.category === "Accessories", hsn: "8528" },
  { test: (p) => /\brouter\b/i.test(p.title), hsn: "8517" },
  { test: (p) => /\bups\b/i.test(p.title), hsn: "8504" },
  { test: (p) => /\b(pen drive|usb flash)\b/i.test(p.title), hsn: "8523" },
  { test: (p) => p.category === "CCTV" || /\bwebcam\b/i.test(p.title), hsn: "8525" },
];

/** Laptops, desktops, biometric terminals, keyboards and mice: automatic data-processing machines and units. */
const DEFAULT_HSN = "8471";

export function taxFactsFor(product: { title: string; category: string; productType: string }): TaxFacts {
  const facts = {
    title: product.title,
    category: product.category,
    rental: product.productType === "rental",
  };
  return { hsn: RULES.find((rule) => rule.test(facts))?.hsn ?? DEFAULT_HSN, gstRate: 18 };
}
