/**
 * Open Graph and Twitter card tags, so a link pasted into WhatsApp, Facebook or X shows a card with a
 * picture, a title and a description. Every URL is absolute: a preview is fetched from outside the site.
 */

import { shop } from "./shop";

export type LinkPreview = {
  type: "website" | "article" | "product";
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the picture. */
  image: string;
  imageAlt?: string;
};

/** The shared tags, in the shape Remix's meta functions return. */
export function linkPreviewTags(preview: LinkPreview) {
  return [
    { property: "og:type", content: preview.type },
    { property: "og:site_name", content: shop.name },
    { property: "og:title", content: preview.title },
    { property: "og:description", content: preview.description },
    { property: "og:url", content: preview.url },
    { property: "og:image", content: preview.image },
    ...(preview.imageAlt ? [{ property: "og:image:alt", content: preview.imageAlt }] : []),
    { property: "og:locale", content: "en_IN" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: preview.title },
    { name: "twitter:description", content: preview.description },
    { name: "twitter:image", content: preview.image },
    ...(preview.imageAlt ? [{ name: "twitter:image:alt", content: preview.imageAlt }] : []),
  ];
}
