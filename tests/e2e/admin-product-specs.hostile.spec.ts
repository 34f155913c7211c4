import { randomBytes } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { dataOf, textOf } from "./support/back-office-probes";
import { expect, test } from "./support/back-office-requests";

/*
 * Hostile posts of a product's specification (the `hostile` project: plain requests, no browser): values the
 * attribute cannot have are 400 with the field's message; made-up `spec` fields and shapes are ignored (the
 * save goes through, nothing of them is stored); none is a server error. The test works on a laptop of its own
 * and reads back only its specification; the owner's own save beside the probes is stored (so a route
 * refusing everything fails too).
 */

const EDIT_ROUTE = "routes/admin/products.$id";

type EditData = {
  product: { version: string };
  defaults: { spec: Record<string, string | string[]>; rental: Record<string, string> };
};

/** The laptop's form fields, as its edit page sends them. */
const laptop = (title: string): [string, string][] => [
  ["title", title],
  ["description", "<p>Probe</p>"],
  ["brand", "Probe"],
  ["category", "Laptops"],
  ["productType", "new"],
  ["colours", "1"],
  ["mrp", "1000"],
  ["offerPrice", "900"],
  ["stock", "5"],
];

async function createLaptop(staff: APIRequestContext, title: string): Promise<number> {
  const answer = await staff.post("/admin/products/new", {
    multipart: Object.fromEntries(laptop(title)),
    maxRedirects: 0,
  });
  expect(answer.status(), "the owner creates the laptop").toBe(303);
  const id = Number(/^\/admin\/products\/(\d+)$/.exec(answer.headers().location ?? "")?.[1]);
  expect(id, "the new laptop's page").toBeGreaterThan(0);
  return id;
}

test.describe("back office specifications: hostile posts", () => {
  test("wrong values are 400 beside their field; made-up spec fields are ignored; none is a server error", async ({
    shop,
  }) => {
    const staff = await shop.staff();
    const title = `Hostile spec probe ${randomBytes(4).toString("hex")}`;
    const id = await createLaptop(staff, title);
    const edit = () => dataOf<EditData>(staff, `/admin/products/${id}`, EDIT_ROUTE);
    const save = async (fields: [string, string][]): Promise<APIResponse> => {
      const form = new FormData();
      const sent: [string, string][] = [
        ...laptop(title),
        ["intent", "save"],
        ["version", (await edit()).product.version],
        ...fields,
      ];
      for (const [name, value] of sent) form.append(name, value);
      return staff.post(`/admin/products/${id}`, { multipart: form, maxRedirects: 0 });
    };

    const refused: [fields: [string, string][], message: string][] = [
      [
        [
          ["specFields", "ram_gb"],
          ["spec.ram_gb", "999"],
        ],
        "RAM must be from 1 to 256 GB.",
      ],
      [
        [
          ["specFields", "ram_gb"],
          ["spec.ram_gb", "16GB"],
        ],
        "RAM must be a number.",
      ],
      [
        [
          ["specFields", "ram_gb"],
          ["spec.ram_gb[0]", "16"],
        ],
        "RAM must be a number.",
      ],
      [
        [
          ["specFields", "cpu"],
          ["spec.cpu", "pentium-4"],
        ],
        "Choose a processor.",
      ],
    ];
    for (const [fields, message] of refused) {
      const what = JSON.stringify(fields);
      const answer = await save(fields);
      expect(answer.status(), what).toBe(400);
      const page = await answer.text();
      // Beside its field: the field is marked and its message is the one its aria-describedby names.
      expect(page, what).toMatch(/<p id="product-form-spec\.(ram_gb|cpu)-error" class="field-error">/);
      expect(await textOf(answer), what).toContain(message);
    }
    // A processor sent twice is no form the page makes: the whole post is refused, naming the field.
    const twice = await save([
      ["specFields", "cpu"],
      ["spec.cpu", "core-i5"],
      ["spec.cpu", "core-i7"],
    ]);
    expect(twice.status(), "a processor sent twice").toBe(400);
    expect(await textOf(twice)).toContain(
      "The form could not be read: it has more than one spec.cpu field. Please use the form on the page.",
    );
    expect((await edit()).defaults.spec, "nothing refused was stored").toEqual({});

    const ignored: [string, string][][] = [
      [["spec", "16"]],
      [["spec[0]", "16"]],
      [["spec[]", "16"]],
      [["spec.__proto__", "16"]],
      [["spec.constructor", "16"]],
      [["spec.a.b", "16"]],
      [
        ["specFields", "made_up __proto__ megapixels"],
        ["spec.made_up", "1"],
        ["spec.megapixels", "4"],
      ],
      [
        ["specFields", "x".repeat(5000)],
        ["spec.ram_gb", "16"],
      ],
    ];
    for (const fields of ignored) {
      const answer = await save(fields);
      expect(answer.status(), JSON.stringify(fields).slice(0, 80)).toBe(303);
      expect(answer.headers().location).toBe(`/admin/products/${id}`);
    }
    expect((await edit()).defaults.spec, "nothing made up was stored").toEqual({});

    // The owner's own save of the same fields is stored.
    const saved = await save([
      ["specFields", "ram_gb cpu"],
      ["spec.ram_gb", "16"],
      ["spec.cpu", "core-i5"],
    ]);
    expect(saved.status()).toBe(303);
    expect((await edit()).defaults.spec).toEqual({ ram_gb: "16", cpu: "core-i5" });
    // The laptop leaves the shop again.
    const hidden = await staff.post(`/admin/products/${id}`, {
      multipart: { intent: "hide" },
      maxRedirects: 0,
    });
    expect(hidden.status()).toBe(303);
  });

  test("a rental's plans: bad rents and deposits are 400 beside their field, odd shapes and ids are 4xx", async ({
    shop,
  }) => {
    const staff = await shop.staff();
    const title = `Hostile rental probe ${randomBytes(4).toString("hex")}`;
    const id = await createLaptop(staff, title);
    const edit = () => dataOf<EditData>(staff, `/admin/products/${id}`, EDIT_ROUTE);
    const rental = (fields: [string, string][]) => [
      ...laptop(title).filter(([name]) => name !== "productType"),
      ["productType", "rental"] as [string, string],
      ["rentalFields", "1"] as [string, string],
      ...fields,
    ];
    const save = async (fields: [string, string][], path = `/admin/products/${id}`): Promise<APIResponse> => {
      const form = new FormData();
      const sent = [["intent", "save"], ["version", (await edit()).product.version], ...rental(fields)];
      for (const [name, value] of sent) form.append(name ?? "", value ?? "");
      return staff.post(path, { multipart: form, maxRedirects: 0 });
    };

    const refused: [fields: [string, string][], field: string, message: string][] = [
      [[["rental.rent1", "12\u0000"]], "rent1", "Enter the monthly rent for 1 month in rupees, like 1899."],
      [
        [["rental.rent1", "9".repeat(30)]],
        "rent1",
        "Enter the monthly rent for 1 month in rupees, like 1899.",
      ],
      [[["rental.rent1[0]", "1000"]], "rent1", "Give the monthly rent of at least one tenure."],
      [
        [
          ["rental.rent1", "1000"],
          ["rental.deposit", "x".repeat(200)],
        ],
        "deposit",
        "Enter the deposit in rupees (0 for none), like 10000.",
      ],
      [
        [
          ["rental.rent1", "1000"],
          ["rental.earlyClosure", "__proto__"],
        ],
        "earlyClosure",
        "Choose how a rental closed early is charged.",
      ],
    ];
    for (const [fields, field, message] of refused) {
      const what = JSON.stringify(fields).slice(0, 80);
      const answer = await save(fields);
      expect(answer.status(), what).toBe(400);
      expect(await answer.text(), what).toContain(`id="product-form-rental.${field}-error"`);
      expect(await textOf(answer), what).toContain(message);
    }
    // A form past the size limit is refused whole, before its fields are read.
    const huge = await save([
      ["rental.rent1", "1000"],
      ["rental.deposit", "x".repeat(1_000_000)],
    ]);
    expect(huge.status()).toBe(413);
    // A wrong content type, and ids beyond the column's range, are refused before anything is read.
    const json = await staff.post(`/admin/products/${id}`, {
      headers: { "Content-Type": "application/json" },
      data: JSON.stringify({ intent: "save", rentalFields: "1" }),
      maxRedirects: 0,
    });
    expect(json.status()).toBe(415);
    for (const bad of ["2147483648", "99999999999999999999", "-1"]) {
      const answer = await save([["rental.rent1", "1000"]], `/admin/products/${bad}`);
      expect(answer.status(), bad).toBe(404);
    }
    expect((await edit()).defaults.rental, "nothing refused was stored").not.toHaveProperty("rent1");

    // The owner's own plans are stored.
    const saved = await save([
      ["rental.rent1", "1000"],
      ["rental.rent12", "800"],
    ]);
    expect(saved.status()).toBe(303);
    expect((await edit()).defaults.rental).toMatchObject({ rent1: "1000", rent12: "800" });
  });
});
