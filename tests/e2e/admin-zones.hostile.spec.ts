import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "./support/back-office-requests";

/*
 * Hostile requests at the delivery zones (the `hostile` project: plain requests, no browser): no session and a
 * customer's session get the log-in page and no zones; bad ids are 404; an over-size file is 413 before it is
 * read, a file that is not text or not a form is refused; days out of range are 400 with a message; a form
 * posted from another site is 403; nothing answers 5xx and nothing changes.
 */

const bodyOf = async (answer: APIResponse) => (await answer.body()).toString("utf8");

const csvFile = (text: string | Buffer) => ({
  name: "zones.csv",
  mimeType: "text/csv",
  buffer: typeof text === "string" ? Buffer.from(text) : text,
});

/** The zones as the owner's CSV export has them: what must not change. */
async function zonesNow(staff: APIRequestContext): Promise<string> {
  const answer = await staff.get("/admin/zones.csv");
  expect(answer.status()).toBe(200);
  return bodyOf(answer);
}

test.describe("back office delivery zones: hostile requests", () => {
  test("no session, or a customer's, gets the log-in page and no zones", async ({ shop }) => {
    for (const who of ["visitor", "customer"] as const) {
      const context = who === "visitor" ? await shop.context() : await shop.customer();
      for (const path of ["/admin/zones", "/admin/zones/new", "/admin/zones/1", "/admin/zones.csv"]) {
        const answer = await context.get(path, { maxRedirects: 0 });
        expect(answer.status(), `${who} GET ${path}`).toBe(303);
        expect(answer.headers().location, `${who} GET ${path}`).toMatch(/^\/admin\/login(\?|$)/);
        expect(await bodyOf(answer)).not.toContain("All of India");
      }
      for (const [path, multipart] of [
        ["/admin/zones/import", { file: csvFile("name\nx") }],
        ["/admin/zones/1", { intent: "delete" }],
        ["/admin/zones/new", { name: "Probe", pinList: "1" }],
      ] as const) {
        const answer = await context.post(path, { multipart, maxRedirects: 0 });
        expect(answer.status(), `${who} POST ${path}`).toBe(303);
        expect(answer.headers().location, `${who} POST ${path}`).toMatch(/^\/admin\/login/);
      }
    }
  });

  test("bad ids are 404; bad files and days are 4xx with a message; nothing changes", async ({ shop }) => {
    const staff = await shop.staff();
    const before = await zonesNow(staff);
    for (const id of ["0", "-1", "abc", "1e3", "2147483648", "999999"]) {
      expect((await staff.get(`/admin/zones/${id}`, { maxRedirects: 0 })).status(), `GET ${id}`).toBe(404);
      const post = await staff.post(`/admin/zones/${id}`, { form: { intent: "delete" }, maxRedirects: 0 });
      expect(post.status(), `POST ${id}`).toBe(404);
    }

    // Over the 256 KB limit: refused before it is read.
    const big = await staff.post("/admin/zones/import", {
      multipart: { file: csvFile(`name\n${"x".repeat(300 * 1024)}`) },
      maxRedirects: 0,
    });
    expect(big.status()).toBe(413);
    expect(await bodyOf(big)).toContain("The file is too large (at most 256 KB)");
    // Not a form of files, or not text.
    const urlencoded = await staff.post("/admin/zones/import", { form: { file: "x" }, maxRedirects: 0 });
    expect(urlencoded.status()).toBe(415);
    const binary = await staff.post("/admin/zones/import", {
      multipart: { file: csvFile(Buffer.from([0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28])) },
      maxRedirects: 0,
    });
    expect(binary.status()).toBe(400);
    expect(await bodyOf(binary)).toContain("The file is not UTF-8 text");
    const empty = await staff.post("/admin/zones/import", { multipart: { other: "x" }, maxRedirects: 0 });
    expect(empty.status()).toBe(400);
    expect(await bodyOf(empty)).toContain("Choose a CSV file to import");
    // A file whose every zone is switched off would leave the shop delivering nowhere.
    const nowhere = await staff.post("/admin/zones/import", {
      multipart: {
        file: csvFile(
          "name,pin_list,delivers,standard_days_min,standard_days_max,express_days_min,express_days_max,cash_on_delivery\r\n" +
            "Nowhere,1 2 3 4 5 6 7 8 9,no,5,7,,,no\r\n",
        ),
      },
      maxRedirects: 0,
    });
    expect(nowhere.status()).toBe(400);
    expect(await bodyOf(nowhere)).toContain("The shop must deliver somewhere");

    const zone = { name: "Probe", pinList: "110", delivers: "on", standardMin: "1", standardMax: "2" };
    for (const [changes, message] of [
      [{ standardMax: "61" }, "Standard delivery: enter a whole number of business days from 0 to 60"],
      [{ standardMin: "-1" }, "Standard delivery: enter a whole number of business days from 0 to 60"],
      [{ standardMin: "99999999999999999999" }, "from 0 to 60"],
      [{ expressMin: "1" }, "Enter both express numbers"],
      [{ pinList: "110 0110" }, "“0110” is not a PIN prefix or range"],
      [{ name: "bad\u0000name" }, "Please remove the invisible or unsupported characters"],
      [{ name: "x".repeat(81) }, "The name can be at most 80 characters"],
    ] as const) {
      const answer = await staff.post("/admin/zones/new", { form: { ...zone, ...changes }, maxRedirects: 0 });
      expect(answer.status(), JSON.stringify(changes)).toBe(400);
      expect(await bodyOf(answer), JSON.stringify(changes)).toContain(message);
    }
    // An edit made on an altered copy is refused as stale.
    const stale = await staff.post("/admin/zones/1", {
      form: { ...zone, intent: "save", version: "2001-01-01T00:00:00.000000Z" },
      maxRedirects: 0,
    });
    expect(stale.status()).toBe(409);
    const unknown = await staff.post("/admin/zones/1", { form: { intent: "drop-table" }, maxRedirects: 0 });
    expect(unknown.status()).toBe(400);
    expect(await zonesNow(staff)).toBe(before);
  });

  test("a form posted from another site is refused with 403 and changes nothing", async ({ shop }) => {
    const staff = await shop.staff();
    const before = await zonesNow(staff);
    for (const [path, multipart] of [
      ["/admin/zones/import", { file: csvFile(before) }],
      ["/admin/zones/1", { intent: "delete" }],
      ["/admin/zones/new", { name: "Cross-site", pinList: "1", standardMin: "1", standardMax: "1" }],
    ] as const) {
      const answer = await staff.post(path, {
        multipart,
        headers: { Origin: "https://evil.example" },
        maxRedirects: 0,
      });
      expect(answer.status(), path).toBe(403);
    }
    expect(await zonesNow(staff)).toBe(before);
  });
});
