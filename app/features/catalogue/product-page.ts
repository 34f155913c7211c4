/** Pure helpers for the product detail page: stock wording, quantity choices, gallery, zoom and JSON-LD. */

import { LOW_STOCK, MAX_QUANTITY } from "~/lib/limits";
import { linkPreviewTags } from "~/lib/link-preview";
import { shop } from "~/lib/shop";
import { specProperties } from "./specs/format";
import type { SpecValues } from "./specs/values";

/** What the page says about stock: "In Stock", "Only 3 left" or "Out of Stock". */
export function availabilityLabel(stock: number): string {
  if (!Number.isFinite(stock) || stock <= 0) return "Out of Stock";
  if (stock <= LOW_STOCK) return `Only ${Math.floor(stock)} left`;
  return "In Stock";
}

/** Quantities the shopper may choose: 1 to 10, never more than the units in stock; none when sold out. */
export function quantityOptions(stock: number): number[] {
  const top = Number.isFinite(stock) ? Math.min(MAX_QUANTITY, Math.floor(stock)) : 0;
  return Array.from({ length: Math.max(0, top) }, (_, i) => i + 1);
}

export type GalleryImage = { url: string; alt: string };

/**
 * The images the gallery shows, each with a useful alternative text; the fallback stock image when the
 * product has none.
 */
export function galleryImages(
  images: readonly { url: string; alt?: string }[],
  title: string,
  fallbackUrl: string,
): GalleryImage[] {
  const usable = images.filter((image) => image.url.trim() !== "");
  if (usable.length === 0) return [{ url: fallbackUrl, alt: `${title} (photo coming soon)` }];
  return usable.map((image, index) => ({
    url: image.url,
    alt: image.alt?.trim() || (index === 0 ? title : `${title}, image ${index + 1}`),
  }));
}

/**
 * The 0-based index of the image chosen with `?image=N` (N counts from 1, as the thumbnails are numbered);
 * 0 for a missing, malformed or out-of-range value.
 */
export function selectedImageIndex(param: string | null, count: number): number {
  if (!param || !/^\d{1,3}$/.test(param)) return 0;
  const n = Number(param);
  return n >= 1 && n <= count ? n - 1 : 0;
}

export type Box = { left: number; top: number; width: number; height: number };

/** Where the pointer is over the image, as CSS transform-origin percentages clamped to the image. */
export function zoomOrigin(clientX: number, clientY: number, box: Box): { x: number; y: number } {
  const percent = (offset: number, size: number) =>
    size > 0 ? Math.round(Math.min(100, Math.max(0, (offset / size) * 100)) * 10) / 10 : 50;
  return { x: percent(clientX - box.left, box.width), y: percent(clientY - box.top, box.height) };
}

/** Integer paise as the decimal rupee string schema.org offers carry: 6249000 → "62490.00". */
export function paiseToDecimalRupees(paise: number): string {
  return (Math.round(paise) / 100).toFixed(2);
}

export type ProductJsonLdInput = {
  id: number;
  title: string;
  description: string;
  brand: string;
  category: string;
  productType: "new" | "refurbished" | "rental";
  /** Absolute image URLs. */
  images: string[];
  /** Absolute canonical URL of the product page. */
  url: string;
  /** Offer price in paise. */
  price: number;
  stock: number;
  /** Present only when the product has reviews. */
  rating: { average: number; count: number } | null;
  /** The product's specification, given as additionalProperty; none when it has none. */
  specs?: SpecValues;
};

const itemCondition = {
  new: "https://schema.org/NewCondition",
  refurbished: "https://schema.org/RefurbishedCondition",
} as const;

/**
 * schema.org Product data for search engines; aggregateRating only when there are reviews, additionalProperty
 * only when the product has a specification.
 */
export function productJsonLd(input: ProductJsonLdInput): Record<string, unknown> {
  const offer: Record<string, unknown> = {
    "@type": "Offer",
    url: input.url,
    priceCurrency: "INR",
    price: paiseToDecimalRupees(input.price),
    availability: input.stock > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
  };
  if (input.productType !== "rental") offer.itemCondition = itemCondition[input.productType];
  // A rental's price is its lowest monthly rent: said as a price per month (UN/CEFACT unit MON).
  else
    offer.priceSpecification = {
      "@type": "UnitPriceSpecification",
      price: offer.price,
      priceCurrency: "INR",
      unitCode: "MON",
      unitText: "month",
    };
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: input.title,
    image: input.images,
    description: input.description,
    sku: String(input.id),
    productID: String(input.id),
    category: input.category,
    brand: { "@type": "Brand", name: input.brand },
    offers: offer,
  };
  const properties = specProperties(input.category, input.productType, input.specs ?? {});
  if (properties.length > 0) data.additionalProperty = properties;
  if (input.rating && input.rating.count > 0) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: Math.round(input.rating.average * 10) / 10,
      reviewCount: input.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}

/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>`, `&` and the JavaScript line separators
 * are written as \u escapes, so text such as "</script>" in a title cannot end the script early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export type ProductSeo = { url: string; summary: string; image: string; imageAlt: string; price: string };

/** The product page's title, description, canonical link and Open Graph tags for link previews, with the price. */
export function productMetaTags(title: string, seo: ProductSeo) {
  return [
    { title: `${title} | ${shop.name}` },
    { name: "description", content: seo.summary },
    { tagName: "link", rel: "canonical", href: seo.url },
    ...linkPreviewTags({
      type: "product",
      title,
      description: seo.summary,
      url: seo.url,
      image: seo.image,
      imageAlt: seo.imageAlt,
    }),
    { property: "product:price:amount", content: seo.price },
    { property: "product:price:currency", content: "INR" },
  ];
}
