import { describe, expect, it } from "vitest";
import { addressSchema } from "./address";

const messages = (input: unknown) =>
  Object.fromEntries(
    (addressSchema.safeParse(input).error?.issues ?? []).map((issue) => [
      issue.path.join("."),
      issue.message,
    ]),
  );

describe("checkout address", () => {
  it("gives the spec's messages for an empty form", () => {
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
