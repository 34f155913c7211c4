import type { APIRequestContext } from "@playwright/test";
import { newCustomer } from "./accounts";
import { ensureOwner, owner } from "./admin";
import { test as base, expect } from "./test";

/*
 * Plain requests at the back office (the `hostile` project, no browser): each test gets contexts of its own
 * (cookies), from its own client address and with the shop as Origin, signed in as nobody, as the owner or as
 * a new customer; all are disposed of after the test.
 */

export type Shop = {
  origin: string;
  /** A context of its own (its cookies), disposed of after the test. */
  context: () => Promise<APIRequestContext>;
  /** A context signed in to the back office as the owner. */
  staff: () => Promise<APIRequestContext>;
  /** A context signed in as a new customer. */
  customer: () => Promise<APIRequestContext>;
};

export const test = base.extend<{ shop: Shop }>({
  shop: async ({ playwright, baseURL, extraHTTPHeaders, request }, use) => {
    await ensureOwner(request);
    const origin = new URL(baseURL ?? "").origin;
    const contexts: APIRequestContext[] = [];
    const context = async () => {
      const made = await playwright.request.newContext({
        baseURL: origin,
        extraHTTPHeaders: { ...extraHTTPHeaders, Origin: origin },
      });
      contexts.push(made);
      return made;
    };
    const staff = async () => {
      const made = await context();
      const answer = await made.post("/admin/login", {
        form: { email: owner.email, password: owner.password },
        maxRedirects: 0,
      });
      expect(answer.status(), "the owner logs in").toBe(303);
      return made;
    };
    const customer = async () => {
      const made = await context();
      const { firstname, lastname, email, mobile, password } = newCustomer();
      const answer = await made.post("/signup", {
        form: { firstname, lastname, email, mobile, password },
        maxRedirects: 0,
      });
      expect(answer.status(), "a customer signs up").toBe(303);
      return made;
    };
    await use({ origin, context, staff, customer });
    await Promise.all(contexts.map((made) => made.dispose()));
  },
});

export { expect };
