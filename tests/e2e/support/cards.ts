import type { Locator } from "@playwright/test";

/*
 * A product card's whole title. The card's link carries it in its `title` attribute only where the card cuts
 * the title (ProductCard); elsewhere the link's text is the whole title.
 */

/** The whole title of each card link the locator finds (`.product-card-title a`), in order. */
export const wholeTitles = (links: Locator): Promise<string[]> =>
  links.evaluateAll((all) => all.map((link) => link.getAttribute("title") ?? link.textContent ?? ""));

/** The whole title of the one card link the locator finds. */
export async function wholeTitle(link: Locator): Promise<string> {
  const [title = ""] = await wholeTitles(link);
  return title;
}
