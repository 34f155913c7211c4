/**
 * Staff roles and their labels, apart from the staff forms' schemas (features/staff/schemas.ts) so that pages which
 * only show a role, such as every back-office page's header, do not carry the validation library.
 */
export const STAFF_ROLES = ["owner", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffRoleLabels: Record<StaffRole, string> = {
  owner: "Owner",
  staff: "Staff",
};

/** How long an invitation or a set-password link works. */
export const INVITE_LINK_DAYS = 7;
