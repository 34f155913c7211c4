import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedMetrics } from "../app/lib/metrics.mjs";
import { bearerMatches, metricsEndpoint, requestMetrics, routeLabel } from "./metrics.mjs";

/** The server build's routes as Remix lists them (a part of the shop's, shaped as `npm run build` makes them). */
const routes = {
  root: { id: "root", path: "" },
  "routes/healthz": { id: "routes/healthz", parentId: "root", path: "healthz" },
  shop: { id: "shop", parentId: "root" },
  "routes/shop/_index": { id: "routes/shop/_index", parentId: "shop", index: true },
  "routes/shop/product._index": {
    id: "routes/shop/product._index",
    parentId: "shop",
    path: "product",
    index: true,
  },
  "routes/shop/product.$id": { id: "routes/shop/product.$id", parentId: "shop", path: "product/:id" },
  "routes/shop/$": { id: "routes/shop/$", parentId: "shop", path: "*" },
  "routes/account/login": { id: "routes/account/login", parentId: "shop", path: "login" },
  "routes/account/reset-password.$token": {
    id: "routes/account/reset-password.$token",
    parentId: "shop",
    path: "reset-password/:token",
  },
  admin: { id: "admin", parentId: "root", path: "admin" },
  "routes/admin/_index": { id: "routes/admin/_index", parentId: "admin", index: true },
  "routes/admin/orders.$id_.documents.$kind": {
    id: "routes/admin/orders.$id_.documents.$kind",
    parentId: "admin",
    path: "orders/:id/documents/:kind",
  },
  "routes/admin/orders.$id_.documents.$kind.pdf": {
    id: "routes/admin/orders.$id_.documents.$kind.pdf",
    parentId: "routes/admin/orders.$id_.documents.$kind",
    path: "pdf",
  },
};
const publicFiles = new Set(["/favicon.ico", "/fonts/inter.woff2"]);
const label = (pathname: string) => routeLabel(routes, pathname, { publicFiles });

describe("the route label of a request", () => {
  it("is the id of the deepest Remix route that answers the page", () => {
    expect(label("/")).toBe("routes/shop/_index");
    expect(label("/product")).toBe("routes/shop/product._index");
    expect(label("/product/7")).toBe("routes/shop/product.$id");
    expect(label("/PRODUCT/7/")).toBe("routes/shop/product.$id");
    expect(label("/admin")).toBe("routes/admin/_index");
    expect(label("/admin/orders/12/documents/invoice/pdf")).toBe(
      "routes/admin/orders.$id_.documents.$kind.pdf",
    );
    expect(label("/healthz")).toBe("routes/healthz");
  });

  it("counts a page's data request as the page", () => {
    expect(label("/product/7.data")).toBe("routes/shop/product.$id");
    expect(label("/_root.data")).toBe("routes/shop/_index");
    expect(label("/login.data")).toBe("routes/account/login");
    expect(label("/log%69n")).toBe("routes/account/login");
  });

  it("names the files served before Remix, and anything else by a bounded name", () => {
    expect(label("/assets/entry.client-Dx3a.js")).toBe("assets");
    expect(label("/uploads/products/4f1c.webp")).toBe("uploads");
    expect(label("/favicon.ico")).toBe("public");
    expect(label("/fonts/inter.woff2")).toBe("public");
    // Pages that do not exist are the catch-all route's; without one, "unmatched".
    expect(label("/no/such/page")).toBe("routes/shop/$");
    expect(label("/asha.rao@example.in")).toBe("routes/shop/$");
    expect(routeLabel({ root: routes.root }, "/no/such/page", { publicFiles })).toBe("unmatched");
    expect(label("/a%E0%A4b")).toBe("routes/shop/$");
  });

  it("never carries a secret, an e-mail address or an id of the address", () => {
    const labels = [
      "/reset-password/8f2b9c0d1e",
      "/product/12345",
      "/asha.rao@example.in",
      "/product/7/../../reset-password/8f2b9c0d1e.data",
    ].map(label);
    expect(labels).toEqual([
      "routes/account/reset-password.$token",
      "routes/shop/product.$id",
      "routes/shop/$",
      "routes/account/reset-password.$token",
    ]);
  });
});

describe("the bearer token", () => {
  const token = "a-metrics-token-of-24-chars-or-more";
  it("matches only the whole token after Bearer", () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token.slice(0, -1)}`, token)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches("Bearer ", token)).toBe(false);
  });
});

describe("requests counted, and /metrics served, by an Express server", () => {
  const token = "metrics-token-for-the-server-test";
  const server = { token: token as string | undefined, refreshed: 0 };
  let base = "";
  let close = () => {};

  beforeAll(async () => {
    const app = express();
    app.use(requestMetrics({ build: { routes }, publicFiles }));
    app.get(
      "/metrics",
      metricsEndpoint({
        server: async () => ({
          metricsTokenForServer: () => server.token,
          refreshMetricsForScrape: async () => {
            server.refreshed += 1;
          },
        }),
      }),
    );
    app.get("/product/:id", (req, res) => {
      if (req.params.id === "broken") res.status(500).send("failed");
      else res.send("a product");
    });
    app.use((_req, res) => {
      res.status(404).send("The page you asked for is not here");
    });
    const listening = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listening.once("listening", resolve));
    base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    close = () => listening.close();
  });
  afterAll(() => close());

  const scrape = async () => {
    const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const sample = (text: string, line: RegExp) =>
    Number(new RegExp(`^${line.source} (\\S+)$`, "m").exec(text)?.[1]);

  it("is not there without a token: the request goes on, as to a page that does not exist", async () => {
    server.token = undefined;
    try {
      const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("The page you asked for is not here");
    } finally {
      server.token = token;
    }
  });

  it("answers 401 with WWW-Authenticate without the token or with a wrong one, reading nothing", async () => {
    const before = server.refreshed;
    const tries: Record<string, string>[] = [{}, { Authorization: "Bearer not-the-token-but-long-enough" }];
    for (const headers of tries) {
      const response = await fetch(`${base}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).not.toContain("http_request_duration_seconds");
    }
    expect(server.refreshed).toBe(before);
  });

  it("serves the registry's text with the token, not to be stored, the database's gauges read first", async () => {
    const before = server.refreshed;
    const response = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(sharedMetrics().register.contentType);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(server.refreshed).toBe(before + 1);
    const text = await response.text();
    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE process_cpu_user_seconds_total counter");
  });

  it("times each request under its route and status, and counts a 5xx by route", async () => {
    const histogram =
      /http_request_duration_seconds_count\{method="GET",route="routes\/shop\/product.\$id",status="(\d+)"\}/;
    const countOf = (text: string, status: number) =>
      sample(text, new RegExp(histogram.source.replace("(\\d+)", String(status)))) || 0;
    const errors = /http_server_errors_total\{route="routes\/shop\/product.\$id"\}/;
    const before = await scrape();
    expect((await fetch(`${base}/product/7?q=asha.rao%40example.in`)).status).toBe(200);
    expect((await fetch(`${base}/product/broken`)).status).toBe(500);
    expect((await fetch(`${base}/product/8.data`)).status).toBe(200);
    const after = await scrape();
    expect(countOf(after, 200)).toBe(countOf(before, 200) + 2);
    expect(countOf(after, 500)).toBe(countOf(before, 500) + 1);
    expect(sample(after, errors)).toBe((sample(before, errors) || 0) + 1);
    // The scrape itself is counted under its own name, and nothing of the address reaches a label.
    expect(after).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="metrics",status="200"\} \d+/,
    );
    expect(after).not.toMatch(/asha|example\.in|broken|\/product\/7/);
  });
});
