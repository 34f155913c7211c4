import { describe, expect, it } from "vitest";
import { checkoutBody, createOrderBody } from "./schemas";

const PAGE = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  other: "Flat 3B",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};

/** The same address as the earlier shop's clients name its fields. */
const { firstname, lastname, other, ...rest } = PAGE;
const CLIENT = { ...rest, firstName: firstname, lastName: lastname, landmark: "Opposite Sankey Tank" };

describe("the API's delivery address", () => {
  it("reads firstName, lastName and landmark as the checkout page's firstname, lastname and other", () => {
    for (const body of [checkoutBody, createOrderBody]) {
      const parsed = body.safeParse({ shippingInfo: CLIENT });
      expect(parsed.success && parsed.data.shippingInfo).toMatchObject({
        firstname: "Asha",
        lastname: "Rao",
        other: "Opposite Sankey Tank",
        pincode: "560003",
      });
    }
  });

  it("keeps the page's spelling first, and a landmark after the second line", () => {
    const parsed = checkoutBody.safeParse({
      shippingInfo: { ...PAGE, firstName: "Someone", lastName: "Else", landmark: "Opposite Sankey Tank" },
    });
    expect(parsed.success && parsed.data.shippingInfo).toMatchObject({
      firstname: "Asha",
      lastname: "Rao",
      other: "Flat 3B, Opposite Sankey Tank",
    });
    const noSecondLine = checkoutBody.safeParse({ shippingInfo: { ...CLIENT, other: "" } });
    expect(noSecondLine.success && noSecondLine.data.shippingInfo.other).toBe("Opposite Sankey Tank");
  });

  it("still asks for a first name in either spelling", () => {
    const { firstName: _, ...nameless } = CLIENT;
    const parsed = checkoutBody.safeParse({ shippingInfo: nameless });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("First Name is Required");
  });
});
