import type { APIRequestContext } from "@playwright/test";
import { apiClientOrigin, apiClientUrl } from "../../playwright.config";
import { answer, call, registered } from "./support/api";
import { linkIn, waitForMail } from "./support/mail";
import { adminAuthorization } from "./support/simulator";
import { expect, test } from "./support/test";

/*
 * The earlier shop's own kind of client (issue 47): the public "Digitic" tutorial client (Create React App,
 * Redux Toolkit, axios), built unchanged against /api/, found what the API answered that such a client cannot
 * read. These are its requests as it sends them (axios: JSON bodies, `Authorization: Bearer <token>`), and the
 * assertions are what its pages read of the answers:
 * - the home page fills its Featured, Special and Popular sections with the products whose `tags` equals that
 *   one word, and the store makes a filter chip of each product's `tags`;
 * - its checkout form names the address's fields `firstName`, `lastName` and `landmark`, and sends that object
 *   as `shippingInfo` to user/order/checkout and user/cart/create-order;
 * - its orders page shows each item's `product.images[0].url`, its `product.title` and its `color.title`;
 * - it moves on to its orders page when create-order answers `success: true`, and shows a refusal's `message`,
 *   which must say what is wrong;
 * - its reset-password/:token page takes the token from its own address, so the reset mail must link there
 *   (API_CLIENT_URL, set for the test shop in playwright.config.ts);
 * Its checkout speaks Razorpay, which the shop does not: the PhonePe calls stand in for it here.
 */

type Product = { _id: string; title: string; tags: string; tagList: string[] };

test.describe("the Digitic client: the home page and the store", () => {
  test("the home page's Featured, Special and Popular sections each find their products by one word", async ({
    request,
  }) => {
    const products = await answer<Product[]>(await call(request, "product"), 200);
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      // One word, as the client compares it; every tag in tagList, the one word first of those the shop knows.
      expect(typeof product.tags, product.title).toBe("string");
      expect(Array.isArray(product.tagList), product.title).toBe(true);
    }
    for (const section of ["featured", "special", "popular"]) {
      const shown = products.filter((product) => product.tags === section);
      expect(shown.length, `the ${section} section`).toBeGreaterThan(0);
    }
    // A product with two tags keeps both in tagList, and answers the first in the shop's order as its tag.
    const twoTags = products.find((product) => product.tagList.join() === "special,popular");
    expect(twoTags?.tags).toBe("special");
    const untagged = products.find((product) => product.tagList.length === 0);
    expect(untagged?.tags).toBe("");
    // The product's own call answers the same.
    const one = await answer<Product>(await call(request, `product/${twoTags?._id}`), 200);
    expect(one.tags).toBe("special");
    expect(one.tagList).toEqual(twoTags?.tagList);
  });

  test("the store's tag chips are single words, and each one filters the list", async ({ request }) => {
    const products = await answer<Product[]>(await call(request, "product"), 200);
    const chips = [...new Set(products.map((product) => product.tags))].filter((chip) => chip !== "");
    expect(chips.sort()).toEqual(["featured", "popular", "special"]);
    for (const chip of chips) {
      // The client asks for the chip's products with the hand-built query it builds for every filter.
      const filtered = await answer<Product[]>(
        await call(request, `product?brand=&&tags=${chip}&category=&price[gte]=&price[lte]=`),
        200,
      );
      expect(filtered.length, chip).toBeGreaterThan(0);
      for (const product of filtered) expect(product.tagList, `${chip}: ${product.title}`).toContain(chip);
    }
  });
});

type Detail = Product & {
  price: number;
  quantity: number;
  images: { url: string }[];
  color: { _id: string; title: string }[];
};
type Order = {
  _id: string;
  totalPriceAfterDiscount: number;
  shippingInfo: Record<string, unknown>;
  orderItems: {
    product: { _id: string | null; title: string; images: { url: string }[] };
    quantity: number;
    color: { title: string };
  }[];
};

/** What the client's orders page reads of an order: it goes blank when any of it is missing. */
function expectShownOnOrdersPage(order: Order | undefined, product: Detail) {
  expect(typeof order?.totalPriceAfterDiscount).toBe("number");
  const [item] = order?.orderItems ?? [];
  expect(item?.product.title).toBe(product.title);
  expect(product.images.length).toBeGreaterThan(0);
  expect(item?.product.images[0]?.url).toBe(product.images[0]?.url);
  expect(item?.color.title).toBe(product.color[0]?.title);
}

/** The client's checkout form, as it sends it: its own names for the address's fields. */
const BENGALURU = {
  firstName: "Asha",
  lastName: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  landmark: "Opposite Sankey Tank",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: "560003",
};
/** Where the seeded delivery zones offer cash on delivery. */
const CHENNAI = {
  firstName: "Meena",
  lastName: "Sundaram",
  address: "14, Thanikachalam Road, T. Nagar",
  landmark: "Near Panagal Park",
  city: "Chennai",
  state: "Tamil Nadu",
  country: "India",
  pincode: "600017",
};

/** The cheapest product for sale with stock to spare (a cash order stays under the dealer's ceiling). */
async function aProduct(request: APIRequestContext): Promise<Detail> {
  const list = await answer<Detail[]>(await call(request, "product?sort=price"), 200);
  const chosen = list.find((product) => !/rent/i.test(product.title) && product.quantity >= 10);
  if (!chosen) throw new Error("the seed has products for sale with stock");
  return answer<Detail>(await call(request, `product/${chosen._id}`), 200);
}

/** A new customer, logged in as the client logs in, with one product in the cart as its product page adds it. */
async function shopper(request: APIRequestContext) {
  const customer = await registered(request);
  const { token } = await answer<{ token: string }>(
    await call(request, "user/login", {
      method: "POST",
      body: { email: customer.email, password: customer.password },
    }),
    200,
  );
  const product = await aProduct(request);
  await answer(
    await call(request, "user/cart", {
      method: "POST",
      token,
      body: { productId: product._id, color: product.color[0]?._id, quantity: 1, price: product.price },
    }),
    201,
  );
  return { token, product };
}

/** What the client's checkout sends to create-order besides the payment: items and totals (never read). */
const orderLines = (product: Detail) => ({
  totalPrice: product.price,
  totalPriceAfterDiscount: product.price,
  orderItems: [{ product: product._id, color: product.color[0]?._id, quantity: 1, price: product.price }],
});

const myOrders = async (request: APIRequestContext, token: string) =>
  (await answer<{ orders: Order[] }>(await call(request, "user/getmyorders", { token }), 200)).orders;

test.describe("the Digitic client: checkout and its orders", () => {
  test("pays online to an address in the client's spelling, and create-order answers the order", async ({
    request,
  }) => {
    const { token, product } = await shopper(request);
    const started = await answer<{ merchantTransactionId: string }>(
      await call(request, "user/order/checkout", {
        method: "POST",
        token,
        body: { amount: product.price, shippingInfo: BENGALURU },
      }),
      200,
    );
    // The shopper pays on PhonePe's page (the simulator, settled as its dashboard would), and the client
    // verifies the payment, as it verified Razorpay's.
    const settled = await request.post(`/phonepe-simulator/admin/orders/${started.merchantTransactionId}`, {
      headers: adminAuthorization,
      data: { state: "COMPLETED", webhook: "none" },
    });
    expect(settled.status(), await settled.text()).toBe(200);
    let orderId = "";
    await expect(async () => {
      const verified = await answer<{ success: boolean; paymentDetails: { orderId: string } }>(
        await call(request, "user/order/verify-payment/phonepe", {
          method: "POST",
          token,
          body: { merchantTransactionId: started.merchantTransactionId },
        }),
        200,
      );
      expect(verified.success).toBe(true);
      orderId = verified.paymentDetails.orderId;
    }).toPass({ timeout: 20_000, intervals: [1000, 2000, 3000] });

    const created = await answer<{ success: unknown; order: { _id: string } }>(
      await call(request, "user/cart/create-order", {
        method: "POST",
        token,
        body: {
          ...orderLines(product),
          paymentInfo: { merchantTransactionId: started.merchantTransactionId },
          shippingInfo: BENGALURU,
        },
      }),
      200,
    );
    expect(created.success).toBe(true);
    expect(created.order._id).toBe(orderId);
    const [order] = await myOrders(request, token);
    expect(order?._id).toBe(orderId);
    expectShownOnOrdersPage(order, product);
    expect(order?.shippingInfo).toMatchObject({
      firstname: "Asha",
      lastname: "Rao",
      other: "Opposite Sankey Tank",
      pincode: "560003",
    });
  });

  test("orders cash on delivery to an address in the client's spelling", async ({ request }) => {
    const { token, product } = await shopper(request);
    const created = await answer<{ success: unknown; order: { _id: string } }>(
      await call(request, "user/cart/create-order", {
        method: "POST",
        token,
        body: { ...orderLines(product), paymentInfo: { method: "cod" }, shippingInfo: CHENNAI },
      }),
      201,
    );
    expect(created.success).toBe(true);
    const [order] = await myOrders(request, token);
    expect(order?._id).toBe(created.order._id);
    expect(order?.shippingInfo).toMatchObject({
      firstname: "Meena",
      lastname: "Sundaram",
      other: "Near Panagal Park",
      city: "Chennai",
    });
    expectShownOnOrdersPage(order, product);
  });

  test("a refused checkout or order says which field is wrong; the same call with it goes through", async ({
    request,
  }) => {
    const { token, product } = await shopper(request);
    const refusals: [label: string, path: string, body: Record<string, unknown>, message: string][] = [
      [
        "checkout without an address",
        "user/order/checkout",
        { amount: product.price },
        "shippingInfo is required.",
      ],
      [
        "checkout with the address as text",
        "user/order/checkout",
        { amount: product.price, shippingInfo: "12, 4th Cross, Malleshwaram" },
        "shippingInfo: Expected object, received string",
      ],
      [
        "cash on delivery without an address",
        "user/cart/create-order",
        { ...orderLines(product), paymentInfo: { method: "cod" } },
        "shippingInfo is required: the address to deliver the order to.",
      ],
      [
        "an address without a city",
        "user/order/checkout",
        { amount: product.price, shippingInfo: { ...BENGALURU, city: undefined } },
        "City is Required",
      ],
    ];
    for (const [label, path, body, message] of refusals) {
      const refused = await call(request, path, { method: "POST", token, body });
      expect(await answer(refused, 400), label).toEqual({ status: "fail", message });
    }
    // Nothing was ordered; the rightful calls go through.
    expect(await myOrders(request, token)).toEqual([]);
    await answer(
      await call(request, "user/order/checkout", {
        method: "POST",
        token,
        body: { amount: product.price, shippingInfo: BENGALURU },
      }),
      200,
    );
    await answer(
      await call(request, "user/cart/create-order", {
        method: "POST",
        token,
        body: { ...orderLines(product), paymentInfo: { method: "cod" }, shippingInfo: CHENNAI },
      }),
      201,
    );
    expect(await myOrders(request, token)).toHaveLength(1);
  });
});

test.describe("the Digitic client: a forgotten password", () => {
  test("the reset mail links to the client's reset page whatever the request says; the shop's form, to the shop's", async ({
    request,
    baseURL,
  }) => {
    const customer = await registered(request);
    const evil = "https://evil.example";
    // Every place a request could name an address: headers a proxy sets, the origin, and fields in the body.
    const asked = await call(request, "user/forgot-password-token", {
      method: "POST",
      body: {
        email: customer.email,
        url: `${evil}/reset-password/`,
        resetUrl: `${evil}/reset-password/`,
        redirect_uri: evil,
        origin: evil,
      },
      headers: {
        Origin: apiClientOrigin,
        Referer: `${evil}/forgot-password`,
        "X-Forwarded-Host": "evil.example",
        "X-Forwarded-Proto": "https",
      },
    });
    expect(await answer(asked, 200)).toEqual({ message: "Forgot Password Email Sent Successfully!" });
    const mail = await waitForMail(
      (received) => received.to.includes(customer.email.toLowerCase()) && /password/i.test(received.subject),
    );
    const link = linkIn(mail) ?? "";
    expect(link.startsWith(`${apiClientUrl}reset-password/`), link).toBe(true);
    expect(mail.text + mail.html).not.toContain("evil.example");
    // The client's page sends the token from its own address with the new password.
    const token = link.slice(`${apiClientUrl}reset-password/`.length);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(
      await answer(
        await call(request, `user/reset-password/${token}`, {
          method: "PUT",
          body: { password: "a-new-Kaveri-password-2026" },
        }),
        200,
      ),
    ).toEqual({ message: "Password change Successfully!" });

    // The shop's own form still mails a link to the shop's own reset page.
    const form = await request.post("/forgot-password", {
      form: { email: customer.email },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(303);
    const pageMail = await waitForMail(
      (received) =>
        received.to.includes(customer.email.toLowerCase()) &&
        (linkIn(received) ?? "").startsWith(`${baseURL}/reset-password/`),
    );
    expect(linkIn(pageMail)).not.toContain(apiClientUrl);
  });
});
