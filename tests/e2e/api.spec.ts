import { test as browserTest, type Page } from "@playwright/test";
import { apiClientOrigin, baseURL, foreignOrigin } from "../../playwright.config";
import { type ApiClient, answer, call, httpClient, pageClient, registered } from "./support/api";
import { linkIn, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

/*
 * The earlier shop's JSON API (issue 35, decision 0045), over HTTP as its clients call it: the shapes they
 * read, the server deciding, bearer tokens that are revoked as cookie sessions are, and refusals as
 * `{status: "fail", message}`. Plain requests: its own project, run once.
 */

type Product = { _id: string; title: string; brand: string; price: number; images: { url: string }[] };

test.describe("the JSON API: catalogue, blogs and enquiries", () => {
  test("lists products by brand, price range and sort from a hand-built query", async ({ request }) => {
    const list = await answer<Product[]>(
      await call(
        request,
        "product?brand=Dell&&tags=&category=&price[gte]=30000&price[lte]=90000&sort=-price",
      ),
      200,
    );
    expect(list.length).toBeGreaterThan(1);
    for (const product of list) {
      expect(product.brand).toBe("Dell");
      expect(typeof product._id).toBe("string");
      expect(product.price).toBeGreaterThanOrEqual(30000);
      expect(product.price).toBeLessThanOrEqual(90000);
      expect(Array.isArray(product.images)).toBe(true);
    }
    const prices = list.map((product) => product.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  test("gives one product with its colours and reviews, and 404 for one it does not show", async ({
    request,
  }) => {
    const [first] = await answer<Product[]>(await call(request, "product?sort=title"), 200);
    const product = await answer<Product & { color: { _id: string; title: string }[]; ratings: unknown[] }>(
      await call(request, `product/${first?._id}`),
      200,
    );
    expect(product.title).toBe(first?.title);
    expect(product.color.length).toBeGreaterThan(0);
    expect(typeof product.color[0]?._id).toBe("string");
    expect(Array.isArray(product.ratings)).toBe(true);
    for (const id of ["999999", "abc", "-1", "99999999999999999999"]) {
      expect(await answer(await call(request, `product/${id}`), 404)).toEqual({
        status: "fail",
        message: "Not found.",
      });
    }
  });

  test("lists the blogs and gives one; takes an enquiry", async ({ request }) => {
    const blogs = await answer<{ _id: string; title: string; images: { url: string }[] }[]>(
      await call(request, "blog"),
      200,
    );
    expect(blogs.length).toBeGreaterThan(0);
    const blog = await answer<{ title: string }>(await call(request, `blog/${blogs[0]?._id}`), 200);
    expect(blog.title).toBe(blogs[0]?.title);
    const sent = await call(request, "enquiry", {
      method: "POST",
      body: {
        name: "Ravi Kumar",
        email: "ravi.api@example.in",
        mobile: "9845012345",
        comment: "Do you rent laptops for a week?",
      },
    });
    expect(await answer(sent, 201)).toEqual({ message: "Contact Form Submitted Successfully" });
    const refused = await call(request, "enquiry", {
      method: "POST",
      body: { name: "Ravi", email: "not-an-address" },
    });
    expect(await answer(refused, 400)).toMatchObject({ status: "fail" });
  });
});

test("an address under /api that names no call is a 404 in JSON, whatever the method", async ({
  request,
}) => {
  for (const method of ["GET", "POST", "DELETE"] as const) {
    const missing = await call(request, "user/no-such-call", {
      method,
      ...(method === "POST" ? { body: {} } : {}),
    });
    expect(await answer(missing, 404)).toEqual({ status: "fail", message: "Not found." });
  }
});

test.describe("the JSON API: accounts and tokens", () => {
  test("registers, logs in with a new token, and logs out revoking it", async ({ request }) => {
    const customer = await registered(request);
    const loggedIn = await answer<Record<string, string>>(
      await call(request, "user/login", {
        method: "POST",
        body: { email: customer.email, password: customer.password },
      }),
      200,
    );
    expect(loggedIn).toMatchObject({
      _id: customer._id,
      firstname: customer.firstname,
      fistname: customer.firstname,
      email: customer.email,
      message: "User Logged In Successfully",
    });
    expect(loggedIn.token).toMatch(/^[\w-]{43}$/);
    expect(loggedIn.token).not.toBe(customer.token);
    await answer(await call(request, "user/logout", { method: "POST", token: loggedIn.token }), 200);
    expect(
      await answer(await call(request, "user/logout", { method: "POST", token: loggedIn.token }), 401),
    ).toEqual({
      status: "fail",
      message: "Not authorised: log in again (the token is missing, expired or revoked).",
    });
    // The other token is still good.
    await answer(await call(request, "user/logout", { method: "POST", token: customer.token }), 200);
  });

  test("refuses a wrong password with the log-in form's message, and a taken e-mail", async ({ request }) => {
    const customer = await registered(request);
    const wrong = await call(request, "user/login", {
      method: "POST",
      body: { email: customer.email, password: "not-the-password" },
    });
    expect(await answer(wrong, 401)).toMatchObject({ status: "fail" });
    const again = await call(request, "user/register", { method: "POST", body: { ...customer } });
    expect(await answer(again, 409)).toMatchObject({ status: "fail" });
  });

  test("never takes the page's cookie for a token, nor a token for the page's cookie", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const customer = await registered(request);
    const browserless = await playwright.request.newContext({ baseURL });
    // The bearer token as the session cookie signs nobody in on the pages.
    const asCookie = await browserless.get("/my-orders", {
      headers: { Cookie: `__session=${customer.token}`, Authorization: `Bearer ${customer.token}` },
      maxRedirects: 0,
    });
    expect(asCookie.status()).toBe(303);
    expect(asCookie.headers().location).toContain("/login");
    // The page's session cookie, sent as a bearer token, is no API session.
    const form = await browserless.post("/login", {
      form: { email: customer.email, password: customer.password },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(303);
    const cookie = /__session=([^;]+)/.exec(form.headers()["set-cookie"] ?? "")?.[1] ?? "";
    expect(cookie).not.toBe("");
    const asBearer = await call(request, "user/logout", {
      method: "POST",
      token: decodeURIComponent(cookie),
    });
    expect(asBearer.status()).toBe(401);
    await browserless.dispose();
  });
});

type CartLine = {
  _id: string;
  quantity: number;
  price: number;
  productId: { _id: string; title: string; price: number };
  color: { _id: string; title: string };
};
type Order = {
  _id: string;
  totalPrice: number;
  totalPriceAfterDiscount: number;
  orderItems: { product: { title: string }; quantity: number; price: number }[];
};

const ADDRESS = {
  firstname: "Asha",
  lastname: "Rao",
  address: "12, 4th Cross, Malleshwaram",
  other: "Flat 3B",
  city: "Bengaluru",
  state: "Karnataka",
  country: "India",
  pincode: 560003,
};

/**
 * The specification's section 7 from register to password reset, as one client calls it: over plain HTTP, or
 * from a page of another website. `payer` is the page the shopper pays on PhonePe's (the simulator's) site in.
 */
async function journey(client: ApiClient, payer: Page) {
  const customer = await registered(client);
  const login = await answer<{ token: string }>(
    await client("user/login", {
      method: "POST",
      body: { email: customer.email, password: customer.password },
    }),
    200,
  );
  const token = login.token;

  // A product: filtered by brand, price range and sort, then fetched alone with its colours.
  const laptops = await answer<Product[]>(
    await client("product?brand=HP&&tags=&price[gte]=20000&price[lte]=200000&sort=price"),
    200,
  );
  const chosen = laptops.find((product) => !product.title.includes("Rent"));
  if (!chosen) throw new Error("the seed has HP products for sale");
  const product = await answer<Product & { color: { _id: string }[] }>(
    await client(`product/${chosen._id}`),
    200,
  );
  const colour = product.color[0]?._id ?? "";

  // The wishlist, toggled twice.
  const on = await answer<{ message: string; wishlist: string[] }>(
    await client("product/Wishlist", { method: "PUT", token, body: { prodId: product._id } }),
    200,
  );
  expect(on).toEqual({ message: "Product Added to Wishlist!", wishlist: [product._id] });
  const listed = await answer<{ wishlist: { _id: string }[] }>(await client("user/wishlist", { token }), 200);
  expect(listed.wishlist.map((item) => item._id)).toEqual([product._id]);
  const off = await answer<{ wishlist: string[] }>(
    await client("product/wishlist", { method: "PUT", token, body: { prodId: product._id } }),
    200,
  );
  expect(off.wishlist).toEqual([]);

  // A rating, stars as a number, the comment as typed.
  expect(
    await answer(
      await client("product/rating", {
        method: "PUT",
        token,
        body: { star: 4, comment: "Good keyboard, bright screen.", prodId: product._id },
      }),
      200,
    ),
  ).toEqual({ message: "Rating Added Successfully" });

  // Add to cart with a forged price: the cart has the shop's.
  await answer(
    await client("user/cart", {
      method: "POST",
      token,
      body: { productId: product._id, color: colour, quantity: "2", price: 1 },
    }),
    201,
  );
  let cart = await answer<CartLine[]>(await client("user/cart", { token }), 200);
  expect(cart).toHaveLength(1);
  expect(cart[0]?.price).toBe(product.price);
  expect(cart[0]?.quantity).toBe(2);
  expect(cart[0]?.productId._id).toBe(product._id);
  expect(cart[0]?.color._id).toBe(colour);

  // The quantity through the DELETE path, then the line deleted and added again.
  const line = cart[0]?._id ?? "";
  expect(
    await answer(await client(`user/update-product-cart/${line}/1`, { method: "DELETE", token }), 200),
  ).toEqual({ message: "Product Updated Successfully!" });
  cart = await answer<CartLine[]>(await client("user/cart", { token }), 200);
  expect(cart[0]?.quantity).toBe(1);
  await answer(await client(`user/delete-product-cart/${line}`, { method: "DELETE", token }), 200);
  expect(await answer<CartLine[]>(await client("user/cart", { token }), 200)).toEqual([]);
  await answer(
    await client("user/cart", {
      method: "POST",
      token,
      body: { productId: product._id, color: colour, quantity: 1, price: 5 },
    }),
    201,
  );

  // Checkout: the amount posted is ignored; PhonePe is asked for the server's.
  const started = await answer<{ paymentUrl: string; merchantTransactionId: string }>(
    await client("user/order/checkout", {
      method: "POST",
      token,
      body: {
        amount: 101,
        name: "Asha Rao",
        mobileNumber: "9999999999",
        shippingInfo: ADDRESS,
        orderItems: [{ product: product._id, quantity: 1, price: 1 }],
        totalPrice: 1,
        totalPriceAfterDiscount: 1,
      },
    }),
    200,
  );
  await payer.goto(started.paymentUrl);
  await expect(payer.getByRole("heading", { name: "PhonePe test simulator" })).toBeVisible();
  await payer.getByRole("button", { name: "Success" }).click();
  // PhonePe sends the shopper back to the shop's checkout page; the client verifies the payment itself.
  await payer.waitForURL(/\/(checkout|login)\b/);

  const verified = await answer<{
    success: boolean;
    message: string;
    paymentDetails: { orderId: string; amount: number };
  }>(
    await client("user/order/verify-payment/phonepe", {
      method: "POST",
      token,
      body: { merchantTransactionId: started.merchantTransactionId, transactionId: "T1" },
    }),
    200,
  );
  expect(verified.success).toBe(true);
  expect(verified.message).toBe("Ordered createad Successfully!");
  // Verified again: the same order, not a second.
  const again = await answer<{ paymentDetails: { orderId: string } }>(
    await client("user/order/verify-payment/phonepe", {
      method: "POST",
      token,
      body: { merchantTransactionId: started.merchantTransactionId },
    }),
    200,
  );
  expect(again.paymentDetails.orderId).toBe(verified.paymentDetails.orderId);

  const { orders } = await answer<{ orders: Order[] }>(await client("user/getmyorders", { token }), 200);
  expect(orders).toHaveLength(1);
  expect(orders[0]?._id).toBe(verified.paymentDetails.orderId);
  // What was paid: the offer price and shipping, whatever the client posted; totalPrice is at the MRP.
  expect(orders[0]?.totalPriceAfterDiscount).toBe(verified.paymentDetails.amount);
  expect(verified.paymentDetails.amount).toBeGreaterThanOrEqual(product.price);
  expect(orders[0]?.orderItems[0]).toMatchObject({
    product: { title: product.title },
    quantity: 1,
    price: product.price,
  });
  // The paid cart is empty already; emptying it again is harmless.
  expect(await answer<CartLine[]>(await client("user/cart", { token }), 200)).toEqual([]);
  await answer(await client("user/empty-cart", { method: "DELETE", token }), 200);

  // The profile: names change without the password; a new mobile needs it.
  const edited = await answer<Record<string, string>>(
    await client("user/edit-user", {
      method: "PUT",
      token,
      body: { firstname: "Ashwini", lastname: "Rao", email: customer.email, mobile: customer.mobile },
    }),
    200,
  );
  expect(edited).toMatchObject({
    firstname: "Ashwini",
    fistname: "Ashwini",
    message: "Profile Updated Successfully!",
  });
  const needsPassword = await client("user/edit-user", {
    method: "PUT",
    token,
    body: { firstname: "Ashwini", lastname: "Rao", email: customer.email, mobile: "9000012345" },
  });
  expect(await answer(needsPassword, 400)).toMatchObject({ status: "fail" });

  // Forgot and reset: the old token is refused afterwards.
  expect(
    await answer(
      await client("user/forgot-password-token", {
        method: "POST",
        body: { email: customer.email },
      }),
      200,
    ),
  ).toEqual({ message: "Forgot Password Email Sent Successfully!" });
  const mail = await waitForMail(
    (received) => received.to.includes(customer.email.toLowerCase()) && /password/i.test(received.subject),
  );
  const resetToken = new URL(linkIn(mail) ?? "http://x/").pathname.split("/").pop() ?? "";
  expect(
    await answer(
      await client(`user/reset-password/${resetToken}`, {
        method: "PUT",
        body: { password: "a-new-Kaveri-password-2026" },
      }),
      200,
    ),
  ).toEqual({ message: "Password change Successfully!" });
  expect(await answer(await client("user/cart", { token }), 401)).toMatchObject({ status: "fail" });
  await answer(
    await client("user/login", {
      method: "POST",
      body: { email: customer.email, password: "a-new-Kaveri-password-2026" },
    }),
    200,
  );
}

test.describe("the JSON API: the earlier shop's whole journey", () => {
  test("register, shop, pay on PhonePe, verify, my orders, profile, password reset", async ({
    request,
    page,
  }) => {
    test.slow();
    await journey(httpClient(request), page);
  });

  test("a call without a token, or with an empty one, is a 401 in the API's shape", async ({ request }) => {
    const tries: Record<string, string>[] = [
      {},
      { Authorization: "Bearer " },
      { Authorization: "Bearer null" },
    ];
    for (const headers of tries) {
      const refused = await call(request, "user/cart", { headers });
      expect(await answer(refused, 401)).toEqual({
        status: "fail",
        message: "Not authorised: log in again (the token is missing, expired or revoked).",
      });
    }
  });
});

// A browser sends its own headers only: not the test client address the other tests add (support/test.ts),
// which a preflight would have to allow.
browserTest.describe("the JSON API from a browser page on another origin", () => {
  // The shop's own pages forbid calls elsewhere (connect-src 'self'): these pages stand in for another site's.
  browserTest.use({ bypassCSP: true });

  /** What a page on `origin` gets from fetch() to the shop's API: the answer, or the browser's refusal. */
  async function fromPage(page: Page, origin: string, path: string, init: RequestInit) {
    await page.goto(`${origin}/about`);
    return page.evaluate(
      async ({ url, init }) => {
        try {
          const response = await fetch(url, init);
          return { status: response.status, body: await response.json() };
        } catch (error) {
          return { refused: String(error) };
        }
      },
      { url: `${baseURL}/api/${path}`, init },
    );
  }

  browserTest(
    "a page on a listed origin makes the whole journey, register to password reset",
    async ({ page, context }) => {
      browserTest.slow();
      await page.goto(`${apiClientOrigin}/about`);
      const payer = await context.newPage();
      await journey(pageClient(page, baseURL), payer);
    },
  );

  browserTest(
    "an origin not listed is refused by the browser, its preflight answered 403",
    async ({ page, request }) => {
      const refused = await fromPage(page, foreignOrigin, "user/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "asha@example.in", password: "whatever-it-is" }),
      });
      expect(refused).toHaveProperty("refused");
      const preflight = await request.fetch("/api/user/login", {
        method: "OPTIONS",
        headers: { Origin: foreignOrigin, "Access-Control-Request-Method": "POST" },
      });
      expect(preflight.status()).toBe(403);
      expect(preflight.headers()["access-control-allow-origin"]).toBeUndefined();
    },
  );
});
