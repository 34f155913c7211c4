import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { methodsRoutesTake } from "./guards.mjs";

/*
 * The methods guard against a route table shaped as Remix builds it: a root, a pathless layout, pages with and
 * without an action, an index route, a resource route, the catch-all page and the JSON API. Whatever passes the
 * guard is answered "reached" here; in the shop it reaches Remix.
 */
const page = { default: () => null };
const routes = {
  root: { id: "root", path: "", module: page },
  shop: { id: "shop", parentId: "root", module: page },
  home: { id: "home", parentId: "shop", index: true, module: { ...page, action: () => null } },
  contact: { id: "contact", parentId: "shop", path: "contact", module: { ...page, action: () => null } },
  about: { id: "about", parentId: "shop", path: "about", module: page },
  missing: { id: "missing", parentId: "shop", path: "*", module: { ...page, action: () => null } },
  sitemap: { id: "sitemap", parentId: "root", path: "sitemap.xml", module: { loader: () => null } },
  api: { id: "api", parentId: "root", path: "api/user/cart", module: { loader: () => null } },
};

let base = "";
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.use(methodsRoutesTake(() => routes));
  app.all("*", (_req, res) => {
    res.send("reached");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => close());

const send = (method: string, path: string) => fetch(`${base}${path}`, { method });

describe("the methods each route takes", () => {
  it("lets a page's own methods through: GET, and POST where the page has an action", async () => {
    for (const [method, path] of [
      ["GET", "/about"],
      ["GET", "/contact"],
      ["POST", "/contact"],
      ["POST", "/contact.data"],
      ["POST", "/?index"],
      ["POST", "/_root.data?index"],
    ] as const) {
      const answer = await send(method, path);
      expect([method, path, answer.status, await answer.text()]).toEqual([method, path, 200, "reached"]);
    }
  });

  it("answers DELETE, PUT and PATCH to a page with an action 405, naming GET, HEAD and POST", async () => {
    for (const method of ["DELETE", "PUT", "PATCH"]) {
      for (const path of ["/contact", "/contact.data", "/%63ontact"]) {
        const answer = await send(method, path);
        expect([method, path, answer.status, answer.headers.get("allow")]).toEqual([
          method,
          path,
          405,
          "GET, HEAD, POST, OPTIONS",
        ]);
        expect(await answer.text()).toBe(
          `This address does not take ${method} requests: it takes GET, HEAD, POST.`,
        );
      }
    }
  });

  it("answers a post to a page or a resource route without an action 405, with what it takes", async () => {
    const page = await send("POST", "/about");
    expect([page.status, page.headers.get("allow")]).toEqual([405, "GET, HEAD, OPTIONS"]);
    expect(await page.text()).toBe("This address does not take POST requests: it takes GET, HEAD.");
    const resource = await send("POST", "/sitemap.xml");
    expect([resource.status, resource.headers.get("allow")]).toEqual([405, "GET, HEAD, OPTIONS"]);
    // The home page's form posts with ?index; without it the post is the root's, which has no action.
    expect((await send("POST", "/")).status).toBe(405);
  });

  it("answers OPTIONS 204 with what the route takes", async () => {
    const answer = await send("OPTIONS", "/contact");
    expect([answer.status, answer.headers.get("allow")]).toEqual([204, "GET, HEAD, POST, OPTIONS"]);
  });

  it("leaves the catch-all page and the JSON API to answer every method themselves", async () => {
    for (const [method, path] of [
      ["POST", "/no-such-page"],
      ["DELETE", "/no-such-page"],
      ["DELETE", "/api/user/cart"],
      ["POST", "/api/user/cart"],
    ] as const) {
      const answer = await send(method, path);
      expect([method, path, answer.status]).toEqual([method, path, 200]);
    }
  });
});
