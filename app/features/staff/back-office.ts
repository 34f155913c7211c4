import type { StaffRole } from "./staff-roles";

/**
 * The back office's sections, in the menu's order, and who may open each. This is the one place that says a
 * page is for owners: the menu shows a section to those who may open it, and requireBackOffice
 * (app/lib/auth.server.ts) refuses anyone else the section's pages, their forms and their downloads.
 */
export const BACK_OFFICE_SECTIONS: readonly { to: string; label: string; for: StaffRole }[] = [
  { to: "/admin/products", label: "Products", for: "staff" },
  { to: "/admin/orders", label: "Orders", for: "staff" },
  { to: "/admin/rentals", label: "Rentals", for: "staff" },
  { to: "/admin/refunds", label: "Refunds", for: "staff" },
  { to: "/admin/blogs", label: "Blogs", for: "staff" },
  { to: "/admin/enquiries", label: "Enquiries", for: "staff" },
  { to: "/admin/newsletter", label: "Newsletter", for: "staff" },
  { to: "/admin/settings", label: "Settings", for: "owner" },
  { to: "/admin/zones", label: "Delivery zones", for: "owner" },
  { to: "/admin/gst", label: "GST register", for: "owner" },
  { to: "/admin/staff", label: "Staff", for: "owner" },
  { to: "/admin/audit", label: "Audit trail", for: "owner" },
  { to: "/admin/backups", label: "Backups", for: "owner" },
];

/**
 * Whether a path is an owners' section or inside one: the page itself, what is under it ("/admin/zones/7"),
 * its downloads ("/admin/zones.csv") and its data address ("/admin/staff.data"). It reads the path as Remix
 * does when it picks the route: letters percent-encoded decoded ("/admin/st%61ff" is the staff page), any case.
 * A path that cannot be decoded is taken for an owners' one.
 */
export function isForOwners(pathname: string): boolean {
  let path: string;
  try {
    path = decodeURIComponent(pathname).toLowerCase();
  } catch {
    return true;
  }
  return BACK_OFFICE_SECTIONS.some(
    (section) =>
      section.for === "owner" &&
      (path === section.to || path.startsWith(`${section.to}/`) || path.startsWith(`${section.to}.`)),
  );
}
