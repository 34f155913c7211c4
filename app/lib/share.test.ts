import { describe, expect, it } from "vitest";
import { productShareText, whatsAppAskUrl, whatsAppDigits, whatsAppShareUrl } from "./share";

const url = "https://kavericomputers.in/product/12";

describe("WhatsApp links", () => {
  it("shares the title, the offer price in rupees and the canonical URL", () => {
    const text = productShareText("Dell Inspiron 15 & Co", 4599000);
    expect(text).toBe("Dell Inspiron 15 & Co — Rs. 45,990");
    const link = whatsAppShareUrl(text, url);
    expect(link).toBe(
      "https://wa.me/?text=Dell%20Inspiron%2015%20%26%20Co%20%E2%80%94%20Rs.%2045%2C990%20https%3A%2F%2Fkavericomputers.in%2Fproduct%2F12",
    );
    expect(new URL(link).searchParams.get("text")).toBe(`${text} ${url}`);
  });

  it("asks the dealer about the product on the dealer's own number", () => {
    const link = whatsAppAskUrl("918041256789", "HP 15s", url);
    expect(link?.startsWith("https://wa.me/918041256789?text=")).toBe(true);
    expect(new URL(link ?? "").searchParams.get("text")).toBe(
      "Hello, I'd like to know more about HP 15s (https://kavericomputers.in/product/12)",
    );
  });

  it("takes the number's digits and refuses one that cannot be a phone number", () => {
    expect(whatsAppDigits("+91 80 4125 6789")).toBe("918041256789");
    expect(whatsAppDigits("")).toBeUndefined();
    expect(whatsAppDigits("12345")).toBeUndefined();
    expect(whatsAppDigits("0918041256789")).toBeUndefined();
    expect(whatsAppAskUrl("none", "HP 15s", url)).toBeUndefined();
  });
});
