import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import * as productList from "~/routes/api/product._index";
import * as wishlist from "~/routes/api/product.wishlist";
import * as forgotPassword from "~/routes/api/user.forgot-password-token";
import * as myOrders from "~/routes/api/user.getmyorders";
import { openTestDatabase, type TestDatabase } from "./support/database";

/*
 * The JSON API while the database cannot be reached (issue 47): the pages answer 503 with Retry-After (the
 * guard in server/guards.mjs, after handleError reports the outage); the API answers the same status in its own
 * shape, `{status: "fail", message}`, not Remix's plain "Unexpected Server Error". As /readyz's test does, the
 * outage is a database that was closed: every query fails as one on a stopped server does.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

afterEach(() => {
  // getDb() answers with whatever handle this test put in its place.
  globalThis.__storefrontDb = undefined;
  vi.restoreAllMocks();
});

const BASE = "https://shop.example.in/api";
/** A token in the shop's own alphabet and length, which no session has: it is looked up in the database. */
const TOKEN = { Authorization: `Bearer ${"t".repeat(43)}` };
const json = { "Content-Type": "application/json" };

type Handler = (args: ActionFunctionArgs) => Promise<Response> | Response;

const products = () => new Request(`${BASE}/product?tags=featured`);
const orders = () => new Request(`${BASE}/user/getmyorders`, { headers: TOKEN });

/** The API's calls as the client makes them: a read, a customer's read, a customer's write, and the mail one. */
const calls: [label: string, handler: Handler, request: () => Request][] = [
  ["GET product", productList.loader, products],
  ["GET user/getmyorders", myOrders.loader, orders],
  [
    "PUT product/wishlist",
    wishlist.action,
    () =>
      new Request(`${BASE}/product/wishlist`, {
        method: "PUT",
        headers: { ...TOKEN, ...json },
        body: JSON.stringify({ prodId: "1" }),
      }),
  ],
  [
    "POST user/forgot-password-token",
    forgotPassword.action,
    () =>
      new Request(`${BASE}/user/forgot-password-token`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: "asha@example.in" }),
      }),
  ],
];

const run = (handler: Handler, request: Request) =>
  handler({ request, params: {}, context: { clientAddress: "10.0.0.1" } });

async function closedDatabase(): Promise<DatabaseHandle> {
  const closed = await openDatabase({ kind: "pglite" });
  await closed.close();
  return closed;
}

describe("the JSON API while the database is down", () => {
  it("answers the API's own refusal, 503 with Retry-After; with the database up, the same calls answer", async () => {
    // The control: with the database up, a read answers and a customer's call gets as far as the token.
    globalThis.__storefrontDb = Promise.resolve(database);
    const listed = await run(productList.loader, products());
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([]);
    const unknownToken = await run(myOrders.loader, orders());
    expect(unknownToken.status).toBe(401);

    globalThis.__storefrontDb = closedDatabase();
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    for (const [label, handler, request] of calls) {
      const answer = await run(handler, request());
      expect(answer.status, label).toBe(503);
      expect(answer.headers.get("Retry-After"), label).toBe("5");
      expect(answer.headers.get("Cache-Control"), label).toBe("no-store");
      expect(answer.headers.get("Content-Type"), label).toMatch(/^application\/json/);
      expect(await answer.json(), label).toEqual({
        status: "fail",
        message: "The shop cannot answer just now: try again in a few seconds.",
      });
    }
    // Each outage is logged once, as a page's is, without the request's path (a reset link carries a token).
    expect(logged).toHaveBeenCalledTimes(calls.length);
    for (const [line] of logged.mock.calls) expect(String(line)).toMatch(/^\[503\] database unavailable/);
  });
});
