import { shop } from "~/lib/shop";

/** Every back-office page: its title, and never in a search engine (the server also sends X-Robots-Tag). */
export function adminMeta(title: string) {
  return [{ title: `${title} | ${shop.name} back office` }, { name: "robots", content: "noindex, nofollow" }];
}
