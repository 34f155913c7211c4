import { NotFound } from "~/components/NotFound";

/** Any URL no other route claims: the 404 page, inside the shop's frame. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

/** A form posted to an address no page claims: the same 404, not a 405 for a page that is not there. */
export function action() {
  throw new Response("Not Found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
