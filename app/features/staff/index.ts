export { BACK_OFFICE_SECTIONS, isForOwners } from "./back-office";
export { staffMessages } from "./messages";
export { INVITE_LINK_DAYS, STAFF_ROLES, type StaffRole, staffRoleLabels } from "./staff-roles";
export { PasswordLinkPage } from "./PasswordLinkPage";
