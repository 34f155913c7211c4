import type { APIRequestContext, APIResponse } from "@playwright/test";
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

export function call(request: APIRequestContext, path: string, options: ApiCall = {}): Promise<APIResponse> {
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

/** The answer's JSON after checking its status. */
export async function answer<T = Record<string, unknown>>(response: APIResponse, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** A new customer registered through the API, with their token. */
export async function registered(
  request: APIRequestContext,
  overrides: Partial<TestCustomer> = {},
): Promise<TestCustomer & { token: string; _id: string }> {
  const customer = newCustomer(overrides);
  const made = await answer<{ token: string; _id: string }>(
    await call(request, "user/register", { method: "POST", body: customer }),
    201,
  );
  return { ...customer, token: made.token, _id: made._id };
}
