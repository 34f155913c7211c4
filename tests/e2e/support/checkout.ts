import { expect, type Page, test } from "@playwright/test";
import { signedUp } from "./accounts";
import { rupees } from "./prices";
import { dataUrl, routeData } from "./single-fetch";

/** Adds the product in its first colour through the product page; returns its offer price in rupees. */
export async function addToCart(page: Page, productId: number, quantity: number): Promise<number> {
  await page.goto(`/product/${productId}`);
  const price = rupees(await page.locator(".product-price .offer-price").textContent());
  const purchase = page.locator("form.purchase-form");
  await purchase.locator('input[name="color"]').first().check();
  await purchase.getByLabel("Quantity").selectOption(String(quantity));
  await purchase.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByTestId("toast")).toContainText("Product Added To Cart");
  return price;
}

type ProductData = { product: { discountedPrice: number; colours: { id: number }[] } };

/**
 * Puts the product in its first colour in the page's cart by the product form's post (page.request shares the
 * page's cookies): the set-up of a test about something else. The answer is followed, so its "Product Added
 * To Cart" toast is used up there. Returns the offer price in rupees, as the shop holds it.
 */
export async function putInCart(page: Page, productId: number, quantity: number): Promise<number> {
  const route = "routes/shop/product.$id";
  const { product } = await routeData<ProductData>(
    await page.request.get(dataUrl(`/product/${productId}`, route)),
    route,
  );
  const answer = await page.request.post(`/product/${productId}`, {
    form: { intent: "add-to-cart", color: String(product.colours[0]?.id), quantity: String(quantity) },
    headers: { Origin: new URL(test.info().project.use.baseURL ?? "").origin },
  });
  expect(answer.status(), `product ${productId} is added to the cart`).toBe(200);
  return product.discountedPrice / 100;
}

/** Fills the checkout's shipping address as a shopper in Bengaluru would. */
export async function fillAddress(page: Page) {
  const form = page.getByRole("form", { name: "Shipping Address" });
  await form.getByLabel("First Name").fill("Asha");
  await form.getByLabel("Last Name").fill("Rao");
  await form.getByLabel("Address", { exact: true }).fill("12, 4th Cross, Malleshwaram");
  await form.getByLabel("Apartment, Suite, etc (optional)").fill("Flat 3B");
  await form.getByLabel("City").fill("Bengaluru");
  await form.getByLabel("State").selectOption("Karnataka");
  await form.getByLabel("PIN Code").fill("560003");
  return form;
}

/** A new customer with the product in the cart, on the checkout page with the address filled in. */
export async function readyToPay(page: Page, productId: number, quantity = 1): Promise<void> {
  await signedUp(page);
  await putInCart(page, productId, quantity);
  await page.goto("/checkout");
  await fillAddress(page);
}

/** Places the order and waits for PhonePe's (the simulator's) payment page. */
export async function placeOrder(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("heading", { name: "PhonePe test simulator" })).toBeVisible();
}
