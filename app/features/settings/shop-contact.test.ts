import { describe, expect, it } from "vitest";
import { addressLines, shopContact, telHref, whatsAppNumberText } from "./shop-contact";

describe("telHref", () => {
  it("dials the hotline's digits, keeping the international +", () => {
    expect(telHref("+91 80 4125 6789")).toBe("tel:+918041256789");
    expect(telHref("080-4125 6789")).toBe("tel:08041256789");
    expect(telHref("(080) 4125.6789")).toBe("tel:08041256789");
    expect(telHref("98450 12345")).toBe("tel:9845012345");
  });

  it("takes the first number of a hotline that says more", () => {
    expect(telHref("1800 425 1234 (toll free)")).toBe("tel:18004251234");
    expect(telHref("Call +91 80 4125 6789, 10 AM to 8 PM")).toBe("tel:+918041256789");
    expect(telHref("+91 80 4125 6789 / +91 98450 12345")).toBe("tel:+918041256789");
    expect(telHref("080 2222 3333 (10 AM to 8 PM)")).toBe("tel:08022223333");
    expect(telHref("+91 (80) 4125-6789")).toBe("tel:+918041256789");
    expect(telHref("10 AM to 8 PM: 080 4125 6789")).toBe("tel:08041256789");
  });

  it("gives no link for a text without a plausible number", () => {
    expect(telHref("")).toBeUndefined();
    expect(telHref("ask at the counter")).toBeUndefined();
    expect(telHref("7")).toBeUndefined();
    expect(telHref("12")).toBeUndefined();
    expect(telHref("080 4125 6789 98450 12345")).toBeUndefined();
  });
});

describe("addressLines", () => {
  const seeded = "No. 42, 1st Floor, Sree Lakshmi Complex\nSP Road, Bengaluru\nKarnataka 560002, India";

  it("prints the address line by line and leaves out a PIN code it already holds", () => {
    expect(addressLines(seeded, "560002")).toEqual([
      "No. 42, 1st Floor, Sree Lakshmi Complex",
      "SP Road, Bengaluru",
      "Karnataka 560002, India",
    ]);
    expect(addressLines("SP Road\nBengaluru 560 002", "560002")).toEqual(["SP Road", "Bengaluru 560 002"]);
  });

  it("adds the PIN code when the address leaves it out, or names another", () => {
    expect(addressLines("12 MG Road\r\n\r\n  Bengaluru  \n", "560001")).toEqual([
      "12 MG Road",
      "Bengaluru",
      "PIN 560001",
    ]);
    expect(addressLines(seeded, "560001").at(-1)).toBe("PIN 560001");
    // A longer number that happens to contain the PIN is not the PIN.
    expect(addressLines("Plot 15600012", "560001")).toEqual(["Plot 15600012", "PIN 560001"]);
  });

  it("adds nothing for a PIN code that is not one", () => {
    expect(addressLines("SP Road", "")).toEqual(["SP Road"]);
  });
});

describe("shopContact", () => {
  it("makes the header's, footer's and pages' details from the settings", () => {
    expect(
      shopContact({
        hotline: "+91 80 4125 6789",
        whatsapp: "919845012345",
        address: "SP Road, Bengaluru\nKarnataka 560002",
        pinCode: "560002",
      }),
    ).toEqual({
      hotline: "+91 80 4125 6789",
      hotlineHref: "tel:+918041256789",
      whatsapp: { number: "+91 98450 12345", href: "https://wa.me/919845012345" },
      address: ["SP Road, Bengaluru", "Karnataka 560002"],
    });
  });

  it("leaves out links it cannot make", () => {
    const contact = shopContact({
      hotline: "at the counter",
      whatsapp: "12",
      address: "SP Road",
      pinCode: "560002",
    });
    expect(contact.hotlineHref).toBeUndefined();
    expect(contact.whatsapp).toBeNull();
  });

  it("writes other countries' WhatsApp numbers with their code", () => {
    expect(whatsAppNumberText("447700900123")).toBe("+447700900123");
  });
});
