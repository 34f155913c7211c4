import { randomBytes } from "node:crypto";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { dismissToast } from "./support/accounts";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { dataOf, expectLogIn, mailsTo, textOf } from "./support/back-office-probes";
import { expect, test } from "./support/test";

const OWNERS_ONLY = "Only an owner can do that";
/** One table of a month's GST register, as the GST page links it. */
const GST_CSV = "/admin/gst.csv?month=2026-11&section=b2b";

type SettingsData = {
  settings: Record<string, unknown> & { cutoff: string; expressFee: string; hotline: string };
  gst: Record<string, unknown> & { legalName: string; invoicePrefix: string };
  holidays: { day: string; name: string }[];
};
type StaffRow = {
  id: number;
  email: string;
  name: string;
  role: string;
  disabled: boolean;
  invited: boolean;
};
type ZoneRow = { id: number; name: string; pinList: string; standard: string };

/** The shop's settings form, filled as a hostile member would: every value one no other test uses. */
function settingsForm(word: string): Record<string, string> {
  return {
    intent: "settings",
    hotline: `080 ${word}`,
    whatsapp: "+91 98450 12345",
    address: `Hostile street ${word}`,
    pinCode: "560001",
    cutoff: "03:17",
    weekdays: "0",
    expressFee: "777",
    codCeiling: "1",
    codFee: "5",
  };
}

/** A new zone's form: standard delivery in 5 to 7 days, as the national zone, on `pin`. */
const zoneForm = (name: string, pin: string): Record<string, string> => ({
  name,
  pinList: pin,
  delivers: "on",
  standardMin: "5",
  standardMax: "7",
  cashOnDelivery: "on",
});

/** A CSV file the import would refuse for its wrong row (a good one would replace every zone of the shop). */
const brokenZones = (word: string) => ({
  name: "zones.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(
    "name,pin_list,delivers,standard_days_min,standard_days_max,express_days_min,express_days_max,cash_on_delivery\r\n" +
      `Broken ${word},12x,yes,5,7,,,yes\r\n`,
  ),
});

async function settingsNow(ownerApi: APIRequestContext): Promise<SettingsData> {
  return dataOf<SettingsData>(ownerApi, "/admin/settings", "routes/admin/settings");
}

async function staffNow(ownerApi: APIRequestContext): Promise<StaffRow[]> {
  return (await dataOf<{ members: StaffRow[] }>(ownerApi, "/admin/staff", "routes/admin/staff")).members;
}

async function zonesNamed(ownerApi: APIRequestContext, word: string): Promise<ZoneRow[]> {
  const { zones } = await dataOf<{ zones: ZoneRow[] }>(ownerApi, "/admin/zones", "routes/admin/zones");
  return zones.filter((zone) => zone.name.includes(word));
}

/** The owner's request went through: 303 to `location`. */
function expectDone(answer: APIResponse, location: string, what: string) {
  expect(answer.status(), what).toBe(303);
  expect(answer.headers().location, what).toBe(location);
}

test.describe("back office: settings", () => {
  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("an owner sets an express fee, refused values keep what was typed, and a holiday comes and goes", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.slow();
    await staffLogIn(page, owner);
    await dismissToast(page);
    await page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Settings" })
      .click();
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    const form = page.getByRole("form", { name: "Shop and delivery" });
    // The seeded policy: 4 PM, Monday to Friday, cash on delivery up to Rs. 50,000.
    await expect(form.getByLabel("Order cut-off (24-hour time, India)")).toHaveValue("16:00");
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]) {
      await expect(form.getByRole("checkbox", { name: day })).toBeChecked();
    }
    await expect(form.getByRole("checkbox", { name: "Saturday" })).not.toBeChecked();
    await expect(form.getByLabel("Largest order paid in cash (Rs.)")).toHaveValue("50000");
    await expect(form.getByRole("checkbox", { name: "Offer cash on delivery" })).toBeChecked();
    const zones = page.getByRole("region", { name: "Delivery zones" });
    await expect(zones.getByRole("row", { name: /Andaman and Nicobar Islands/ })).toContainText("744");
    await expectNoAxeViolations(page);

    // Wrong values: each field says why, and what was typed stays.
    await form.getByLabel("Order cut-off (24-hour time, India)").fill("4 PM");
    await form.getByLabel("WhatsApp number").fill("12345");
    await form.getByLabel("Express delivery fee (Rs.)").fill("250");
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(
      form.getByText("Enter the cut-off as a time of day, e.g. 16:00", { exact: true }),
    ).toBeVisible();
    await expect(
      form.getByText("Enter an Indian WhatsApp number with its area code, e.g. +91 98450 12345", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(form.getByLabel("Order cut-off (24-hour time, India)")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await expect(form.getByLabel("Express delivery fee (Rs.)")).toHaveValue("250");
    await expect(form.getByRole("checkbox", { name: "Monday" })).toBeChecked();

    // Put right and saved: the shop offers express delivery at once.
    await form.getByLabel("Order cut-off (24-hour time, India)").fill("16:00");
    await form.getByLabel("WhatsApp number").fill("+91 80 4125 6789");
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByTestId("toast")).toContainText("Settings saved.");
    await expect(form.getByLabel("Express delivery fee (Rs.)")).toHaveValue("250");
    await page.goto("/product/2?pin=600017");
    await expect(page.getByRole("region", { name: "Check delivery" }).getByRole("status")).toContainText(
      /Express delivery by \w+day, \d{1,2} \w+ for Rs\. 250/,
    );

    // A festival day the library does not know, added and removed (each browser project its own day).
    const day = javaScriptEnabled ? "2027-03-15" : "2027-03-16";
    await page.goto("/admin/settings");
    const holidays = page.getByRole("region", { name: "Holidays" });
    const add = page.getByRole("form", { name: "Add a holiday" });
    await add.getByLabel("Date").fill(day);
    await add.getByRole("button", { name: "Add holiday" }).click();
    await expect(add.getByText("Name the holiday", { exact: true })).toBeVisible();
    await add.getByLabel("Name").fill("Test festival");
    await add.getByRole("button", { name: "Add holiday" }).click();
    await expect(page.getByTestId("toast")).toContainText("Holiday added.");
    const remove = holidays.getByRole("button", { name: `Remove Test festival (${day})` });
    await expect(remove).toBeVisible();
    // India's own holidays were copied in from the library at start-up.
    await expect(holidays).toContainText("Independence Day");
    await remove.click();
    await expect(page.getByTestId("toast")).toContainText("Holiday removed.");
    await expect(holidays.getByRole("button", { name: `Remove Test festival (${day})` })).toHaveCount(0);

    // The audit trail says who changed what.
    await page.goto("/admin/audit?area=settings");
    await expect(page.getByRole("row").filter({ hasText: "settings.update" }).first()).toContainText(
      owner.name,
    );
  });

  test("the GST registration shows the sample GSTIN, and a wrong one is refused with what was typed kept", async ({
    page,
  }) => {
    await staffLogIn(page, owner);
    await page.goto("/admin/settings");
    const gst = page.getByRole("form", { name: "GST registration" });
    await expect(gst.getByText("The GSTIN below is a sample")).toBeVisible();
    await expect(gst.getByLabel("GSTIN (sample)")).toHaveValue("29AAHCK4591M1ZS");
    // Refused values only: the shared test server's invoices keep the sample registration.
    await gst.getByLabel("Legal name").fill("Kaveri Computers Pvt Ltd (typed)");
    await gst.getByLabel("GSTIN (sample)").fill("29ABCDE1234F1ZX");
    await gst.getByRole("button", { name: "Save GST registration" }).click();
    await expect(gst.getByText(/This GSTIN is not valid/)).toBeVisible();
    await expect(gst.getByLabel("GSTIN (sample)")).toHaveValue("29ABCDE1234F1ZX");
    await expect(gst.getByLabel("Legal name")).toHaveValue("Kaveri Computers Pvt Ltd (typed)");
    await gst.getByLabel("GSTIN (sample)").fill("33ABCDE1234F1Z0");
    await gst.getByLabel("Invoice number prefix").fill("KAVERI");
    await gst.getByRole("button", { name: "Save GST registration" }).click();
    await expect(gst.getByLabel("Invoice number prefix")).toHaveValue("KAVERI");
    await expect(gst.locator(".field-error").first()).toBeVisible();
    // Nothing refused was saved (a fresh GET: a reload after a post without JavaScript would post again).
    await page.goto("/admin/settings");
    await expect(page.getByRole("form", { name: "GST registration" }).getByLabel("Legal name")).toHaveValue(
      "Kaveri Computers Private Limited",
    );
    await expectNoAxeViolations(page);
  });

  test("a visitor who is not signed in is sent to log in from the settings, and saves nothing", async ({
    playwright,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const marker = randomBytes(4).toString("hex");
    // A context of its own: the set-up in beforeEach may have signed the shared one in as the owner.
    const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
    const page = await visitor.get("/admin/settings", { maxRedirects: 0 });
    expectLogIn(page, "/admin/settings");
    const post = await visitor.post("/admin/settings", {
      form: settingsForm(marker),
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expectLogIn(post, "/admin/settings");
    await visitor.dispose();
    // The owner sees none of the visitor's values.
    const ownerApi = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
    expect(
      (
        await ownerApi.post("/admin/login", {
          form: { email: owner.email, password: owner.password },
          headers: { Origin: baseURL ?? "" },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(303);
    const { settings } = await settingsNow(ownerApi);
    expect(JSON.stringify(settings)).not.toContain(marker);
    expect(settings.cutoff).not.toBe("03:17");
    await ownerApi.dispose();
  });

  test("a staff member who is not an owner is refused every owner-only page and action, and nothing changes", async ({
    page,
    playwright,
    baseURL,
    extraHTTPHeaders,
    javaScriptEnabled,
  }) => {
    test.slow();
    const marker = randomBytes(4).toString("hex");
    const origin = new URL(baseURL ?? "").origin;
    // Each browser project its own PIN codes and holidays: both run against the same shop, maybe at once.
    const [zonePin, staffZonePin, ownHoliday, holiday] = javaScriptEnabled
      ? ["799201", "799203", "2027-05-17", "2027-05-19"]
      : ["799202", "799204", "2027-05-18", "2027-05-20"];
    const ownerApi = await playwright.request.newContext({
      baseURL: origin,
      extraHTTPHeaders: { ...extraHTTPHeaders, Origin: origin },
    });
    const loggedIn = await ownerApi.post("/admin/login", {
      form: { email: owner.email, password: owner.password },
      maxRedirects: 0,
    });
    expect(loggedIn.status(), "the owner logs in").toBe(303);

    // The owner invites a staff member (role staff), who sets a password from the link and is signed in.
    const member = { name: "Meera Staff", email: `meera.${marker}@kaveri.test` };
    const invited = await ownerApi.post("/admin/staff", {
      form: { intent: "invite", ...member, role: "staff" },
      maxRedirects: 0,
    });
    expect(invited.status(), "the owner invites").toBe(200);
    const link = /\/admin\/invite\/[\w-]+/.exec(await invited.text())?.[0];
    expect(link, "the invitation link").toBeDefined();
    await page.goto(link ?? "");
    await page.getByLabel("Password", { exact: true }).fill("meera-counts-stock-2026");
    await page.getByRole("button", { name: "Set my password" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    // What the owner has, and what the member will try to change.
    const zone = zoneForm(`Owner zone ${marker}`, zonePin);
    expectDone(
      await ownerApi.post("/admin/zones/new", { form: zone, maxRedirects: 0 }),
      "/admin/zones",
      "zone",
    );
    const [ownZone] = await zonesNamed(ownerApi, marker);
    if (!ownZone) throw new Error("the owner's zone is not listed");
    const { zone: zoneVersion } = await dataOf<{ zone: { version: string } }>(
      ownerApi,
      `/admin/zones/${ownZone.id}`,
      "routes/admin/zones_.$id",
    );
    expectDone(
      await ownerApi.post("/admin/settings", {
        form: { intent: "add-holiday", day: ownHoliday, name: `Owner holiday ${marker}` },
        maxRedirects: 0,
      }),
      "/admin/settings#holidays",
      "the owner's holiday",
    );
    const staffBefore = await staffNow(ownerApi);
    const me = staffBefore.find((row) => row.email === member.email);
    const theOwner = staffBefore.find((row) => row.email === owner.email);
    if (!me || !theOwner) throw new Error("the staff list lacks the member or the owner");
    expect(me).toMatchObject({ role: "staff", disabled: false, invited: false });

    // The member's menu offers no owner's section, and each owner's page says why it is not shown.
    const nav = page.getByRole("navigation", { name: "Back office" });
    await expect(nav.getByRole("link", { name: "Orders", exact: true })).toBeVisible();
    for (const section of ["Settings", "Delivery zones", "GST register", "Staff", "Audit trail"]) {
      await expect(nav.getByRole("link", { name: section, exact: true })).toHaveCount(0);
    }
    const pages = [
      "/admin/settings",
      "/admin/zones",
      "/admin/zones/new",
      `/admin/zones/${ownZone.id}`,
      "/admin/zones/import",
      "/admin/staff",
      "/admin/gst",
      "/admin/audit",
    ];
    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), `member opens ${path}`).toBe(403);
      await expect(page.getByRole("heading", { name: "Not allowed", level: 1 })).toBeVisible();
      await expect(page.getByText(OWNERS_ONLY, { exact: true })).toBeVisible();
      await expect(page.getByText(marker)).toHaveCount(0);
    }

    // The same pages, the CSV files and every owner's form, sent as plain requests with the member's session.
    const memberApi = page.context().request;
    const failures: string[] = [];
    const refused = async (what: string, answer: APIResponse, status = 403) => {
      if (answer.status() !== status) failures.push(`${answer.status()} (expected ${status}): ${what}`);
      else if (status === 403 && !(await textOf(answer)).includes(OWNERS_ONLY))
        failures.push(`403 without "${OWNERS_ONLY}": ${what}`);
    };
    // Each address also spelt another way that Remix reads as the same route: a letter percent-encoded.
    const spelt = (path: string) =>
      path.replace(/^\/admin\/(\w)/, (_, letter: string) => `/admin/%${letter.charCodeAt(0).toString(16)}`);
    for (const path of [...pages, "/admin/zones.csv", GST_CSV]) {
      await refused(`GET ${path}`, await memberApi.get(path, { maxRedirects: 0 }));
      await refused(`GET ${spelt(path)}`, await memberApi.get(spelt(path), { maxRedirects: 0 }));
    }
    const posts: [string, Record<string, string | ReturnType<typeof brokenZones>>][] = [
      ["/admin/settings", settingsForm(marker)],
      [
        "/admin/settings",
        {
          intent: "gst",
          legalName: `Hostile ${marker} Pvt Ltd`,
          tradeName: `Hostile ${marker}`,
          gstin: "29AAHCK4591M1ZS",
          gstState: "Karnataka",
          invoicePrefix: "ZZ",
          creditNotePrefix: "ZY",
          b2clThreshold: "1",
        },
      ],
      ["/admin/settings", { intent: "add-holiday", day: holiday, name: `Holiday ${marker}` }],
      ["/admin/settings", { intent: "remove-holiday", day: ownHoliday }],
      ["/admin/zones/new", zoneForm(`Staff zone ${marker}`, staffZonePin)],
      [
        `/admin/zones/${ownZone.id}`,
        { ...zone, standardMax: "9", intent: "save", version: zoneVersion.version },
      ],
      [`/admin/zones/${ownZone.id}`, { intent: "delete" }],
      ["/admin/zones/import", { file: brokenZones(marker) }],
      [
        "/admin/staff",
        { intent: "invite", name: "Hostile Invite", email: `hostile.${marker}@kaveri.test`, role: "owner" },
      ],
      ["/admin/staff", { intent: "role", id: String(me.id), role: "owner" }],
      ["/admin/staff", { intent: "disable", id: String(theOwner.id) }],
      ["/admin/staff", { intent: "enable", id: String(me.id) }],
      ["/admin/staff", { intent: "password-link", id: String(theOwner.id) }],
    ];
    for (const [path, multipart] of posts) {
      // As a page's form, as its JavaScript sends it (the data address), and spelt another way.
      for (const target of [path, `${path}.data`, spelt(path)]) {
        const answer = await memberApi.post(target, {
          multipart,
          headers: { Origin: origin },
          maxRedirects: 0,
        });
        await refused(`POST ${target} ${String(multipart.intent ?? "")}`, answer);
      }
    }
    // Pages without a form of their own: a post is 405 for anyone, before the role matters.
    for (const path of ["/admin/zones", "/admin/gst", "/admin/audit", "/admin/zones.csv", "/admin/gst.csv"]) {
      const answer = await memberApi.post(path, {
        form: { intent: "x" },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      await refused(`POST ${path}`, answer, 405);
    }
    expect(failures, failures.join("\n")).toEqual([]);

    // Nothing changed: the owner sees none of the member's values in the settings (compared value by value:
    // the other settings test saves them meanwhile), the holidays, zones and staff as before.
    const after = await settingsNow(ownerApi);
    expect(JSON.stringify(after.settings)).not.toContain(marker);
    expect(after.settings.cutoff).not.toBe("03:17");
    expect(after.settings.expressFee).not.toBe("777");
    expect(JSON.stringify(after.gst)).not.toContain(marker);
    expect(after.gst.invoicePrefix).not.toBe("ZZ");
    expect(after.holidays.map((h) => h.day)).not.toContain(holiday);
    expect(after.holidays).toContainEqual({
      day: ownHoliday,
      name: `Owner holiday ${marker}`,
      label: expect.any(String),
    });
    expect(await zonesNamed(ownerApi, marker)).toEqual([ownZone]);
    const staffAfter = await staffNow(ownerApi);
    expect(staffAfter.find((row) => row.id === me.id)).toEqual(me);
    expect(staffAfter.find((row) => row.id === theOwner.id)).toEqual(theOwner);
    expect(staffAfter.map((row) => row.email)).not.toContain(`hostile.${marker}@kaveri.test`);

    // The owner's own requests: every page and file, and the same forms, go through and are seen. (The shop's
    // settings and GST registration are left alone: other tests read them, and their action is the holidays'.)
    for (const path of [...pages, "/admin/zones.csv", GST_CSV]) {
      expect((await ownerApi.get(path, { maxRedirects: 0 })).status(), `owner GET ${path}`).toBe(200);
    }
    const addHoliday = { intent: "add-holiday", day: holiday, name: `Holiday ${marker}` };
    expectDone(
      await ownerApi.post("/admin/settings", { form: addHoliday, maxRedirects: 0 }),
      "/admin/settings#holidays",
      "the owner adds the holiday",
    );
    expect((await settingsNow(ownerApi)).holidays).toContainEqual(expect.objectContaining({ day: holiday }));
    for (const day of [ownHoliday, holiday]) {
      expectDone(
        await ownerApi.post("/admin/settings", { form: { intent: "remove-holiday", day }, maxRedirects: 0 }),
        "/admin/settings#holidays",
        `the owner removes ${day}`,
      );
    }
    const holidaysLeft = (await settingsNow(ownerApi)).holidays.map((h) => h.day);
    expect(holidaysLeft).not.toContain(holiday);
    expect(holidaysLeft).not.toContain(ownHoliday);
    const broken = await ownerApi.post("/admin/zones/import", {
      multipart: { file: brokenZones(marker) },
      maxRedirects: 0,
    });
    expect(broken.status(), "the owner's file is read, and its wrong row named").toBe(400);
    expect(await textOf(broken)).toContain("Row 2: pin_list: “12x” is not a PIN prefix or range");
    expectDone(
      await ownerApi.post("/admin/zones/new", {
        form: zoneForm(`Staff zone ${marker}`, staffZonePin),
        maxRedirects: 0,
      }),
      "/admin/zones",
      "the owner adds a zone",
    );
    expectDone(
      await ownerApi.post(`/admin/zones/${ownZone.id}`, {
        form: { ...zone, standardMax: "9", intent: "save", version: zoneVersion.version },
        maxRedirects: 0,
      }),
      "/admin/zones",
      "the owner saves the zone",
    );
    const zones = await zonesNamed(ownerApi, marker);
    expect(zones.map((z) => [z.name, z.standard])).toEqual([
      [`Owner zone ${marker}`, "5–9"],
      [`Staff zone ${marker}`, "5–7"],
    ]);
    for (const { id, name } of zones) {
      expectDone(
        await ownerApi.post(`/admin/zones/${id}`, { form: { intent: "delete" }, maxRedirects: 0 }),
        "/admin/zones",
        `the owner deletes ${name}`,
      );
    }
    expect(await zonesNamed(ownerApi, marker)).toEqual([]);
    const invitee = `hostile.${marker}@kaveri.test`;
    const invitation = await ownerApi.post("/admin/staff", {
      form: { intent: "invite", name: "Hostile Invite", email: invitee, role: "staff" },
      maxRedirects: 0,
    });
    expect(invitation.status(), "the owner invites").toBe(200);
    // The invitation is the only mail the address has had: none went out for the member's.
    await expect
      .poll(async () => (await mailsTo(invitee)).map((mail) => mail.subject), { timeout: 10_000 })
      .toEqual(["Your Kaveri Computers back office account"]);
    const theInvitee = (await staffNow(ownerApi)).find((row) => row.email === invitee);
    if (!theInvitee) throw new Error("the invitation is not listed");
    for (const [form, expected] of [
      [
        { intent: "role", id: String(theInvitee.id), role: "owner" },
        { role: "owner", disabled: false },
      ],
      [
        { intent: "disable", id: String(theInvitee.id) },
        { role: "owner", disabled: true },
      ],
      [
        { intent: "enable", id: String(theInvitee.id) },
        { role: "owner", disabled: false },
      ],
      [
        { intent: "role", id: String(theInvitee.id), role: "staff" },
        { role: "staff", disabled: false },
      ],
    ] as const) {
      expectDone(await ownerApi.post("/admin/staff", { form, maxRedirects: 0 }), "/admin/staff", form.intent);
      expect((await staffNow(ownerApi)).find((row) => row.id === theInvitee.id)).toMatchObject(expected);
    }
    const newLink = await ownerApi.post("/admin/staff", {
      form: { intent: "password-link", id: String(theInvitee.id) },
      maxRedirects: 0,
    });
    expect(newLink.status(), "the owner sends a new password link").toBe(200);
    expectDone(
      await ownerApi.post("/admin/staff", {
        form: { intent: "disable", id: String(theInvitee.id) },
        maxRedirects: 0,
      }),
      "/admin/staff",
      "the invitation is disabled again",
    );
    // The member, meanwhile, is still staff and still refused.
    expect((await staffNow(ownerApi)).find((row) => row.id === me.id)).toMatchObject({
      role: "staff",
      disabled: false,
    });
    expect((await memberApi.get("/admin/settings", { maxRedirects: 0 })).status()).toBe(403);
    await ownerApi.dispose();
  });
});
