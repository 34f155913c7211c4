import { describe, expect, it } from "vitest";
import { seedProducts } from "~/db/seed-data";
import { taxFactsFor } from "./hsn";

const hsnOf = (title: string, category: string, productType = "new") =>
  taxFactsFor({ title, category, productType }).hsn;

describe("a product's usual HSN code", () => {
  it("follows the issue's list: computers 8471, CCTV cameras 8525, recorders 8521, printers 8443, cables 8544", () => {
    expect(hsnOf("Lenovo ThinkPad E14 Gen 5 Core i5", "Laptops")).toBe("8471");
    expect(hsnOf("Dell OptiPlex 7010 Tower Desktop", "Desktops")).toBe("8471");
    expect(hsnOf("Hikvision 2MP Bullet Camera DS-2CE16D0T-IRPF", "CCTV")).toBe("8525");
    expect(hsnOf("Hikvision 8 Channel 4K NVR DS-7608NI-K1", "CCTV")).toBe("8521");
    expect(hsnOf("CP Plus 8 Channel DVR CP-UVR-0801E1-CS", "CCTV")).toBe("8521");
    expect(hsnOf("HP LaserJet Pro M126nw Printer", "Accessories")).toBe("8443");
    expect(hsnOf("D-Link Cat6 LAN Cable 305m", "Accessories")).toBe("8544");
  });

  it("keeps a CCTV kit with its cameras and a surveillance disk with computer storage", () => {
    expect(hsnOf("Hikvision 8 Camera 2MP Complete CCTV Kit with 8-Ch DVR and 2TB Hard Disk", "CCTV")).toBe(
      "8525",
    );
    expect(hsnOf("Seagate SkyHawk 2TB Surveillance Hard Drive for DVR / NVR", "CCTV")).toBe("8471");
  });

  it("gives a rented computer SAC 997315 and other rented equipment 997319, all at 18 %", () => {
    expect(
      taxFactsFor({ title: "Dell OptiPlex on Rent", category: "Desktops", productType: "rental" }),
    ).toEqual({
      hsn: "997315",
      gstRate: 18,
    });
    expect(taxFactsFor({ title: "ThinkPad on Rent", category: "Laptops", productType: "rental" }).hsn).toBe(
      "997315",
    );
    expect(taxFactsFor({ title: "4 Camera Kit on Rent", category: "CCTV", productType: "rental" }).hsn).toBe(
      "997319",
    );
  });

  it("gives every seed product a 4-, 6- or 8-digit code", () => {
    for (const product of seedProducts) {
      expect(taxFactsFor(product).hsn, product.title).toMatch(/^\d{4}(\d{2}){0,2}$/);
    }
  });
});
