import { answer, call } from "./support/api";
import { expect, test } from "./support/test";

/*
 * The earlier shop's own kind of client (issue 47): the public "Digitic" tutorial client (Create React App,
 * Redux Toolkit, axios), built unchanged against /api/, found what the API answered that such a client cannot
 * read. These are its requests as it sends them (axios: JSON bodies, `Authorization: Bearer <token>`), and the
 * assertions are what its pages read of the answers:
 * - the home page fills its Featured, Special and Popular sections with the products whose `tags` equals that
 *   one word, and the store makes a filter chip of each product's `tags`;
 * Its checkout speaks Razorpay, which the shop does not: the PhonePe calls stand in for it here.
 */

type Product = { _id: string; title: string; tags: string; tagList: string[] };

test.describe("the Digitic client: the home page and the store", () => {
  test("the home page's Featured, Special and Popular sections each find their products by one word", async ({
    request,
  }) => {
    const products = await answer<Product[]>(await call(request, "product"), 200);
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      // One word, as the client compares it; every tag in tagList, the one word first of those the shop knows.
      expect(typeof product.tags, product.title).toBe("string");
      expect(Array.isArray(product.tagList), product.title).toBe(true);
    }
    for (const section of ["featured", "special", "popular"]) {
      const shown = products.filter((product) => product.tags === section);
      expect(shown.length, `the ${section} section`).toBeGreaterThan(0);
    }
    // A product with two tags keeps both in tagList, and answers the first in the shop's order as its tag.
    const twoTags = products.find((product) => product.tagList.join() === "special,popular");
    expect(twoTags?.tags).toBe("special");
    const untagged = products.find((product) => product.tagList.length === 0);
    expect(untagged?.tags).toBe("");
    // The product's own call answers the same.
    const one = await answer<Product>(await call(request, `product/${twoTags?._id}`), 200);
    expect(one.tags).toBe("special");
    expect(one.tagList).toEqual(twoTags?.tagList);
  });

  test("the store's tag chips are single words, and each one filters the list", async ({ request }) => {
    const products = await answer<Product[]>(await call(request, "product"), 200);
    const chips = [...new Set(products.map((product) => product.tags))].filter((chip) => chip !== "");
    expect(chips.sort()).toEqual(["featured", "popular", "special"]);
    for (const chip of chips) {
      // The client asks for the chip's products with the hand-built query it builds for every filter.
      const filtered = await answer<Product[]>(
        await call(request, `product?brand=&&tags=${chip}&category=&price[gte]=&price[lte]=`),
        200,
      );
      expect(filtered.length, chip).toBeGreaterThan(0);
      for (const product of filtered) expect(product.tagList, `${chip}: ${product.title}`).toContain(chip);
    }
  });
});
