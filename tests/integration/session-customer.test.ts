import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cartItems, wishlistItems } from "~/db/schema";
import {
  getApiCustomer,
  getSessionCustomer,
  saveAddress,
  startApiSession,
  startSession,
} from "~/features/accounts/index.server";
import { addToCart } from "~/features/lists/index.server";
import { placeCashOrder } from "~/features/orders/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { insertProduct, STANDARD_SHIPPING, signUpCustomer } from "./support/fixtures";

const address = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};

/*
 * A signed-in page learns who the customer is, what their cart holds and what they wished for in one query;
 * these are the figures the header and the product cards show.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

const requestWith = (setCookie: string) =>
  new Request("http://shop.test/product", { headers: { Cookie: setCookie.split(";")[0] ?? "" } });

describe(`the signed-in customer of a request (${databaseKind})`, () => {
  it("comes with their own cart's line count and total and their wishlist, not another customer's", async () => {
    const { customer: asha } = await signUpCustomer(database.db);
    const { customer: ravi } = await signUpCustomer(database.db);
    const [laptop, mouse] = [
      await insertProduct(database.db, { discountedPrice: 40_000_00 }),
      await insertProduct(database.db, { discountedPrice: 500_00 }),
    ];
    await database.db.insert(cartItems).values([
      {
        customerId: asha.id,
        productId: laptop.id,
        colourId: laptop.colourId,
        quantity: 1,
        unitPrice: laptop.discountedPrice,
      },
      {
        customerId: asha.id,
        productId: mouse.id,
        colourId: mouse.colourId,
        quantity: 3,
        unitPrice: mouse.discountedPrice,
      },
      {
        customerId: ravi.id,
        productId: mouse.id,
        colourId: mouse.colourId,
        quantity: 1,
        unitPrice: mouse.discountedPrice,
      },
    ]);
    await database.db.insert(wishlistItems).values({ customerId: asha.id, productId: mouse.id });

    const signedIn = await getSessionCustomer(
      database.db,
      requestWith(await startSession(database.db, asha.id)),
    );
    expect(signedIn).toMatchObject({
      id: asha.id,
      firstname: asha.firstname,
      cart: { lines: 2, total: 40_000_00 + 3 * 500_00 },
      wishlist: [mouse.id],
    });

    const other = await getSessionCustomer(
      database.db,
      requestWith(await startSession(database.db, ravi.id)),
    );
    expect(other).toMatchObject({ id: ravi.id, cart: { lines: 1, total: 500_00 }, wishlist: [] });
  });

  it("remembers the PIN code of the address kept at checkout, else of the last order, for the delivery box", async () => {
    const { customer } = await signUpCustomer(database.db);
    const request = requestWith(await startSession(database.db, customer.id));
    expect((await getSessionCustomer(database.db, request))?.rememberedPin).toBeNull();
    const mouse = await insertProduct(database.db, { discountedPrice: 500_00 });
    await addToCart(database.db, customer.id, { productId: mouse.id, colourId: mouse.colourId, quantity: 1 });
    const chennai = { ...address, city: "Chennai", state: "Tamil Nadu", pincode: "600017" };
    const placed = await placeCashOrder(database.db, customer.id, chennai, STANDARD_SHIPPING, 0);
    expect(placed.kind).toBe("ordered");
    expect((await getSessionCustomer(database.db, request))?.rememberedPin).toBe("600017");
    await saveAddress(database.db, customer.id, { ...address, pincode: "560034" });
    expect((await getSessionCustomer(database.db, request))?.rememberedPin).toBe("560034");
  });

  it("is nobody for a request without a session or with an unknown one", async () => {
    expect(await getSessionCustomer(database.db, new Request("http://shop.test/"))).toBeNull();
    expect(await getSessionCustomer(database.db, requestWith("__session=forged"))).toBeNull();
  });

  it("is the same customer, by name and contact, behind the JSON API's bearer token", async () => {
    const { customer } = await signUpCustomer(database.db);
    const token = await startApiSession(database.db, customer.id);
    const bearer = (value: string) =>
      new Request("http://shop.test/api/user/cart", { headers: { Authorization: `Bearer ${value}` } });
    expect(await getApiCustomer(database.db, bearer(token))).toEqual({
      id: customer.id,
      firstname: customer.firstname,
      lastname: customer.lastname,
      email: customer.email,
      mobile: customer.mobile,
    });
    expect(await getApiCustomer(database.db, bearer(`${token}x`))).toBeNull();
  });
});
