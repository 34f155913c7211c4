import { describe, expect, it } from "vitest";
import {
  availabilityLabel,
  galleryImages,
  paiseToDecimalRupees,
  productJsonLd,
  quantityOptions,
  selectedImageIndex,
  serializeJsonLd,
  zoomOrigin,
} from "./product-page";

describe("availability", () => {
  it("reads the stock: in stock, only a few left, out of stock", () => {
    expect(availabilityLabel(24)).toBe("In Stock");
    expect(availabilityLabel(6)).toBe("In Stock");
    expect(availabilityLabel(5)).toBe("Only 5 left");
    expect(availabilityLabel(1)).toBe("Only 1 left");
    expect(availabilityLabel(0)).toBe("Out of Stock");
    expect(availabilityLabel(-3)).toBe("Out of Stock");
  });
});

describe("quantity options", () => {
  it("offers 1 to 10, never more than the stock", () => {
    expect(quantityOptions(24)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(quantityOptions(10)).toHaveLength(10);
    expect(quantityOptions(3)).toEqual([1, 2, 3]);
    expect(quantityOptions(1)).toEqual([1]);
    expect(quantityOptions(0)).toEqual([]);
    expect(quantityOptions(Number.NaN)).toEqual([]);
  });
});

describe("gallery images", () => {
  it("keeps every image and fills in missing alternative text", () => {
    expect(
      galleryImages([{ url: "/a.svg", alt: "Front" }, { url: "/b.svg" }], "HP Pavilion", "/fallback.svg"),
    ).toEqual([
      { url: "/a.svg", alt: "Front" },
      { url: "/b.svg", alt: "HP Pavilion, image 2" },
    ]);
    expect(galleryImages([{ url: "/a.svg", alt: "  " }], "HP Pavilion", "/f.svg")).toEqual([
      { url: "/a.svg", alt: "HP Pavilion" },
    ]);
  });

  it("uses the fallback stock image when there is none", () => {
    expect(galleryImages([], "Mystery Box", "/fallback.svg")).toEqual([
      { url: "/fallback.svg", alt: "Mystery Box (photo coming soon)" },
    ]);
    expect(galleryImages([{ url: " " }], "Mystery Box", "/fallback.svg")[0]?.url).toBe("/fallback.svg");
  });
});

describe("selected image", () => {
  it("reads ?image=N counting from 1 and ignores anything else", () => {
    expect(selectedImageIndex("2", 3)).toBe(1);
    expect(selectedImageIndex("3", 3)).toBe(2);
    expect(selectedImageIndex("4", 3)).toBe(0);
    expect(selectedImageIndex("0", 3)).toBe(0);
    expect(selectedImageIndex("-1", 3)).toBe(0);
    expect(selectedImageIndex("1e1", 3)).toBe(0);
    expect(selectedImageIndex("abc", 3)).toBe(0);
    expect(selectedImageIndex(null, 3)).toBe(0);
  });
});

describe("zoom origin", () => {
  const box = { left: 100, top: 50, width: 400, height: 200 };
  it("follows the pointer as percentages of the image", () => {
    expect(zoomOrigin(300, 150, box)).toEqual({ x: 50, y: 50 });
    expect(zoomOrigin(100, 50, box)).toEqual({ x: 0, y: 0 });
    expect(zoomOrigin(133, 117, box)).toEqual({ x: 8.3, y: 33.5 });
  });
  it("stays inside the image and copes with an empty box", () => {
    expect(zoomOrigin(0, 999, box)).toEqual({ x: 0, y: 100 });
    expect(zoomOrigin(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 50, y: 50 });
  });
});

describe("urls and prices", () => {
  it("writes paise as decimal rupees", () => {
    expect(paiseToDecimalRupees(6249000)).toBe("62490.00");
    expect(paiseToDecimalRupees(12345)).toBe("123.45");
    expect(paiseToDecimalRupees(100)).toBe("1.00");
  });
});

describe("product JSON-LD", () => {
  const base = {
    id: 7,
    title: "HP Pavilion 15",
    description: "A dependable all-rounder.",
    brand: "HP",
    category: "Laptops",
    productType: "new" as const,
    images: ["https://shop.example/images/a.svg"],
    url: "https://shop.example/product/7",
    price: 6249000,
    stock: 24,
    rating: null,
  };

  it("describes the product and its offer in rupees", () => {
    expect(productJsonLd(base)).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "HP Pavilion 15",
      image: ["https://shop.example/images/a.svg"],
      description: "A dependable all-rounder.",
      sku: "7",
      productID: "7",
      category: "Laptops",
      brand: { "@type": "Brand", name: "HP" },
      offers: {
        "@type": "Offer",
        url: "https://shop.example/product/7",
        priceCurrency: "INR",
        price: "62490.00",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/NewCondition",
      },
    });
  });

  it("says out of stock, refurbished, and leaves the condition out for rentals", () => {
    const sold = productJsonLd({ ...base, stock: 0, productType: "refurbished" }).offers as Record<
      string,
      unknown
    >;
    expect(sold.availability).toBe("https://schema.org/OutOfStock");
    expect(sold.itemCondition).toBe("https://schema.org/RefurbishedCondition");
    const rental = productJsonLd({ ...base, productType: "rental" }).offers as Record<string, unknown>;
    expect(rental).not.toHaveProperty("itemCondition");
    expect(rental.priceSpecification).toMatchObject({ unitCode: "MON", price: rental.price });
  });

  it("adds aggregateRating only when there are reviews", () => {
    expect(productJsonLd(base)).not.toHaveProperty("aggregateRating");
    expect(productJsonLd({ ...base, rating: { average: 0, count: 0 } })).not.toHaveProperty(
      "aggregateRating",
    );
    expect(productJsonLd({ ...base, rating: { average: 4.333, count: 3 } }).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("gives the specification as additionalProperty PropertyValues, with unit codes where they exist", () => {
    expect(productJsonLd(base)).not.toHaveProperty("additionalProperty");
    expect(productJsonLd({ ...base, specs: {} })).not.toHaveProperty("additionalProperty");
    const data = productJsonLd({
      ...base,
      specs: { ram_gb: 16, cpu: "core-i5", cpu_generation: 12, storage_kind: "ssd", screen_in: 15.6 },
    });
    expect(data.additionalProperty).toEqual([
      { "@type": "PropertyValue", name: "Processor", value: "Intel Core i5" },
      { "@type": "PropertyValue", name: "Processor generation", value: 12 },
      { "@type": "PropertyValue", name: "RAM", value: 16, unitCode: "E34" },
      { "@type": "PropertyValue", name: "Storage type", value: "SSD" },
      { "@type": "PropertyValue", name: "Screen size", value: 15.6, unitCode: "INH" },
    ]);
    const camera = productJsonLd({
      ...base,
      category: "CCTV",
      specs: { megapixels: 2.4, cctv_form: "dome" },
    });
    expect(camera.additionalProperty).toEqual([
      { "@type": "PropertyValue", name: "Form", value: "Dome" },
      { "@type": "PropertyValue", name: "Resolution", value: 2.4, unitText: "MP" },
    ]);
    const reader = productJsonLd({
      ...base,
      category: "Biometric",
      specs: { bio_methods: ["fingerprint", "card"], user_capacity: 3000 },
    });
    expect(reader.additionalProperty).toEqual([
      { "@type": "PropertyValue", name: "Identifies by", value: "Fingerprint, RFID card" },
      { "@type": "PropertyValue", name: "User capacity", value: 3000, unitText: "users" },
    ]);
  });

  it("serialises so no text can close the script element", () => {
    const text = serializeJsonLd({ name: "</script><script>alert(1)</script> & more\u2028" });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script> & more\u2028" });
  });
});
