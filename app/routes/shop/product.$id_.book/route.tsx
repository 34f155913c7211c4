import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { shop } from "~/lib/shop";
import checkoutStyles from "~/styles/checkout.css?url";
import { BookingForm } from "./BookingForm";
import type { loader } from "./loader.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: checkoutStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Book ${data?.product.title ?? "a rental"} | ${shop.name}` },
  { name: "robots", content: "noindex" },
];

/** The request is handled in action.server.ts, so the page's JavaScript leaves out what it needs. */
export { action } from "./action.server";
/** The page's data is read in loader.server.ts, so its JavaScript leaves out what that needs. */
export { loader } from "./loader.server";

export default function BookRental() {
  return <BookingForm {...useLoaderData<typeof loader>()} />;
}
