import { createHash, randomBytes } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { catalogueImportMessages as messages } from "~/features/catalogue";
import { parseCsv } from "~/lib/csv";
import { catalogueCsvTooLargeMessage } from "~/lib/request-limits.mjs";
import { pngPicture } from "./support/admin";
import { announceOnly, cookieOf } from "./support/announce-only";
import { expectLogIn, textOf } from "./support/back-office-probes";
import { expect, test } from "./support/back-office-requests";

/*
 * The catalogue's CSV import (issue 33) posted to as an attacker would: a body too large, of the wrong type or
 * from someone not signed in to the back office; files that are not CSV text, broken, absurdly wide or holding
 * NUL bytes; a cell a spreadsheet would run as a formula; commits of another member's upload, with a wrong or
 * malformed hash, or of ids no upload has. Each is a 4xx, and the test's own product, exported as CSV, is the
 * same byte for byte afterwards; the one clean commit at the end shows the route does write when it should.
 */

const UPLOAD = "/admin/products/import";
const MB = 1024 * 1024;
const NOT_ACCEPTED = "This kind of request is not accepted here. Please use the form on the page.";

const word = () => randomBytes(4).toString("hex");
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const csv = (...lines: string[]) => Buffer.from(lines.map((line) => `${line}\r\n`).join(""));

/** A product of the test's own, made through the new-product form with stock 5; its SKU. */
async function ownProduct(staff: APIRequestContext, marker: string): Promise<string> {
  const sku = `HX-${marker.toUpperCase()}`;
  const answer = await staff.post("/admin/products/new", {
    multipart: {
      sku,
      title: `Hostile import ${marker}`,
      description: "<p>A product the import must not change.</p>",
      brand: "Probe",
      category: "Probes",
      productType: "new",
      colours: "1",
      mrp: "1000",
      offerPrice: "900",
      stock: "5",
    },
    maxRedirects: 0,
  });
  expect(answer.status(), `the owner creates ${sku}`).toBe(303);
  return sku;
}

/** The catalogue's CSV export of the test's own product: compared before and after, it shows what was written. */
async function exportOf(staff: APIRequestContext, marker: string): Promise<string> {
  const answer = await staff.get(`/admin/products.csv?${new URLSearchParams({ q: marker })}`);
  expect(answer.status(), "the export").toBe(200);
  const text = await answer.text();
  expect(text, "the export has the test's product").toContain(`Hostile import ${marker}`);
  return text;
}

/** The stock the export gives the test's product. */
function stockIn(exported: string): string | undefined {
  const parsed = parseCsv(exported);
  if (!parsed.ok) throw new Error(parsed.message);
  const [header = [], row = []] = parsed.records;
  return row[header.indexOf("stock")];
}

const upload = (context: APIRequestContext, buffer: Buffer, name = "catalogue.csv") =>
  context.post(UPLOAD, { multipart: { file: { name, mimeType: "text/csv", buffer } }, maxRedirects: 0 });

const commit = (context: APIRequestContext, id: string, form: Record<string, string>) =>
  context.post(`${UPLOAD}/${id}`, { form, maxRedirects: 0 });

/** The answer's status and whether its page says `message`, as one value so a failure shows both. */
async function expectAnswer(answer: APIResponse, status: number, message: string, what: string) {
  expect([answer.status(), await textOf(answer)], what).toEqual([status, expect.stringContaining(message)]);
}

/** The preview's Import button, as the page renders it. */
const commitButton = async (answer: APIResponse) =>
  /<button[^>]*value="commit"[^>]*>/.exec(await answer.text())?.[0];

test.describe("the catalogue's CSV import: hostile requests", () => {
  test("a 20 MB body is 413, a body not multipart 415, a visitor or shopper is sent to log in; the owner's form goes through", async ({
    shop,
  }) => {
    const staff = await shop.staff();
    const marker = word();
    const sku = await ownProduct(staff, marker);
    const before = await exportOf(staff, marker);

    // 20 MB announced: refused on its headers, before a byte of the body is read.
    const huge = await announceOnly(shop.origin, UPLOAD, 20 * MB, await cookieOf(staff));
    expect(huge).toEqual({ status: 413, text: catalogueCsvTooLargeMessage });

    const clean = `sku,stock\r\n${sku},42\r\n`;
    for (const [type, data] of [
      ["application/json", JSON.stringify({ file: clean })],
      ["application/x-www-form-urlencoded", new URLSearchParams({ file: clean }).toString()],
      ["text/csv", clean],
    ] as const) {
      const answer = await staff.post(UPLOAD, { headers: { "Content-Type": type }, data, maxRedirects: 0 });
      expect([answer.status(), await answer.text()], type).toEqual([415, NOT_ACCEPTED]);
    }

    // A clean file, from someone not signed in to the back office.
    for (const [who, context] of [
      ["visitor", await shop.context()],
      ["shopper", await shop.customer()],
    ] as const) {
      expectLogIn(await upload(context, Buffer.from(clean)), UPLOAD, `${who}'s upload`);
    }
    expect(await exportOf(staff, marker)).toBe(before);

    // The control: the same file, posted by the owner as the page's form posts it, is read and committed.
    const uploaded = await upload(staff, Buffer.from(clean));
    expect(uploaded.status(), "the owner's upload").toBe(303);
    const id = new RegExp(`^${UPLOAD}/(\\d+)$`).exec(uploaded.headers().location ?? "")?.[1] ?? "";
    expect(id, "the preview's address").toMatch(/^\d+$/);
    const made = await commit(staff, id, { intent: "commit", fileHash: sha256(Buffer.from(clean)) });
    expect([made.status(), made.headers().location]).toEqual([303, "/admin/products"]);
    expect(stockIn(await exportOf(staff, marker))).toBe("42");
  });

  test("files that cannot be read as a catalogue are 400 with their message; one that reads gets its preview", async ({
    shop,
  }) => {
    const staff = await shop.staff();
    const marker = word();
    const sku = await ownProduct(staff, marker);
    const before = await exportOf(staff, marker);
    const wide = `sku,${Array.from({ length: 99_999 }, (_, i) => `c${i}`).join(",")}`;
    const cases: [string, Buffer, string][] = [
      ["PNG bytes", await pngPicture(), messages.notText],
      [
        "an unclosed quoted cell",
        csv("sku,title", `${sku},"Never closed`),
        messages.unreadable(2, "a quoted cell is not closed"),
      ],
      [
        "100,000 columns",
        csv(wide, `${sku}${",1".repeat(99_999)}`),
        "The file could not be read as CSV: row 1: a row has more than",
      ],
      ["NUL bytes", csv("sku,title", `${sku},Before\u0000after`), messages.nulBytes],
    ];
    for (const [what, file, message] of cases) {
      const answer = await upload(staff, file);
      await expectAnswer(answer, 400, message, what);
      // Refused whole: no preview, so nothing to commit.
      expect(await commitButton(answer), what).toBeUndefined();
    }
    expect(await exportOf(staff, marker)).toBe(before);

    // The control: a file that reads, for the same product, gets its preview and an Import button to press.
    const readable = await upload(staff, csv("sku,title", `${sku},Readable ${marker}`));
    expect(readable.status(), "a readable file").toBe(303);
    const id = new RegExp(`^${UPLOAD}/(\\d+)$`).exec(readable.headers().location ?? "")?.[1] ?? "";
    const preview = await staff.get(`${UPLOAD}/${id}`);
    expect(preview.status(), "its preview").toBe(200);
    const button = await commitButton(preview);
    expect(button, "the Import button").toBeDefined();
    expect(button).not.toContain(" disabled");
    const discarded = await commit(staff, id, { intent: "discard" });
    expect([discarded.status(), discarded.headers().location]).toEqual([303, "/admin/products"]);
  });

  test("a formula in a cell is 400 with its preview, which cannot be committed", async ({ shop }) => {
    const staff = await shop.staff();
    const marker = word();
    const sku = await ownProduct(staff, marker);
    const before = await exportOf(staff, marker);
    const file = csv("sku,title", `${sku},"=HYPERLINK(""https://evil.example/"",""Click"")"`);

    const answer = await upload(staff, file);
    await expectAnswer(answer, 400, messages.formula, "the formula");
    expect(await textOf(answer)).toContain(messages.refused);
    expect(await commitButton(answer), "the upload's answer").toMatch(/ disabled/);
    const id = new RegExp(`action="${UPLOAD}/(\\d+)"`).exec(await answer.text())?.[1] ?? "";
    expect(id, "the preview's form").toMatch(/^\d+$/);

    // The preview's own page: the same errors, and no Import button to press.
    const preview = await staff.get(`${UPLOAD}/${id}`);
    await expectAnswer(preview, 200, messages.formula, "the preview page");
    expect(await commitButton(preview), "the preview page").toMatch(/ disabled/);
    // Its errors, downloaded: the cell written so that a spreadsheet shows it and runs nothing.
    const errors = await staff.get(`${UPLOAD}/${id}/errors.csv`);
    expect(errors.status()).toBe(200);
    const errorsCsv = await errors.text();
    expect(errorsCsv).toContain(`"'=HYPERLINK(""https://evil.example/"",""Click"")"`);
    expect(errorsCsv).toContain(messages.formula);

    // Posting the commit with the file's own hash, as the disabled button would, is refused as well.
    const forced = await commit(staff, id, { intent: "commit", fileHash: sha256(file) });
    await expectAnswer(forced, 400, messages.refused, "the forced commit");
    expect(await exportOf(staff, marker)).toBe(before);

    const discarded = await commit(staff, id, { intent: "discard" });
    expect([discarded.status(), discarded.headers().location]).toEqual([303, "/admin/products"]);
    expect((await staff.get(`${UPLOAD}/${id}`)).status(), "discarded").toBe(404);
  });

  test("commits of another member's upload, a wrong or malformed hash, or no upload are refused", async ({
    shop,
  }) => {
    const staff = await shop.staff();
    const marker = word();
    const sku = await ownProduct(staff, marker);
    const before = await exportOf(staff, marker);

    // A staff member, invited by the owner (the link is on the staff page), uploads a clean file.
    const invited = await staff.post("/admin/staff", {
      form: { intent: "invite", name: "Kiran Das", email: `kiran.${marker}@kaveri.test`, role: "staff" },
      maxRedirects: 0,
    });
    expect(invited.status()).toBe(200);
    const token = /\/admin\/invite\/([\w-]+)/.exec(await invited.text())?.[1];
    const member = await shop.context();
    const joined = await member.post(`/admin/invite/${token}`, {
      form: { password: "kiran-packs-boxes-2026" },
      maxRedirects: 0,
    });
    expect([joined.status(), joined.headers().location]).toEqual([303, "/admin"]);
    const file = csv("sku,stock", `${sku},42`);
    const uploaded = await upload(member, file);
    expect(uploaded.status()).toBe(303);
    const id = new RegExp(`^${UPLOAD}/(\\d+)$`).exec(uploaded.headers().location ?? "")?.[1] ?? "";
    expect(id, "the preview's address").toMatch(/^\d+$/);
    const fileHash = sha256(file);

    // The owner is not its uploader: the preview, its errors and both buttons are not found.
    await expectAnswer(await commit(staff, id, { intent: "commit", fileHash }), 404, messages.gone, "owner");
    await expectAnswer(await commit(staff, id, { intent: "discard" }), 404, messages.gone, "owner's discard");
    for (const path of [`${UPLOAD}/${id}`, `${UPLOAD}/${id}/errors.csv`]) {
      expect((await staff.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
    }
    // Visitors and shoppers are sent to log in.
    for (const context of [await shop.context(), await shop.customer()]) {
      expectLogIn(await commit(context, id, { intent: "commit", fileHash }), `${UPLOAD}/${id}`);
    }

    // Its uploader, with the hash of another file, a hash that is not one, or an id no upload has.
    const wrong = await commit(member, id, { intent: "commit", fileHash: sha256(csv("sku,stock")) });
    await expectAnswer(wrong, 409, messages.otherFile, "a wrong hash");
    for (const bad of ["g".repeat(64), fileHash.slice(1), fileHash.toUpperCase(), `${fileHash}0`, ""]) {
      const answer = await commit(member, id, { intent: "commit", fileHash: bad });
      await expectAnswer(answer, 400, messages.badForm, `hash ${JSON.stringify(bad)}`);
    }
    expect((await commit(member, id, { intent: "drop-table", fileHash })).status(), "unknown intent").toBe(
      400,
    );
    for (const bad of ["abc", "99999999999999999999", "-1", "0", "1e3", "999999999"]) {
      const answer = await commit(member, bad, { intent: "commit", fileHash });
      await expectAnswer(answer, 404, messages.gone, `id ${bad}`);
    }
    expect(await exportOf(staff, marker)).toBe(before);

    // The uploader's own commit, with the file's hash, goes through: the route does write when it should.
    expect(stockIn(before)).toBe("5");
    const made = await commit(member, id, { intent: "commit", fileHash });
    expect([made.status(), made.headers().location]).toEqual([303, "/admin/products"]);
    expect(stockIn(await exportOf(staff, marker))).toBe("42");
    await expectAnswer(await commit(member, id, { intent: "commit", fileHash }), 404, messages.gone, "again");
  });
});
