import { randomBytes } from "node:crypto";
import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";

export type TestCustomer = {
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
  password: string;
};

/** A new customer's details, unique per call so tests never share an account. */
export function newCustomer(overrides: Partial<TestCustomer> = {}): TestCustomer {
  const id = randomBytes(5).toString("hex");
  return {
    firstname: "Asha",
    lastname: "Rao",
    email: `asha.${id}@example.in`,
    mobile: "98450 12345",
    password: `kaveri-${id}`,
    ...overrides,
  };
}

/** Signs up through the real form and waits for the greeting. */
export async function signUp(page: Page, customer: TestCustomer = newCustomer()): Promise<TestCustomer> {
  await page.goto("/signup");
  const form = page.getByRole("form", { name: "Sign Up" });
  await form.getByLabel("First Name").fill(customer.firstname);
  await form.getByLabel("Last Name").fill(customer.lastname);
  await form.getByLabel("Email").fill(customer.email);
  await form.getByLabel("Mobile Number").fill(customer.mobile);
  await form.getByLabel("Password").fill(customer.password);
  await form.getByRole("button", { name: "Sign Up" }).click();
  await expect(
    page.getByRole("link", { name: new RegExp(`Welcome\\s+${customer.firstname}`) }),
  ).toBeVisible();
  return customer;
}

/**
 * Signs a new customer up by the sign-up form's post, made with the page's own cookies (page.request), so the
 * page is signed in: the set-up of a test about something else, without rendering the form. The answer is
 * followed home, where the "User Created Successfully" toast is shown and used up, so no later page shows it.
 */
export async function signedUp(page: Page, customer: TestCustomer = newCustomer()): Promise<TestCustomer> {
  await postSignUp(page.request, customer);
  return customer;
}

async function postSignUp(request: APIRequestContext, customer: TestCustomer): Promise<void> {
  const { firstname, lastname, email, mobile, password } = customer;
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  const answer = await request.post("/signup", {
    form: { firstname, lastname, email, mobile, password },
    headers: { Origin: origin },
  });
  expect([answer.status(), new URL(answer.url()).pathname], `${email} signs up`).toEqual([200, "/"]);
}

/** Creates an account in a browser context of its own (by the form's post), leaving the caller's page logged out. */
export async function signUpElsewhere(browser: Browser): Promise<TestCustomer> {
  const context = await browser.newContext();
  const customer = newCustomer();
  await postSignUp(context.request, customer);
  await context.close();
  return customer;
}

/** Logs in through the real form (from wherever the page is) and waits for the greeting. */
export async function logIn(page: Page, customer: TestCustomer, path = "/login"): Promise<void> {
  if (!page.url().includes("/login")) await page.goto(path);
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(customer.email);
  await form.getByLabel("Password").fill(customer.password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(
    page.getByRole("link", { name: new RegExp(`Welcome\\s+${customer.firstname}`) }),
  ).toBeVisible();
}

/** Closes the toast, which sits over the header's top-right links for five seconds. */
export async function dismissToast(page: Page): Promise<void> {
  // A toast hides itself after five seconds, and takes no clicks then: only one still showing needs closing.
  const close = page.getByRole("checkbox", { name: "Dismiss notification" });
  if (await close.isVisible()) await close.check({ timeout: 2_000 }).catch(() => undefined);
}
