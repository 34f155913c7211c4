import { flatRoutes } from "@remix-run/fs-routes";
import { layout, prefix, type RouteConfig, route } from "@remix-run/route-config";
import { ignoredRouteFiles } from "../remix.config.js";

/**
 * The shop's routes in four groups (docs/architecture.md), each a folder of flat-route files:
 * - routes/shop: the storefront, inside the shop's frame (header, footer, the shopper's cart);
 * - routes/account: signing in and the shopper's own pages, in the same frame;
 * - routes/admin: the back office under /admin, in its own frame and stylesheet;
 * - routes/api: the JSON API under /api (decision 0045), resource routes only.
 * The files directly in routes/ are answers with no page of their own (health checks, feeds, the webhook)
 * and the PhonePe simulator, which stands in for PhonePe's site and so has no shop frame.
 */
const routes: RouteConfig = [
  ...(await flatRoutes({ ignoredRouteFiles })),
  layout("routes/shop/layout.tsx", { id: "shop" }, [
    ...(await flatRoutes({ rootDirectory: "routes/shop", ignoredRouteFiles })),
    ...(await flatRoutes({ rootDirectory: "routes/account", ignoredRouteFiles })),
  ]),
  route("admin", "routes/admin/layout.tsx", { id: "admin" }, [
    ...(await flatRoutes({ rootDirectory: "routes/admin", ignoredRouteFiles })),
  ]),
  ...prefix("api", await flatRoutes({ rootDirectory: "routes/api", ignoredRouteFiles })),
];

export default routes;
