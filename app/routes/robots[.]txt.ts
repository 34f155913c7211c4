import { config } from "~/lib/config.server";

/** Pages that are private to a customer or only serve scripts; everything else may be crawled. */
const DISALLOWED = [
  "/admin",
  "/cart",
  "/checkout",
  "/my-orders",
  "/my-profile",
  "/wishlist",
  "/search-suggestions",
];

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${config().publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
