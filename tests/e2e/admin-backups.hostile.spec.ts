import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { APIResponse } from "@playwright/test";
import { backupCommandToken } from "~/features/backups/index.server";
import { owner as theOwner } from "./support/admin";
import { dataOf, expectLogIn, textOf } from "./support/back-office-probes";
import { expect, test } from "./support/back-office-requests";
import { dataUrl } from "./support/single-fetch";

/*
 * The backups hold the whole shop, customers' identity documents included, and are the owners' alone: a staff
 * member who is not an owner is refused the page, its data, "Back up now" and the download with 403, as the
 * other owners' pages are (admin-settings.spec.ts), while the owner's same requests go through. A visitor is
 * sent to log in, and `npm run backup`'s route answers only this installation's token. Plain requests.
 */

const PAGE = "/admin/backups";
const ROUTE = "routes/admin/backups";
const OWNERS_ONLY = "Only an owner can do that";
const BACKUP_FILE = /shop-backup-[\dT-]+Z\.tar\.gz/;

/** The same address with its first letter after /admin/ percent-encoded, which Remix reads as the same route. */
const spelt = (path: string) =>
  path.replace(/^\/admin\/(\w)/, (_, letter: string) => `/admin/%${letter.charCodeAt(0).toString(16)}`);

type AuditData = { entries: { who: string; action: string; subject: string }[] };

test.describe("backups are the owners' alone", () => {
  test("a staff member who is not an owner gets 403 for the page, its data, Back up now and a download; the owner does not", async ({
    shop,
  }) => {
    test.slow();
    const owner = await shop.staff();
    // A staff member (role staff), invited by the owner, sets a password from the link and is signed in.
    const memberName = `Kiran Das ${randomBytes(3).toString("hex")}`;
    const invited = await owner.post("/admin/staff", {
      form: {
        intent: "invite",
        name: memberName,
        email: `${memberName.replace(/ /g, ".").toLowerCase()}@kaveri.test`,
        role: "staff",
      },
      maxRedirects: 0,
    });
    expect(invited.status(), "the owner invites").toBe(200);
    const token = /\/admin\/invite\/([\w-]+)/.exec(await invited.text())?.[1];
    const member = await shop.context();
    const joined = await member.post(`/admin/invite/${token}`, {
      form: { password: "kiran-packs-boxes-2026" },
      maxRedirects: 0,
    });
    expect([joined.status(), joined.headers().location]).toEqual([303, "/admin"]);

    // The owner backs up now: a file of this test's own to ask for, named in the toast on the page.
    const made = await owner.post(PAGE, { form: {}, maxRedirects: 0, timeout: 60_000 });
    expect([made.status(), made.headers().location]).toEqual([302, PAGE]);
    const fileName = BACKUP_FILE.exec(await textOf(await owner.get(PAGE)))?.[0] ?? "";
    expect(fileName, "the owner's backup, named in the toast").toMatch(BACKUP_FILE);
    const file = `${PAGE}/${fileName}`;

    const gets = [PAGE, dataUrl(PAGE, ROUTE), spelt(PAGE), file, spelt(file)];
    const posts = [PAGE, `${PAGE}.data`, spelt(PAGE)];
    const refused = async (what: string, answer: APIResponse) => {
      expect([answer.status(), await textOf(answer)], what).toEqual([
        403,
        expect.stringContaining(OWNERS_ONLY),
      ]);
      expect(answer.headers()["content-type"], what).not.toBe("application/gzip");
    };
    for (const path of gets) await refused(`member GET ${path}`, await member.get(path, { maxRedirects: 0 }));
    for (const path of posts) {
      await refused(`member POST ${path}`, await member.post(path, { form: {}, maxRedirects: 0 }));
    }

    // The owner's same requests go through: the page and its data, and the file, whole.
    for (const path of [PAGE, dataUrl(PAGE, ROUTE), spelt(PAGE)]) {
      expect((await owner.get(path, { maxRedirects: 0 })).status(), `owner GET ${path}`).toBe(200);
    }
    for (const path of [file, spelt(file)]) {
      const download = await owner.get(path, { maxRedirects: 0 });
      expect([download.status(), download.headers()["content-type"]], `owner GET ${path}`).toEqual([
        200,
        "application/gzip",
      ]);
      expect((await download.body()).length, path).toBe(Number(download.headers()["content-length"]));
    }
    // In the audit trail: the owner's backup and downloads of it, and nothing of the member's.
    const { entries } = await dataOf<AuditData>(owner, "/admin/audit?area=backup", "routes/admin/audit");
    const ofTheFile = entries.filter((entry) => entry.subject === fileName);
    expect(ofTheFile.map((entry) => [entry.who, entry.action])).toEqual([
      [theOwner.name, "backup.download"],
      [theOwner.name, "backup.download"],
      [theOwner.name, "backup.create"],
    ]);
    expect(entries.filter((entry) => entry.who === memberName)).toEqual([]);
  });

  test("a visitor is sent to log in, and only this installation's command token is answered", async ({
    shop,
    request,
  }) => {
    test.slow();
    const visitor = await shop.context();
    for (const where of [PAGE, `${PAGE}/shop-backup-2026-11-27T02-30-00-000Z.tar.gz`]) {
      expectLogIn(await visitor.get(where, { maxRedirects: 0 }), where);
    }
    const command = (authorization?: string) =>
      request.post(`${PAGE}/command`, {
        headers: authorization === undefined ? {} : { Authorization: authorization },
        timeout: 60_000,
      });
    for (const authorization of [undefined, "Bearer ", `Bearer ${randomBytes(32).toString("base64url")}`]) {
      expect((await command(authorization)).status(), authorization).toBe(401);
    }
    // The control: the token `npm run backup` derives from this shop's generated secret writes a backup.
    const port = new URL(test.info().project.use.baseURL ?? "").port;
    const secret = readFileSync(`.cache/e2e-data-${port}/session-secret`, "utf8").trim();
    const answer = await command(`Bearer ${backupCommandToken(secret)}`);
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { file?: string }).file).toMatch(BACKUP_FILE);
  });
});
