/**
 * The back office's areas as the audit trail names them: an entry's action starts with its area
 * ("product.update", "order.status"). The trail's filter offers these and nothing else.
 */
export const auditAreaLabels = {
  staff: "Staff",
  product: "Products",
  colour: "Colours",
  order: "Orders",
  rental: "Rentals",
  blog: "Blogs",
  enquiry: "Enquiries",
  newsletter: "Newsletter",
  settings: "Settings",
  zone: "Delivery zones",
  backup: "Backups",
  /** A customer's own erasure of their account (no staff member made it). */
  customer: "Customers",
} as const;

export type AuditArea = keyof typeof auditAreaLabels;

export function isAuditArea(value: string | null | undefined): value is AuditArea {
  return value != null && Object.hasOwn(auditAreaLabels, value);
}

/** An entry's details as lines an owner can read: "price: 1,000 → 900" for before/after pairs. */
export function describeAuditDetails(details: Record<string, unknown>): string[] {
  return Object.entries(details).map(([key, value]) => `${key}: ${describeValue(value)}`);
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map(describeValue).join(", ");
  if (typeof value === "object") {
    const pair = value as Record<string, unknown>;
    if ("before" in pair && "after" in pair)
      return `${describeValue(pair.before)} → ${describeValue(pair.after)}`;
    return Object.entries(pair)
      .map(([key, inner]) => `${key} ${describeValue(inner)}`)
      .join("; ");
  }
  return String(value);
}
