import type { APIRequestContext, Page } from "@playwright/test";
import { newCustomer, type TestCustomer } from "./accounts";
import { expect } from "./test";

/*
 * The JSON API as a client of the earlier shop calls it (decision 0045): JSON bodies, a bearer token, the
 * specification's paths under /api.
 */

export type ApiCall = {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
};

/** An answer as both clients give it: Playwright's APIResponse, or what a page's fetch() read. */
export type ApiAnswer = { status(): number; text(): Promise<string>; json(): Promise<unknown> };

/** Something that calls the API: a plain HTTP client, or a browser page on another website. */
export type ApiClient = (path: string, options?: ApiCall) => Promise<ApiAnswer>;

export function call(request: APIRequestContext, path: string, options: ApiCall = {}) {
  const { method = "GET", token, body, headers = {} } = options;
  return request.fetch(`/api/${path}`, {
    method,
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
      ...headers,
    },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
    maxRedirects: 0,
  });
}

/** The API called over plain HTTP, as an app or a server calls it. */
export const httpClient =
  (request: APIRequestContext): ApiClient =>
  (path, options) =>
    call(request, path, options);

/**
 * The API called by fetch() from `page`, a page of another website: the browser's own CORS, its preflights
 * and its refusals apply.
 */
export function pageClient(page: Page, shopUrl: string): ApiClient {
  return async (path, { method = "GET", token, body, headers = {} } = {}) => {
    const init = {
      method,
      headers: {
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    const got = await page.evaluate(
      async ({ url, init }) => {
        const response = await fetch(url, init);
        return { status: response.status, text: await response.text() };
      },
      { url: `${shopUrl}/api/${path}`, init },
    );
    return { status: () => got.status, text: async () => got.text, json: async () => JSON.parse(got.text) };
  };
}

/** The answer's JSON after checking its status. */
export async function answer<T = Record<string, unknown>>(response: ApiAnswer, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** A new customer registered through the API (over plain HTTP, or by `client`), with their token. */
export async function registered(
  request: APIRequestContext | ApiClient,
  overrides: Partial<TestCustomer> = {},
): Promise<TestCustomer & { token: string; _id: string }> {
  const client = typeof request === "function" ? request : httpClient(request);
  const customer = newCustomer(overrides);
  const made = await answer<{ token: string; _id: string }>(
    await client("user/register", { method: "POST", body: customer }),
    201,
  );
  return { ...customer, token: made.token, _id: made._id };
}
