import { randomBytes } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { dataOf, expectCrossSiteRefused, expectLogIn, textOf } from "./support/back-office-probes";
import { expect, type Shop, test } from "./support/back-office-requests";

/*
 * Hostile requests at the delivery zones (the `hostile` project: plain requests, no browser): no session and a
 * customer's session get the log-in page and no zones; bad ids are 404; an over-size file is 413 before it is
 * read, a file that is not text or not a form is refused; days out of range are 400 with a message; a form
 * posted from another site is 403. Each test works on zones of its own (named with a word of its own, on PIN
 * codes no other spec uses) and reads only those back, so a parallel test's zones neither fail nor hide it;
 * the owner's own posts beside the probes must succeed, so a route refusing everything would fail.
 */

const HEADER =
  "name,pin_list,delivers,standard_days_min,standard_days_max,express_days_min,express_days_max,cash_on_delivery";

type ZoneRow = {
  id: number;
  name: string;
  pinList: string;
  delivers: boolean;
  standard: string;
  express: string;
  cashOnDelivery: boolean;
};

const csvFile = (text: string | Buffer) => ({
  name: "zones.csv",
  mimeType: "text/csv",
  buffer: typeof text === "string" ? Buffer.from(text) : text,
});

/**
 * A file the import would refuse for its one wrong row (the import replaces every zone, so no test of the
 * shared server may import a good one): refused with 400 and the row named when the owner sends it.
 */
const brokenFile = (word: string) => csvFile(`${HEADER}\r\nBroken ${word},12x,yes,5,7,,,yes\r\n`);
const BROKEN_ROW = "Row 2: pin_list: “12x” is not a PIN prefix or range";

/** A new zone's form: standard delivery in 5 to 7 days, as the national zone, on `pin`. */
const zoneForm = (name: string, pin: string): Record<string, string> => ({
  name,
  pinList: pin,
  delivers: "on",
  standardMin: "5",
  standardMax: "7",
  cashOnDelivery: "on",
});

/** The zones whose names hold `word`, as the owner's zones page lists them. */
async function zonesNamed(staff: APIRequestContext, word: string): Promise<ZoneRow[]> {
  const { zones } = await dataOf<{ zones: ZoneRow[] }>(staff, "/admin/zones", "routes/admin/zones");
  return zones.filter((zone) => zone.name.includes(word));
}

/** The owner adds a zone through the form; it as the zones page lists it. */
async function addZone(staff: APIRequestContext, form: Record<string, string>): Promise<ZoneRow> {
  const answer = await staff.post("/admin/zones/new", { form, maxRedirects: 0 });
  expect(answer.status(), `the owner adds ${form.name}`).toBe(303);
  expect(answer.headers().location).toBe("/admin/zones");
  const [zone, ...more] = (await zonesNamed(staff, form.name ?? "")).filter((z) => z.name === form.name);
  expect(zone, `${form.name} is listed`).toBeDefined();
  expect(more).toEqual([]);
  return zone as ZoneRow;
}

/** The version the edit page sends with a save. */
async function versionOf(staff: APIRequestContext, id: number): Promise<string> {
  const { zone } = await dataOf<{ zone: { version: string } }>(
    staff,
    `/admin/zones/${id}`,
    "routes/admin/zones_.$id",
  );
  return zone.version;
}

/** The owner's import of a file with a wrong row: read, and refused as a whole with the row named. */
async function expectImportReadsFiles(staff: APIRequestContext, word: string): Promise<void> {
  const answer = await staff.post("/admin/zones/import", {
    multipart: { file: brokenFile(word) },
    maxRedirects: 0,
  });
  expect(answer.status(), "the owner's file with a wrong row").toBe(400);
  const text = await textOf(answer);
  expect(text).toContain("Nothing was imported: put these right in the file and import it again.");
  expect(text).toContain(BROKEN_ROW);
}

const word = () => randomBytes(4).toString("hex");

async function signedIn(shop: Shop, who: "visitor" | "customer") {
  return who === "visitor" ? shop.context() : shop.customer();
}

test.describe("back office delivery zones: hostile requests", () => {
  test("no session, or a customer's, gets the log-in page, no zones, and changes none", async ({ shop }) => {
    const staff = await shop.staff();
    const marker = word();
    const own = await addZone(staff, zoneForm(`Hostile ${marker}`, "799101"));
    const pages = ["/admin/zones", "/admin/zones/new", `/admin/zones/${own.id}`, "/admin/zones.csv"];
    const posts: [string, Record<string, string | ReturnType<typeof csvFile>>][] = [
      ["/admin/zones/import", { file: brokenFile(marker) }],
      [`/admin/zones/${own.id}`, { intent: "delete" }],
      [
        `/admin/zones/${own.id}`,
        { ...zoneForm(`Hostile ${marker}`, "799101"), standardMax: "9", intent: "save" },
      ],
      ["/admin/zones/new", zoneForm(`Hostile ${marker} new`, "799102")],
    ];
    for (const who of ["visitor", "customer"] as const) {
      const context = await signedIn(shop, who);
      for (const path of pages) {
        const answer = await context.get(path, { maxRedirects: 0 });
        expectLogIn(answer, path, `${who} GET ${path}`);
        const body = await answer.text();
        expect(body, `${who} GET ${path}`).not.toContain("All of India");
        expect(body, `${who} GET ${path}`).not.toContain(marker);
      }
      for (const [path, multipart] of posts) {
        const answer = await context.post(path, { multipart, maxRedirects: 0 });
        expectLogIn(answer, path, `${who} POST ${path} ${String(multipart.intent ?? "")}`);
      }
    }
    // Nothing of theirs was written: the zone is as it was, no new one.
    expect(await zonesNamed(staff, marker)).toEqual([own]);

    // The owner's own requests: the same pages, and the same forms, succeed.
    for (const path of pages) {
      const answer = await staff.get(path, { maxRedirects: 0 });
      expect(answer.status(), `owner GET ${path}`).toBe(200);
      const body = await answer.text();
      expect(body, `owner GET ${path}`).toContain(path === "/admin/zones/new" ? "New delivery zone" : marker);
    }
    expect(await (await staff.get("/admin/zones.csv")).text()).toContain("All of India");
    await expectImportReadsFiles(staff, marker);
    const saved = await staff.post(`/admin/zones/${own.id}`, {
      form: {
        ...zoneForm(own.name, "799101"),
        standardMax: "9",
        intent: "save",
        version: await versionOf(staff, own.id),
      },
      maxRedirects: 0,
    });
    expect(saved.status(), "the owner saves the zone").toBe(303);
    expect(saved.headers().location).toBe("/admin/zones");
    const added = await addZone(staff, zoneForm(`Hostile ${marker} new`, "799102"));
    expect(await zonesNamed(staff, marker)).toEqual([{ ...own, standard: "5–9" }, added]);
    for (const zone of [own, added]) {
      const deleted = await staff.post(`/admin/zones/${zone.id}`, {
        form: { intent: "delete" },
        maxRedirects: 0,
      });
      expect(deleted.status(), `the owner deletes ${zone.name}`).toBe(303);
      expect(deleted.headers().location).toBe("/admin/zones");
    }
    expect(await zonesNamed(staff, marker)).toEqual([]);
  });

  test("bad ids are 404; bad files and days are 4xx with a message; nothing changes", async ({ shop }) => {
    const staff = await shop.staff();
    const marker = word();
    const own = await addZone(staff, zoneForm(`Hostile ${marker}`, "799103"));
    const notFound = "That zone could not be found: it was deleted, or replaced by an import.";
    for (const id of ["0", "-1", "abc", "1e3", "2147483648", "999999"]) {
      const page = await staff.get(`/admin/zones/${id}`, { maxRedirects: 0 });
      expect(page.status(), `GET ${id}`).toBe(404);
      expect(await textOf(page), `GET ${id}`).toContain(notFound);
      const post = await staff.post(`/admin/zones/${id}`, { form: { intent: "delete" }, maxRedirects: 0 });
      expect(post.status(), `POST ${id}`).toBe(404);
      expect(await textOf(post), `POST ${id}`).toContain(notFound);
    }
    // The zone's own id: its page opens.
    expect((await staff.get(`/admin/zones/${own.id}`, { maxRedirects: 0 })).status()).toBe(200);

    // Over the 256 KB limit: refused before it is read.
    const big = await staff.post("/admin/zones/import", {
      multipart: { file: csvFile(`name\n${"x".repeat(300 * 1024)}`) },
      maxRedirects: 0,
    });
    expect(big.status()).toBe(413);
    expect(await big.text()).toBe("The file is too large (at most 256 KB). Please choose a smaller one.");
    // Not a form of files, or not text.
    const urlencoded = await staff.post("/admin/zones/import", { form: { file: "x" }, maxRedirects: 0 });
    expect(urlencoded.status()).toBe(415);
    expect(await urlencoded.text()).toBe(
      "This kind of request is not accepted here. Please use the form on the page.",
    );
    const binary = await staff.post("/admin/zones/import", {
      multipart: { file: csvFile(Buffer.from([0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28])) },
      maxRedirects: 0,
    });
    expect(binary.status()).toBe(400);
    expect(await textOf(binary)).toContain("The file is not UTF-8 text");
    const empty = await staff.post("/admin/zones/import", { multipart: { other: "x" }, maxRedirects: 0 });
    expect(empty.status()).toBe(400);
    expect(await textOf(empty)).toContain("Choose a CSV file to import");
    // A file whose every zone is switched off would leave the shop delivering nowhere.
    const nowhere = await staff.post("/admin/zones/import", {
      multipart: { file: csvFile(`${HEADER}\r\nNowhere ${marker},1 2 3 4 5 6 7 8 9,no,5,7,,,no\r\n`) },
      maxRedirects: 0,
    });
    expect(nowhere.status()).toBe(400);
    expect(await textOf(nowhere)).toContain("The shop must deliver somewhere");

    const zone = {
      name: `Hostile ${marker} probe`,
      pinList: "110",
      delivers: "on",
      standardMin: "1",
      standardMax: "2",
    };
    for (const [changes, message] of [
      [{ standardMax: "61" }, "Standard delivery: enter a whole number of business days from 0 to 60"],
      [{ standardMin: "-1" }, "Standard delivery: enter a whole number of business days from 0 to 60"],
      [{ standardMin: "99999999999999999999" }, "from 0 to 60"],
      [{ expressMin: "1" }, "Enter both express numbers"],
      [{ pinList: "110 0110" }, "“0110” is not a PIN prefix or range"],
      [{ name: `bad\u0000${marker}` }, "Please remove the invisible or unsupported characters"],
      [{ name: `${marker}${"x".repeat(81 - marker.length)}` }, "The name can be at most 80 characters"],
    ] as const) {
      const answer = await staff.post("/admin/zones/new", { form: { ...zone, ...changes }, maxRedirects: 0 });
      expect(answer.status(), JSON.stringify(changes)).toBe(400);
      expect(await textOf(answer), JSON.stringify(changes)).toContain(message);
    }
    // An edit made on an altered copy is refused as stale; an unknown form is refused.
    const stale = await staff.post(`/admin/zones/${own.id}`, {
      form: { ...zone, name: own.name, intent: "save", version: "2001-01-01T00:00:00.000000Z" },
      maxRedirects: 0,
    });
    expect(stale.status()).toBe(409);
    expect(await textOf(stale)).toContain(
      "This zone was changed while you were editing it. Nothing was saved",
    );
    const unknown = await staff.post(`/admin/zones/${own.id}`, {
      form: { intent: "drop-table" },
      maxRedirects: 0,
    });
    expect(unknown.status()).toBe(400);
    // Nothing was written: the test's zone as it was, no other zone with its word.
    expect(await zonesNamed(staff, marker)).toEqual([own]);

    // The owner's good forms on the same routes succeed.
    await expectImportReadsFiles(staff, marker);
    const saved = await staff.post(`/admin/zones/${own.id}`, {
      form: {
        ...zone,
        name: own.name,
        intent: "save",
        version: await versionOf(staff, own.id),
        pinList: "799103",
      },
      maxRedirects: 0,
    });
    expect(saved.status(), "the owner saves the zone").toBe(303);
    expect(saved.headers().location).toBe("/admin/zones");
    const probe = await addZone(staff, { ...zone, pinList: "799104" });
    expect(await zonesNamed(staff, marker)).toEqual([
      { ...own, standard: "1–2", cashOnDelivery: false },
      probe,
    ]);
    for (const { id } of [own, probe]) {
      const deleted = await staff.post(`/admin/zones/${id}`, { form: { intent: "delete" }, maxRedirects: 0 });
      expect(deleted.status()).toBe(303);
    }
    expect(await zonesNamed(staff, marker)).toEqual([]);
  });

  test("a form posted from another site is refused with 403 and changes nothing", async ({ shop }) => {
    const staff = await shop.staff();
    const marker = word();
    const own = await addZone(staff, zoneForm(`Hostile ${marker}`, "799105"));
    const posts: [string, Record<string, string | ReturnType<typeof csvFile>>][] = [
      ["/admin/zones/import", { file: brokenFile(marker) }],
      [`/admin/zones/${own.id}`, { intent: "delete" }],
      ["/admin/zones/new", zoneForm(`Hostile ${marker} cross-site`, "799106")],
    ];
    for (const [path, multipart] of posts) {
      for (const origin of ["https://evil.example", "null"]) {
        const answer = await staff.post(path, { multipart, headers: { Origin: origin }, maxRedirects: 0 });
        await expectCrossSiteRefused(answer, `${path} from ${origin}`);
      }
    }
    expect(await zonesNamed(staff, marker)).toEqual([own]);

    // The same forms from the shop's own pages go through.
    await expectImportReadsFiles(staff, marker);
    const added = await addZone(staff, zoneForm(`Hostile ${marker} cross-site`, "799106"));
    expect(await zonesNamed(staff, marker)).toEqual([own, added]);
    for (const { id } of [own, added]) {
      const deleted = await staff.post(`/admin/zones/${id}`, {
        multipart: { intent: "delete" },
        maxRedirects: 0,
      });
      expect(deleted.status()).toBe(303);
      expect(deleted.headers().location).toBe("/admin/zones");
    }
    expect(await zonesNamed(staff, marker)).toEqual([]);
  });
});
