import { readdirSync } from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi.server";

const document = openApiDocument("https://shop.example.in") as {
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>>;
};

/** The route files' paths, as OpenAPI writes them: `user.delete-product-cart.$id.ts` → /user/delete-product-cart/{id}. */
function routePaths(): string[] {
  return readdirSync("app/routes/api")
    .filter((file) => /\.tsx?$/.test(file) && !file.includes("openapi") && file !== "$.ts")
    .map(
      (file) =>
        `/${file
          .replace(/\.tsx?$/, "")
          .replace(/\._index$/, "")
          .split(".")
          .map((part) => (part.startsWith("$") ? `{${part.slice(1)}}` : part))
          .join("/")}`,
    );
}

describe("the JSON API's OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every call the routes serve, and no other", () => {
    const documented = Object.keys(document.paths).map((path) =>
      path
        .replace("/product/Wishlist", "/product/wishlist")
        .replace("/verify-payment/phonepe", "/verify-payment/{provider}"),
    );
    expect([...new Set(documented)].sort()).toEqual([...new Set(routePaths())].sort());
  });

  it("asks a bearer token of the customer's calls, and describes each body by its route's schema", () => {
    expect(document.paths["/user/cart"]?.get?.security).toEqual([{ bearer: [] }]);
    expect(document.paths["/product"]?.get?.security).toBeUndefined();
    const cartBody = JSON.stringify(document.paths["/user/cart"]?.post?.requestBody);
    expect(cartBody).toContain("productId");
    expect(cartBody).toContain("color");
    expect(cartBody).not.toContain("price");
  });
});
