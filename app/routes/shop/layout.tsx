import { Outlet, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { PageError } from "~/components/layout/PageError";
import { Footer } from "~/routes/shop/frame/Footer";
import { Header } from "~/routes/shop/frame/Header";
import type { loader } from "./loader.server";

/** The frame's data is read in loader.server.ts, so every page's JavaScript leaves out what that needs. */
export { loader } from "./loader.server";

/** The storefront's frame around every shop and account page: header, the page, footer. */
function ShopFrame({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("shop");
  return (
    <>
      <Header
        customer={data?.customer ?? null}
        cart={data?.cart ?? { lines: 0, total: 0 }}
        contact={data?.contact}
      />
      <main id="main">{children}</main>
      <Footer year={data?.year ?? new Date().getFullYear()} contact={data?.contact} />
    </>
  );
}

export default function ShopLayout() {
  return (
    <ShopFrame>
      <Outlet />
    </ShopFrame>
  );
}

/** A shop page that failed or was not found, still inside the shop's frame. */
export function ErrorBoundary() {
  return (
    <ShopFrame>
      <PageError />
    </ShopFrame>
  );
}
