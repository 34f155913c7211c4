/** A back-office address no page claims: "Page not found" inside the back office's frame (its ErrorBoundary). */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

/** A form posted to a back-office address no page claims: the same 404. */
export function action() {
  throw new Response("Not Found", { status: 404 });
}

/** Never drawn (the loader always refuses); a page component keeps this from being a bare resource route. */
export default function NoSuchBackOfficePage() {
  return null;
}
