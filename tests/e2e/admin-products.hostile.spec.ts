import { randomBytes } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { pngPicture } from "./support/admin";
import {
  dataOf,
  expectCrossSiteRefused,
  expectDataLogIn,
  expectLogIn,
  textOf,
} from "./support/back-office-probes";
import { expect, test } from "./support/back-office-requests";
import { dataUrl } from "./support/single-fetch";

/*
 * Hostile requests to the back office's catalogue (the `hostile` project: plain requests, no browser): no
 * session or a customer's session gets the log-in page and no data; bad ids are 404; a 6 MB upload is 413; a
 * PHP or HTML file dressed as a picture is refused; a cross-site post is 403; prices and stock as text,
 * negative or huge are 400 with a message. Each test works on products of its own, named with a word of its
 * own, and reads back only those: after the probes nothing of theirs is written, while the owner's own
 * requests beside them succeed and are seen (so a route refusing everything fails too).
 */

const BAD_IDS = ["0", "-1", "abc", "1e3", "2147483648", "99999999999999999999", "999999"];
const NOT_FOUND = "That product could not be found";
const PICTURE_TYPE = "The picture must be a JPEG, PNG or WebP image";

type ProductRow = {
  id: number;
  title: string;
  discountedPrice: number;
  quantity: number;
  image: string | null;
  hidden: boolean;
};

/** A valid new-product form titled `title`, with `changes`. */
function productFields(title: string, changes: Record<string, string> = {}): Record<string, string> {
  return {
    title,
    description: "<p>Probe</p>",
    brand: "Probe",
    category: "Probes",
    productType: "new",
    colours: "1",
    mrp: "1000",
    offerPrice: "900",
    stock: "5",
    ...changes,
  };
}

const word = () => randomBytes(4).toString("hex");

/** The products whose titles hold `word`, as the back office's list finds them. */
async function productsNamed(staff: APIRequestContext, word: string): Promise<ProductRow[]> {
  const { items } = await dataOf<{ items: ProductRow[] }>(
    staff,
    `/admin/products?${new URLSearchParams({ q: word })}`,
    "routes/admin/products._index",
  );
  return items
    .filter((item) => item.title.includes(word))
    .map(({ id, title, discountedPrice, quantity, image, hidden }) => ({
      id,
      title,
      discountedPrice,
      quantity,
      image,
      hidden,
    }));
}

/** The owner creates a product through the form; its id. */
async function createProduct(staff: APIRequestContext, fields: Record<string, string>): Promise<number> {
  const answer = await staff.post("/admin/products/new", { multipart: fields, maxRedirects: 0 });
  expect(answer.status(), `the owner creates ${fields.title}`).toBe(303);
  const id = Number(/^\/admin\/products\/(\d+)$/.exec(answer.headers().location ?? "")?.[1]);
  expect(id, "the new product's page").toBeGreaterThan(0);
  return id;
}

/** A picture the upload takes, as the owner's own upload sends it. */
async function picture() {
  return { name: "front.png", mimeType: "image/png", buffer: await pngPicture() };
}

/** The owner's request went through, back to the product's page. */
function expectBackTo(answer: APIResponse, id: number, what: string) {
  expect(answer.status(), what).toBe(303);
  expect(answer.headers().location, what).toBe(`/admin/products/${id}`);
}

/** The owner hides a product of the test's: it leaves the shop (and its lists) again. */
async function hide(staff: APIRequestContext, id: number) {
  expectBackTo(
    await staff.post(`/admin/products/${id}`, { multipart: { intent: "hide" }, maxRedirects: 0 }),
    id,
    `hide ${id}`,
  );
}

test.describe("back office catalogue: hostile requests", () => {
  test("no session, or a customer's, gets the log-in page, no product data, and changes nothing", async ({
    shop,
  }) => {
    const staff = await shop.staff();
    const marker = word();
    const own = await createProduct(staff, productFields(`Hostile probe ${marker}`));
    const routes: [path: string, routeId: string][] = [
      ["/admin/products", "routes/admin/products._index"],
      ["/admin/products/new", "routes/admin/products.new"],
      [`/admin/products/${own}`, "routes/admin/products.$id"],
      [`/admin/products/${own}/images`, "routes/admin/products.$id.images"],
    ];
    const image = await picture();
    const posts: [string, Record<string, string | typeof image>][] = [
      ["/admin/products/new", productFields(`Hostile probe ${marker} new`)],
      [`/admin/products/${own}`, { intent: "hide" }],
      [`/admin/products/${own}/images`, { image }],
    ];
    const before = await productsNamed(staff, marker);
    expect(before).toEqual([expect.objectContaining({ id: own, hidden: false, image: null })]);

    for (const who of ["visitor", "customer"] as const) {
      const context = who === "visitor" ? await shop.context() : await shop.customer();
      for (const [path, routeId] of routes) {
        const page = await context.get(path, { maxRedirects: 0 });
        expectLogIn(page, path, `${who} GET ${path}`);
        expect(await page.text(), `${who} GET ${path}`).not.toContain(marker);
        const data = await context.get(dataUrl(path, routeId), { maxRedirects: 0 });
        await expectDataLogIn(data, path, `${who}: data of ${path}`);
        const body = await data.text();
        expect(body, `${who}: data of ${path}`).not.toContain("discountedPrice");
        expect(body, `${who}: data of ${path}`).not.toContain(marker);
      }
      // Every form is sent to log in before it is read, posted as a page or by the page's JavaScript.
      for (const [path, multipart] of posts) {
        const post = await context.post(path, { multipart, maxRedirects: 0 });
        expectLogIn(post, path, `${who} POST ${path}`);
        const script = await context.post(dataUrl(path), { multipart, maxRedirects: 0 });
        await expectDataLogIn(script, path, `${who} POST ${dataUrl(path)}`);
      }
    }
    // Nothing of theirs was written: the product as it was (shown, no picture), no new one.
    expect(await productsNamed(staff, marker)).toEqual(before);

    // The owner's own requests on the same routes: the pages and their data, and the same forms.
    for (const [path, routeId] of routes) {
      expect((await staff.get(path, { maxRedirects: 0 })).status(), `owner GET ${path}`).toBe(200);
      await dataOf(staff, path, routeId);
    }
    const list = await staff.get(
      dataUrl(`/admin/products?${new URLSearchParams({ q: marker })}`, "routes/admin/products._index"),
    );
    expect(await list.text(), "the owner's data has the prices").toContain("discountedPrice");
    const created = await createProduct(staff, productFields(`Hostile probe ${marker} new`));
    expectBackTo(
      await staff.post(`/admin/products/${own}/images`, { multipart: { image }, maxRedirects: 0 }),
      own,
      "the owner's upload",
    );
    await hide(staff, own);
    await hide(staff, created);
    expect(await productsNamed(staff, marker)).toEqual([
      expect.objectContaining({ id: created, hidden: true, image: null }),
      expect.objectContaining({
        id: own,
        hidden: true,
        image: expect.stringMatching(/^\/uploads\/products\//),
      }),
    ]);
  });

  test("bad and unknown ids are 404 with the shop's message", async ({ shop }) => {
    const staff = await shop.staff();
    const marker = word();
    const own = await createProduct(staff, productFields(`Hostile probe ${marker}`));
    const image = await picture();
    for (const id of BAD_IDS) {
      const page = await staff.get(`/admin/products/${id}`, { maxRedirects: 0 });
      expect(page.status(), `GET ${id}`).toBe(404);
      expect(await textOf(page), `GET ${id}`).toContain(NOT_FOUND);
      const hidden = await staff.post(`/admin/products/${id}`, {
        multipart: { intent: "hide" },
        maxRedirects: 0,
      });
      expect(hidden.status(), `POST ${id}`).toBe(404);
      expect(await textOf(hidden), `POST ${id}`).toContain(NOT_FOUND);
      const upload = await staff.post(`/admin/products/${id}/images`, {
        multipart: { image },
        maxRedirects: 0,
      });
      expect(upload.status(), `upload to ${id}`).toBe(404);
      expect(await textOf(upload), `upload to ${id}`).toContain(NOT_FOUND);
    }
    // The same requests with the test's own product go through, and are seen.
    expect((await staff.get(`/admin/products/${own}`, { maxRedirects: 0 })).status()).toBe(200);
    expectBackTo(
      await staff.post(`/admin/products/${own}/images`, { multipart: { image }, maxRedirects: 0 }),
      own,
      "upload",
    );
    await hide(staff, own);
    expect(await productsNamed(staff, marker)).toEqual([
      expect.objectContaining({
        id: own,
        hidden: true,
        image: expect.stringMatching(/^\/uploads\/products\//),
      }),
    ]);
  });

  test("uploads: 6 MB is 413, a disguised PHP or HTML file is 415, and none is stored", async ({ shop }) => {
    const staff = await shop.staff();
    const marker = word();
    const own = await createProduct(staff, productFields(`Hostile probe ${marker}`));
    const images = `/admin/products/${own}/images`;

    const big = await staff.post(images, {
      multipart: {
        image: { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024, 0xff) },
      },
      maxRedirects: 0,
    });
    expect(big.status()).toBe(413);
    expect(await big.text()).toBe("The picture is too large (at most 5 MB). Please choose a smaller one.");

    for (const [name, text, type] of [
      ["shell.png", "<?php system($_GET['c']); ?>", "image/png"],
      ["page.jpg", "<html><body><script>alert(document.cookie)</script></body></html>", "image/jpeg"],
      ["photo.webp", "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>", "image/webp"],
    ] as const) {
      const refused = await staff.post(images, {
        multipart: { image: { name, mimeType: type, buffer: Buffer.from(text) } },
        maxRedirects: 0,
      });
      expect(refused.status(), name).toBe(415);
      expect(await textOf(refused), name).toContain(PICTURE_TYPE);
    }
    // A form post, or a body that is not a form at all, is not an upload.
    const notAccepted = "This kind of request is not accepted here. Please use the form on the page.";
    const form = await staff.post(images, { form: { image: "x" }, maxRedirects: 0 });
    expect(form.status()).toBe(415);
    expect(await form.text()).toBe(notAccepted);
    const text = await staff.post(images, {
      data: "image=x",
      headers: { "Content-Type": "text/plain" },
      maxRedirects: 0,
    });
    expect(text.status()).toBe(415);
    expect(await text.text()).toBe(notAccepted);
    const empty = await staff.post(images, { multipart: { alt: "no file" }, maxRedirects: 0 });
    expect(empty.status()).toBe(400);
    expect(await textOf(empty)).toContain("Choose a picture to upload");

    // None was stored: the product has no picture.
    const page = await textOf(await staff.get(`/admin/products/${own}`));
    expect(page).toContain("No pictures yet");
    expect(await productsNamed(staff, marker)).toEqual([expect.objectContaining({ id: own, image: null })]);
    // A real picture, through the same route, is.
    expectBackTo(
      await staff.post(images, { multipart: { image: await picture() }, maxRedirects: 0 }),
      own,
      "the owner's picture",
    );
    expect(await textOf(await staff.get(`/admin/products/${own}`))).not.toContain("No pictures yet");
    await hide(staff, own);
    expect(await productsNamed(staff, marker)).toEqual([
      expect.objectContaining({
        id: own,
        hidden: true,
        image: expect.stringMatching(/^\/uploads\/products\//),
      }),
    ]);
  });

  test("a cross-site post is refused with 403 and changes nothing", async ({ shop }) => {
    const staff = await shop.staff();
    const marker = word();
    const own = await createProduct(staff, productFields(`Hostile probe ${marker}`));
    const image = await picture();
    const posts: [string, Record<string, string | typeof image>][] = [
      ["/admin/products/new", productFields(`Hostile probe ${marker} cross-site`)],
      [`/admin/products/${own}`, { intent: "hide" }],
      [`/admin/products/${own}/images`, { image }],
    ];
    for (const [path, multipart] of posts) {
      for (const origin of ["https://evil.example", "null"]) {
        const answer = await staff.post(path, { multipart, headers: { Origin: origin }, maxRedirects: 0 });
        await expectCrossSiteRefused(answer, `${path} from ${origin}`);
      }
    }
    expect(await productsNamed(staff, marker)).toEqual([
      expect.objectContaining({ id: own, hidden: false, image: null }),
    ]);

    // The same forms from the shop's own pages go through.
    const created = await createProduct(staff, productFields(`Hostile probe ${marker} cross-site`));
    expectBackTo(
      await staff.post(`/admin/products/${own}/images`, { multipart: { image }, maxRedirects: 0 }),
      own,
      "upload",
    );
    await hide(staff, own);
    await hide(staff, created);
    expect(await productsNamed(staff, marker)).toEqual([
      expect.objectContaining({ id: created, hidden: true, image: null }),
      expect.objectContaining({
        id: own,
        hidden: true,
        image: expect.stringMatching(/^\/uploads\/products\//),
      }),
    ]);
  });

  test("prices and stock as text, negative or huge are 400 with a message; nothing is saved", async ({
    shop,
  }) => {
    const staff = await shop.staff();
    const marker = word();
    const title = `Hostile probe ${marker}`;
    const cases: [Record<string, string>, string][] = [
      [{ mrp: "one thousand" }, "MRP must be an amount in rupees"],
      [{ offerPrice: "cheap" }, "Offer price must be an amount in rupees"],
      [{ offerPrice: "-900" }, "Offer price must be more than Rs. 0"],
      [{ mrp: "0" }, "MRP must be more than Rs. 0"],
      [{ mrp: "99999999999999999999" }, "MRP must be at most Rs. 20,00,000"],
      [{ offerPrice: "1e9" }, "Offer price must be an amount in rupees"],
      [{ offerPrice: "10.999" }, "Offer price must be an amount in rupees"],
      [{ offerPrice: "1500" }, "The offer price cannot be more than the MRP"],
      [{ stock: "-1" }, "Stock must be a whole number from 0 to 100000"],
      [{ stock: "2147483648" }, "Stock must be a whole number from 0 to 100000"],
      [{ stock: "lots" }, "Stock must be a whole number from 0 to 100000"],
      [{ colours: "" }, "Choose at least one colour, or add a new one"],
      [
        { newColourName: "Evil", newColourValue: "red;background:url(//evil.example)" },
        "must be a CSS colour",
      ],
      [{ productType: "used" }, "Choose New, Refurbished or Rental"],
      [{ title: `bad\u0000${marker}` }, "Please remove the invisible or unsupported characters"],
    ];
    for (const [changes, message] of cases) {
      const answer = await staff.post("/admin/products/new", {
        multipart: productFields(title, changes),
        maxRedirects: 0,
      });
      const label = JSON.stringify(changes);
      expect(answer.status(), label).toBe(400);
      expect(await textOf(answer), label).toContain(message);
    }
    // None was saved; the same form with good values is.
    expect(await productsNamed(staff, marker)).toEqual([]);
    const own = await createProduct(staff, productFields(title));
    const saved = await productsNamed(staff, marker);
    expect(saved).toEqual([
      { id: own, title, discountedPrice: 90_000, quantity: 5, image: null, hidden: false },
    ]);

    // The same rules on the edit page; an old or altered version is refused without saving.
    const edit = `/admin/products/${own}`;
    const versionNow = async () =>
      (await dataOf<{ product: { version: string } }>(staff, edit, "routes/admin/products.$id")).product
        .version;
    const version = await versionNow();
    const save = (changes: Record<string, string>) =>
      staff.post(edit, { multipart: { ...productFields(title, changes), intent: "save" }, maxRedirects: 0 });
    const negative = await save({ version, offerPrice: "-1" });
    expect(negative.status()).toBe(400);
    expect(await textOf(negative)).toContain("Offer price must be more than Rs. 0");
    for (const stale of ["2001-01-01T00:00:00.000000Z", "yesterday", ""]) {
      const answer = await save({ version: stale, stock: "7" });
      expect(answer.status(), stale).toBe(409);
      expect(await textOf(answer)).toContain("This product was changed while you were editing it");
    }
    const unknown = await staff.post(edit, { multipart: { intent: "delete" }, maxRedirects: 0 });
    expect(unknown.status()).toBe(400);
    const wrongType = await staff.post(edit, {
      data: JSON.stringify({ intent: "hide" }),
      headers: { "Content-Type": "application/json" },
      maxRedirects: 0,
    });
    expect(wrongType.status()).toBe(415);
    expect(await wrongType.text()).toBe(
      "This kind of request is not accepted here. Please use the form on the page.",
    );
    const tooLarge = await staff.post(edit, {
      multipart: { ...productFields(title, { version }), intent: "save", description: "x".repeat(70 * 1024) },
      maxRedirects: 0,
    });
    expect(tooLarge.status()).toBe(413);
    expect(await tooLarge.text()).toBe(
      "The form is too large (at most 64 KB). Please shorten it and try again.",
    );
    // Nothing was saved: the product and its version as they were. A save of the current version is.
    expect(await productsNamed(staff, marker)).toEqual(saved);
    expect(await versionNow()).toBe(version);
    expectBackTo(await save({ version, offerPrice: "850", stock: "7" }), own, "the owner's save");
    await hide(staff, own);
    expect(await productsNamed(staff, marker)).toEqual([
      { id: own, title, discountedPrice: 85_000, quantity: 7, image: null, hidden: true },
    ]);
  });
});
