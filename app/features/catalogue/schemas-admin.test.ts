import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { rupeesForInput } from "~/lib/money";
import { productAdminMessages } from "./messages";
import { productEditSchema, productFormSchema, productValuesOf } from "./schemas";

/** A valid product form as the browser sends it. */
function formData(overrides: Record<string, string | string[] | undefined> = {}) {
  const fields: Record<string, string | string[] | undefined> = {
    title: "Lenovo ThinkPad E14",
    description: "<p>A sturdy laptop.</p>",
    brand: "Lenovo",
    category: "Laptops",
    productType: "new",
    tags: ["popular", "featured"],
    colours: ["2", "5"],
    mrp: "65,000",
    offerPrice: "59999.50",
    stock: "12",
    ...overrides,
  };
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
      data.append(name, one);
  }
  return data;
}

const errorsOf = (data: FormData) => {
  const submission = parseWithZod(data, { schema: productFormSchema });
  return submission.status === "success" ? {} : (submission.error ?? {});
};

describe("the back office's product form", () => {
  it("turns rupees into paise and keeps the tags in the shop's order", () => {
    const submission = parseWithZod(formData(), { schema: productFormSchema });
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    expect(productValuesOf(submission.value)).toEqual({
      title: "Lenovo ThinkPad E14",
      description: "<p>A sturdy laptop.</p>",
      brand: "Lenovo",
      category: "Laptops",
      productType: "new",
      tags: ["featured", "popular"],
      colourIds: [2, 5],
      newColour: undefined,
      originalPrice: 65_000_00,
      discountedPrice: 59_999_50,
      quantity: 12,
      // Left blank: the usual code for a laptop, at 18 %.
      hsn: "8471",
      gstRate: 18,
      // A form that showed no specification fields leaves the stored specification as it is.
      specs: expect.objectContaining({ values: {}, shown: [] }),
    });
  });

  it("takes a SKU in upper case, and refuses one with spaces, marks or too many characters", () => {
    const parsed = parseWithZod(formData({ sku: "  dl-3440/i5.v2 " }), { schema: productFormSchema });
    if (parsed.status !== "success") throw new Error(JSON.stringify(parsed.error));
    expect(productValuesOf(parsed.value).sku).toBe("DL-3440/I5.V2");
    for (const sku of ["DL 3440", "-DL3440", "DL#3440", "=HYPERLINK()", "A".repeat(41)]) {
      const refused = parseWithZod(formData({ sku }), { schema: productFormSchema });
      expect(refused.status === "error" && refused.error?.sku, sku).toEqual([
        productAdminMessages.skuInvalid,
      ]);
    }
  });

  it("takes an HSN code of 4, 6 or 8 digits and a GST rate in force", () => {
    const parsed = parseWithZod(formData({ hsn: "8443 31", gstRate: "5" }), { schema: productFormSchema });
    if (parsed.status !== "success") throw new Error(JSON.stringify(parsed.error));
    expect(productValuesOf(parsed.value)).toMatchObject({ hsn: "844331", gstRate: 5 });
    for (const hsn of ["847", "84713", "8471301", "847130100", "84a1"]) {
      expect(errorsOf(formData({ hsn })).hsn, hsn).toEqual([
        "An HSN code has 4, 6 or 8 digits, such as 8471 for laptops",
      ]);
    }
    expect(errorsOf(formData({ gstRate: "12" })).gstRate).toEqual([
      "Choose a GST rate in force: 0, 5, 18 or 40 %",
    ]);
  });

  it("refuses an offer above the MRP, on the offer field", () => {
    expect(errorsOf(formData({ mrp: "100", offerPrice: "100.01" }))).toEqual({
      offerPrice: ["The offer price cannot be more than the MRP"],
    });
  });

  it("says what is wrong with a price: missing, text, negative, zero, too many decimals, too large", () => {
    expect(errorsOf(formData({ mrp: "" })).mrp).toEqual(["MRP is Required"]);
    expect(errorsOf(formData({ offerPrice: "cheap" })).offerPrice).toEqual([
      "Offer price must be an amount in rupees, such as 45999 or 45999.50",
    ]);
    expect(errorsOf(formData({ offerPrice: "-5" })).offerPrice).toEqual([
      "Offer price must be more than Rs. 0",
    ]);
    expect(errorsOf(formData({ offerPrice: "0.00" })).offerPrice).toEqual([
      "Offer price must be more than Rs. 0",
    ]);
    expect(errorsOf(formData({ offerPrice: "10.999" })).offerPrice).toEqual([
      "Offer price must be an amount in rupees, such as 45999 or 45999.50",
    ]);
    expect(errorsOf(formData({ mrp: "99999999999999999999" })).mrp).toEqual([
      "MRP must be at most Rs. 20,00,000",
    ]);
  });

  it("takes stock as a whole number from 0 to 100000", () => {
    const message = ["Stock must be a whole number from 0 to 100000"];
    for (const stock of ["", "-1", "1.5", "ten", "100001", "1e3"]) {
      expect(errorsOf(formData({ stock })).stock, stock).toEqual(message);
    }
    expect(errorsOf(formData({ stock: "0" }))).toEqual({});
  });

  it("needs a colour: one ticked, or a new one named with a CSS colour value", () => {
    expect(errorsOf(formData({ colours: undefined })).colours).toEqual([
      "Choose at least one colour, or add a new one",
    ]);
    expect(errorsOf(formData({ colours: undefined, newColourName: "Midnight" })).newColourValue).toEqual([
      "Colour value is Required",
    ]);
    expect(
      errorsOf(formData({ newColourName: "Evil", newColourValue: "red; background: url(x)" })).newColourValue,
    ).toEqual(["Colour value must be a CSS colour such as #1a2b3c, rgb(26, 43, 60) or navy"]);
    const submission = parseWithZod(
      formData({ colours: undefined, newColourName: "Midnight", newColourValue: " #1A2B3C " }),
      { schema: productFormSchema },
    );
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    expect(productValuesOf(submission.value).newColour).toEqual({ name: "Midnight", value: "#1a2b3c" });
  });

  it("requires the texts and refuses an unknown type or tag", () => {
    const errors = errorsOf(formData({ title: " ", description: "", productType: "used", tags: ["cheap"] }));
    expect(errors).toMatchObject({
      title: ["Title is Required"],
      description: ["Description is Required"],
      productType: ["Choose New, Refurbished or Rental"],
    });
    expect(Object.keys(errors)).toContain("tags[0]");
  });

  it("on the edit page, a save carries the version it was opened at", () => {
    const save = formData({ intent: "save", version: "2026-11-23T10:00:00.123456Z" });
    expect(parseWithZod(save, { schema: productEditSchema }).status).toBe("success");
    save.set("version", "yesterday");
    const stale = parseWithZod(save, { schema: productEditSchema });
    expect(stale.status === "error" && stale.error?.version).toBeTruthy();
    const unknown = new FormData();
    unknown.set("intent", "delete");
    const refused = parseWithZod(unknown, { schema: productEditSchema });
    expect(refused.status === "error" && refused.error?.intent).toBeTruthy();
  });

  it("reads the specification's fields the form showed: numbers, one option, several options", () => {
    const data = formData({
      specFields: "cpu ram_gb storage_kind screen_in weight_kg os",
      "spec.cpu": "core-i5",
      "spec.ram_gb": " 16 ",
      "spec.screen_in": "15.6",
      "spec.weight_kg": "1.45",
      // Empty: not stated.
      "spec.storage_kind": "",
      "spec.os": "",
      // Not shown on the form (another category's field, or a made-up one): ignored.
      "spec.megapixels": "4",
      "spec.made_up": "x",
    });
    const submission = parseWithZod(data, { schema: productFormSchema });
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    const { specs } = productValuesOf(submission.value);
    expect(specs.values).toEqual({ cpu: "core-i5", ram_gb: 16, screen_in: 15.6, weight_kg: 1.45 });
    expect(specs.shown).toEqual(["cpu", "ram_gb", "storage_kind", "screen_in", "os", "weight_kg"]);
    expect(specs.unshown).toContain("gpu");

    const reader = parseWithZod(
      formData({
        category: "Biometric",
        specFields: "bio_methods bio_connectivity user_capacity",
        "spec.bio_methods": ["face", "card"],
        "spec.bio_connectivity": "usb",
      }),
      { schema: productFormSchema },
    );
    if (reader.status !== "success") throw new Error(JSON.stringify(reader.error));
    expect(productValuesOf(reader.value).specs.values).toEqual({
      bio_methods: ["face", "card"],
      bio_connectivity: ["usb"],
    });
  });

  it("puts each wrong specification value's message beside its field, with the other fields' messages", () => {
    const errors = errorsOf(
      formData({
        specFields: "cpu ram_gb cpu_generation screen_in weight_kg",
        mrp: "",
        "spec.ram_gb": "999",
        "spec.cpu": "pentium-4",
        "spec.cpu_generation": "13.5",
        "spec.screen_in": "fifteen",
        "spec.weight_kg": "0x2",
      }),
    );
    expect(errors).toEqual({
      mrp: ["MRP is Required"],
      "spec.ram_gb": ["RAM must be from 1 to 256 GB."],
      "spec.cpu": ["Choose a processor."],
      "spec.cpu_generation": ["Processor generation must be a multiple of 1."],
      "spec.screen_in": ["Screen size must be a number."],
      "spec.weight_kg": ["Weight must be a number."],
    });
    // Two options for a one-option field, or an unknown one among several, are refused too.
    expect(
      errorsOf(
        formData({
          category: "Biometric",
          specFields: "bio_methods bio_use",
          "spec.bio_methods": ["face", "iris"],
          "spec.bio_use": ["attendance", "access-control"],
        }),
      ),
    ).toEqual({
      "spec.bio_methods": ["Choose one or more: identifies by."],
      "spec.bio_use": ["Choose a used for."],
    });
  });

  it("never fails on a made-up specification field: wrong shapes are ignored or refused with a message", () => {
    const probes: [string, string][] = [
      ["spec", "16"],
      ["spec[0]", "16"],
      ["spec.__proto__", "16"],
      ["spec.constructor", "16"],
      ["specFields", "cpu"],
    ];
    for (const [name, value] of probes) {
      const data = formData({ [name]: value });
      if (name === "specFields") data.append("specFields", "ram_gb");
      const submission = parseWithZod(data, { schema: productFormSchema });
      expect(submission.status, name).toBe("success");
      if (submission.status === "success") expect(productValuesOf(submission.value).specs.values).toEqual({});
    }
  });

  it("shows paise as rupees without needless decimals", () => {
    expect(rupeesForInput(4_599_900)).toBe("45999");
    expect(rupeesForInput(4_599_950)).toBe("45999.50");
    expect(rupeesForInput(5)).toBe("0.05");
  });
});
