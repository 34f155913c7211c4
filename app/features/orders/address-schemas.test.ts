import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { addressSchema } from "~/features/delivery/schemas";
import { checkoutSchema } from "./schemas";

const messages = (input: unknown) =>
  Object.fromEntries(
    (addressSchema.safeParse(input).error?.issues ?? []).map((issue) => [
      issue.path.join("."),
      issue.message,
    ]),
  );

describe("checkout address", () => {
  it("gives the rules' messages for an empty form", () => {
    expect(messages({})).toEqual({
      firstname: "First Name is Required",
      lastname: "Last Name is Required",
      address: "Address Details are Required",
      city: "City is Required",
      state: "State is Required",
      country: "Country is Required",
      pincode: "pincode is a required field",
    });
  });

  it("accepts an Indian address, with the apartment optional", () => {
    expect(
      addressSchema.parse({
        firstname: "Asha",
        lastname: "Rao",
        address: "12, 4th Cross, Malleshwaram",
        other: "",
        city: "Bengaluru",
        state: "Karnataka",
        country: "India",
        pincode: "560 003",
      }),
    ).toMatchObject({ state: "Karnataka", pincode: "560003", other: undefined });
  });

  it("refuses another country, an unknown state and a bad PIN code", () => {
    expect(
      messages({
        firstname: "A",
        lastname: "B",
        address: "x",
        city: "y",
        state: "Bangalore",
        country: "Nepal",
        pincode: "056000",
      }),
    ).toEqual({
      state: "State is Required",
      country: "Country is Required",
      pincode: "pincode must be a 6-digit PIN code",
    });
  });
});

describe("a business purchase at checkout", () => {
  const address = {
    firstname: "Kavya",
    lastname: "Iyer",
    address: "7, Bazullah Road",
    city: "Chennai",
    state: "Tamil Nadu",
    country: "India",
    pincode: "600017",
  };
  const parse = (extra: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries({ ...address, ...extra })) data.append(name, value);
    return parseWithZod(data, { schema: checkoutSchema });
  };

  it("takes no GSTIN at all, or a valid one with the business's name, upper-cased", () => {
    expect(parse({}).status).toBe("success");
    const business = parse({ gstin: "29abcde1234f1zw", businessName: "Iyer Traders" });
    expect(business.status === "success" && business.value).toMatchObject({
      gstin: "29ABCDE1234F1ZW",
      businessName: "Iyer Traders",
    });
  });

  it("refuses a GSTIN one character off, and a GSTIN without the business's name", () => {
    const wrong = parse({ gstin: "29ABCDE1234F1ZX", businessName: "Iyer Traders" });
    expect(wrong.status === "error" && wrong.error?.gstin?.[0]).toMatch(/not valid/);
    const nameless = parse({ gstin: "29ABCDE1234F1ZW" });
    expect(nameless.status === "error" && nameless.error?.businessName).toEqual([
      "Enter the business's name as registered for this GSTIN",
    ]);
  });
});
