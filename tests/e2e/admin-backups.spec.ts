import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import { dismissToast } from "./support/accounts";
import { ensureOwner, owner, staffLogIn } from "./support/admin";
import { expectNoAxeViolations } from "./support/axe";
import { expect, test } from "./support/test";

/*
 * The owner's backups: the dashboard says how old the last good one is, "Back up now" writes one, the latest
 * downloads as the whole shop in one file, and `npm run backup` asks the running shop for one. Nobody but an
 * owner sees or downloads them: admin-backups.hostile.spec.ts. `npm run backup` against this shop:
 * backup-command.server.spec.ts.
 */

test.describe("backups in the back office", () => {
  test.beforeEach(async ({ request }) => {
    await ensureOwner(request);
  });

  test("the owner backs up now, sees it listed and on the dashboard, and downloads the whole shop in one file", async ({
    page,
  }) => {
    test.slow();
    await staffLogIn(page, owner);
    await page.getByRole("link", { name: "Backups" }).first().click();
    await expect(page.getByRole("heading", { name: "Backups", level: 1 })).toBeVisible();
    await expect(
      page.getByText(/^Every day at 02:30 \(India time\), keeping the newest 14, in /),
    ).toBeVisible();
    await page.getByRole("button", { name: "Back up now" }).click();
    const toast = page.getByText(/^Backup shop-backup-[\dT-]+Z\.tar\.gz written\.$/);
    await expect(toast).toBeVisible({ timeout: 30_000 });
    const fileName = /shop-backup-[\dT-]+Z\.tar\.gz/.exec((await toast.textContent()) ?? "")?.[0] ?? "";
    await dismissToast(page);
    const row = page.getByRole("row").filter({ hasText: fileName });
    await expect(row).toContainText("owner");
    await expect(row).toContainText("ok");
    await expectNoAxeViolations(page);

    await page.goto("/admin");
    const section = page.getByRole("region", { name: "Backups" });
    await expect(
      section.getByText(/^Last good backup: (less than a minute|\d+ minutes?) ago$/),
    ).toBeVisible();

    await page.goto("/admin/backups");
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the latest backup" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^shop-backup-[\dT-]+Z\.tar\.gz$/);
    const where = mkdtempSync(path.join(tmpdir(), "shop-download-"));
    try {
      const file = path.join(where, download.suggestedFilename());
      await download.saveAs(file);
      const names: string[] = [];
      await tar.list({ file, onReadEntry: (entry) => void names.push(entry.path) });
      expect(names.slice(0, 2)).toEqual(["manifest.json", "database.sql"]);
      await tar.extract({ file, cwd: where }, ["manifest.json"]);
      const manifest = JSON.parse(readFileSync(path.join(where, "manifest.json"), "utf8")) as {
        database: { kind: string; rows: Record<string, number> };
      };
      expect(manifest.database.kind).toBe("pglite");
      expect(manifest.database.rows["public.products"]).toBeGreaterThan(0);
    } finally {
      rmSync(where, { recursive: true, force: true });
    }
    // The download is in the audit trail.
    await page.goto("/admin/audit?area=backup");
    await expect(page.getByText("backup.download").first()).toBeVisible();
  });
});
