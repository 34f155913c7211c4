import { describe, expect, it } from "vitest";
import { productMetaTags } from "~/features/catalogue";
import { linkPreviewTags } from "./link-preview";

type Tag = { property?: string; name?: string; content?: string };
const content = (tags: readonly object[], key: string) =>
  (tags as Tag[]).find((tag) => tag.property === key || tag.name === key)?.content;

describe("link previews", () => {
  it("gives Open Graph and Twitter card tags with absolute URLs", () => {
    const tags = linkPreviewTags({
      type: "article",
      title: "Laptop care",
      description: "Keep it cool.",
      url: "https://shop.example/blog/3",
      image: "https://shop.example/images/blogs/default.svg",
    });
    expect(content(tags, "og:type")).toBe("article");
    expect(content(tags, "og:site_name")).toBe("Kaveri Computers");
    expect(content(tags, "og:title")).toBe("Laptop care");
    expect(content(tags, "og:description")).toBe("Keep it cool.");
    expect(content(tags, "og:url")).toBe("https://shop.example/blog/3");
    expect(content(tags, "og:image")).toBe("https://shop.example/images/blogs/default.svg");
    expect(content(tags, "twitter:card")).toBe("summary_large_image");
    expect(content(tags, "twitter:image")).toBe("https://shop.example/images/blogs/default.svg");
    expect(tags.some((tag) => tag.property === "og:image:alt")).toBe(false);
  });

  it("adds the price in rupees and the currency for a product, keeping its title and canonical link", () => {
    const tags = productMetaTags("HP 15s", {
      url: "https://shop.example/product/7",
      summary: "A laptop.",
      image: "https://shop.example/images/products/laptop-silver.svg",
      imageAlt: "HP 15s",
      price: "45990.00",
    });
    expect(tags[0]).toEqual({ title: "HP 15s | Kaveri Computers" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://shop.example/product/7",
    });
    expect(content(tags, "og:type")).toBe("product");
    expect(content(tags, "og:image:alt")).toBe("HP 15s");
    expect(content(tags, "product:price:amount")).toBe("45990.00");
    expect(content(tags, "product:price:currency")).toBe("INR");
  });
});
