import { randomBytes } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import sharp from "sharp";
import { newCustomer } from "./support/accounts";
import { ensureOwner, owner } from "./support/admin";
import { expect, test } from "./support/test";

/*
 * Hostile requests to the back office's catalogue (the `hostile` project: plain requests, no browser): no
 * session or a customer's session gets the log-in page and no data; bad ids are 404; a 6 MB upload is 413; a
 * PHP or HTML file dressed as a picture is refused; a cross-site post is 403; prices and stock as text,
 * negative or huge are 400 with a message; nothing answers 5xx.
 */

/** The catalogue's pages and the route each one's data comes from. */
const ROUTES: [path: string, routeId: string][] = [
  ["/admin/products", "routes/admin.products._index"],
  ["/admin/products/new", "routes/admin.products.new"],
  ["/admin/products/1", "routes/admin.products.$id"],
  ["/admin/products/1/images", "routes/admin.products.$id.images"],
];
const PATHS = ROUTES.map(([path]) => path);
const BAD_IDS = ["0", "-1", "abc", "1e3", "2147483648", "99999999999999999999", "999999"];

type Session = { context: APIRequestContext; origin: string };

async function newContext(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
  headers: Record<string, string>,
): Promise<Session> {
  const origin = new URL(baseURL).origin;
  const context = await playwright.request.newContext({
    baseURL: origin,
    extraHTTPHeaders: { ...headers, Origin: origin },
  });
  return { context, origin };
}

async function staffSession(session: Session): Promise<void> {
  const answer = await session.context.post("/admin/login", {
    form: { email: owner.email, password: owner.password },
    maxRedirects: 0,
  });
  expect(answer.status(), "the owner logs in").toBe(303);
}

/** A valid new-product form, with `changes`. */
function productFields(changes: Record<string, string> = {}): Record<string, string> {
  return {
    title: `Hostile probe ${randomBytes(3).toString("hex")}`,
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

const bodyOf = async (answer: APIResponse) => (await answer.body()).toString("utf8");

/** How many products the back office's list finds for `q` (its loader's data). */
async function matching(session: Session, q: string): Promise<number> {
  const query = new URLSearchParams(q ? { q } : {});
  query.set("_data", "routes/admin.products._index");
  const answer = await session.context.get(`/admin/products?${query}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { total: number }).total;
}

test.describe("back office catalogue: hostile requests", () => {
  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("no session, or a customer's, gets the log-in page and no product data", async ({
    playwright,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const visitor = await newContext(playwright, baseURL ?? "", extraHTTPHeaders ?? {});
    const shopper = await newContext(playwright, baseURL ?? "", extraHTTPHeaders ?? {});
    const customer = newCustomer();
    const signedUp = await shopper.context.post("/signup", {
      form: {
        firstname: customer.firstname,
        lastname: customer.lastname,
        email: customer.email,
        mobile: customer.mobile,
        password: customer.password,
      },
      maxRedirects: 0,
    });
    expect(signedUp.status()).toBe(303);
    for (const { context } of [visitor, shopper]) {
      for (const [path, routeId] of ROUTES) {
        const page = await context.get(path, { maxRedirects: 0 });
        expect(page.status(), `GET ${path}`).toBe(303);
        expect(page.headers().location, `GET ${path}`).toMatch(/^\/admin\/login(\?|$)/);
        const data = await context.get(`${path}?_data=${encodeURIComponent(routeId)}`, { maxRedirects: 0 });
        expect(data.status(), `data of ${path}`).toBeLessThan(500);
        expect(await bodyOf(data)).not.toContain("discountedPrice");
      }
      // Every form is sent to log in before it is read.
      for (const path of PATHS.slice(1)) {
        const post = await context.post(path, { multipart: { intent: "hide" }, maxRedirects: 0 });
        expect(post.status(), `POST ${path}`).toBe(303);
        expect(post.headers().location, `POST ${path}`).toMatch(/^\/admin\/login/);
      }
    }
    await visitor.context.dispose();
    await shopper.context.dispose();
  });

  test("bad and unknown ids are 404, never 5xx", async ({ playwright, baseURL, extraHTTPHeaders }) => {
    const staff = await newContext(playwright, baseURL ?? "", extraHTTPHeaders ?? {});
    await staffSession(staff);
    const picture = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    for (const id of BAD_IDS) {
      const page = await staff.context.get(`/admin/products/${id}`, { maxRedirects: 0 });
      expect(page.status(), `GET ${id}`).toBe(404);
      const save = await staff.context.post(`/admin/products/${id}`, {
        multipart: { intent: "hide" },
        maxRedirects: 0,
      });
      expect(save.status(), `POST ${id}`).toBe(404);
      const upload = await staff.context.post(`/admin/products/${id}/images`, {
        multipart: { image: { name: "a.png", mimeType: "image/png", buffer: picture } },
        maxRedirects: 0,
      });
      expect(upload.status(), `upload to ${id}`).toBe(404);
    }
    await staff.context.dispose();
  });

  test("uploads: 6 MB is 413, a disguised PHP or HTML file is refused and stored nowhere", async ({
    playwright,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const staff = await newContext(playwright, baseURL ?? "", extraHTTPHeaders ?? {});
    await staffSession(staff);
    const created = await staff.context.post("/admin/products/new", {
      multipart: productFields(),
      maxRedirects: 0,
    });
    expect(created.status()).toBe(303);
    const edit = created.headers().location ?? "";
    expect(edit).toMatch(/^\/admin\/products\/\d+$/);

    const big = await staff.context.post(`${edit}/images`, {
      multipart: {
        image: { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024, 0xff) },
      },
      maxRedirects: 0,
    });
    expect(big.status()).toBe(413);
    expect(await bodyOf(big)).toContain("The picture is too large (at most 5 MB)");

    for (const [name, text, type] of [
      ["shell.png", "<?php system($_GET['c']); ?>", "image/png"],
      ["page.jpg", "<html><body><script>alert(document.cookie)</script></body></html>", "image/jpeg"],
      ["photo.webp", "<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>", "image/webp"],
    ] as const) {
      const refused = await staff.context.post(`${edit}/images`, {
        multipart: { image: { name, mimeType: type, buffer: Buffer.from(text) } },
        maxRedirects: 0,
      });
      expect(refused.status(), name).toBe(415);
      expect(await bodyOf(refused), name).toContain("The picture must be a JPEG, PNG or WebP image");
    }
    // A form post, or a body that is not a form at all, is not an upload.
    const form = await staff.context.post(`${edit}/images`, { form: { image: "x" }, maxRedirects: 0 });
    expect(form.status()).toBe(415);
    const text = await staff.context.post(`${edit}/images`, {
      data: "image=x",
      headers: { "Content-Type": "text/plain" },
      maxRedirects: 0,
    });
    expect(text.status()).toBe(415);
    const empty = await staff.context.post(`${edit}/images`, {
      multipart: { alt: "no file" },
      maxRedirects: 0,
    });
    expect(empty.status()).toBe(400);
    expect(await bodyOf(empty)).toContain("Choose a picture to upload");

    const page = await bodyOf(await staff.context.get(edit));
    expect(page).toContain("No pictures yet");
    expect(page).not.toMatch(/\/uploads\/products\//);
    await staff.context.dispose();
  });

  test("a cross-site post is refused with 403", async ({ playwright, baseURL, extraHTTPHeaders }) => {
    const staff = await newContext(playwright, baseURL ?? "", extraHTTPHeaders ?? {});
    await staffSession(staff);
    for (const path of ["/admin/products/new", "/admin/products/1", "/admin/products/1/images"]) {
      const answer = await staff.context.post(path, {
        multipart: { ...productFields(), intent: "hide" },
        headers: { Origin: "https://evil.example" },
        maxRedirects: 0,
      });
      expect(answer.status(), path).toBe(403);
    }
    const product = await bodyOf(await staff.context.get("/admin/products/1"));
    expect(product).not.toContain("Hidden from the shop since");
    await staff.context.dispose();
  });

  test("prices and stock as text, negative or huge are 400 with a message; nothing is saved", async ({
    playwright,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const staff = await newContext(playwright, baseURL ?? "", extraHTTPHeaders ?? {});
    await staffSession(staff);
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
      [{ title: "bad\u0000title" }, "Please remove the invisible or unsupported characters"],
    ];
    const productsBefore = await matching(staff, "");
    for (const [changes, message] of cases) {
      const fields = productFields(changes);
      const answer = await staff.context.post("/admin/products/new", { multipart: fields, maxRedirects: 0 });
      const label = JSON.stringify(changes);
      expect(answer.status(), label).toBe(400);
      expect(await bodyOf(answer), label).toContain(message);
    }
    expect(await matching(staff, ""), "products after the refused forms").toBe(productsBefore);
    // The same rules on the edit page; an old or altered version is refused without saving.
    const created = await staff.context.post("/admin/products/new", {
      multipart: productFields(),
      maxRedirects: 0,
    });
    const edit = created.headers().location ?? "";
    const editPage = await bodyOf(await staff.context.get(edit));
    const version = /name="version" value="([^"]+)"/.exec(editPage)?.[1] ?? "";
    expect(version).not.toBe("");
    const save = (changes: Record<string, string>) =>
      staff.context.post(edit, {
        multipart: { ...productFields(changes), intent: "save" },
        maxRedirects: 0,
      });
    const negative = await save({ version, offerPrice: "-1" });
    expect(negative.status()).toBe(400);
    expect(await bodyOf(negative)).toContain("Offer price must be more than Rs. 0");
    for (const stale of ["2001-01-01T00:00:00.000000Z", "yesterday", ""]) {
      const answer = await save({ version: stale });
      expect(answer.status(), stale).toBe(409);
      expect(await bodyOf(answer)).toContain("This product was changed while you were editing it");
    }
    const unknown = await staff.context.post(edit, { multipart: { intent: "delete" }, maxRedirects: 0 });
    expect(unknown.status()).toBe(400);
    const wrongType = await staff.context.post(edit, {
      data: JSON.stringify({ intent: "hide" }),
      headers: { "Content-Type": "application/json" },
      maxRedirects: 0,
    });
    expect(wrongType.status()).toBe(415);
    const tooLarge = await staff.context.post(edit, {
      multipart: { ...productFields({ version }), intent: "save", description: "x".repeat(70 * 1024) },
      maxRedirects: 0,
    });
    expect(tooLarge.status()).toBe(413);
    await staff.context.dispose();
  });
});
