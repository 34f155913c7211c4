import { describe, expect, it } from "vitest";
import { absoluteUrl } from "./urls";

describe("absoluteUrl", () => {
  it("builds absolute URLs from the public origin", () => {
    expect(absoluteUrl("https://shop.example", "/product/7")).toBe("https://shop.example/product/7");
    expect(absoluteUrl("https://shop.example/", "/images/a.svg")).toBe("https://shop.example/images/a.svg");
    expect(absoluteUrl("http://localhost:3000", "/x y.svg")).toBe("http://localhost:3000/x%20y.svg");
  });
});
