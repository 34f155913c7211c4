import { describe, expect, it } from "vitest";
import { BACK_OFFICE_SECTIONS, isForOwners } from "./back-office";

describe("the owners' sections of the back office", () => {
  it("covers each owners' page, what is under it and its downloads, whatever the letter case", () => {
    for (const path of [
      "/admin/settings",
      "/admin/zones",
      "/admin/zones/7",
      "/admin/zones/new",
      "/admin/zones/import",
      "/admin/zones.csv",
      "/admin/backups",
      "/admin/backups/shop-backup-2026-11-27T02-30-00-000Z.tar.gz",
      "/admin/gst",
      "/admin/gst.csv",
      "/admin/staff",
      "/admin/audit",
      "/ADMIN/Settings",
      "/admin/settings/",
      // Spelt another way that Remix reads as the same route.
      "/admin/st%61ff",
      "/admin/%73ettings",
      "/admin/%67st.csv",
      "/admin/zones/%69mport",
      "/admin/zones%2Ecsv",
      "/admin/staff.data",
      "/admin/%E0%A4",
    ]) {
      expect(isForOwners(path), path).toBe(true);
    }
  });

  it("leaves the staff's pages and look-alike paths to every member", () => {
    for (const path of [
      "/admin",
      "/admin/products",
      "/admin/orders/12",
      "/admin/orders/12/documents/invoice.pdf",
      "/admin/refunds",
      "/admin/newsletter.csv",
      "/admin/settingsx",
      "/admin/zonesandmore",
    ]) {
      expect(isForOwners(path), path).toBe(false);
    }
  });

  it("lists every section once", () => {
    const paths = BACK_OFFICE_SECTIONS.map((section) => section.to);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
