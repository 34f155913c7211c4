export { BACK_OFFICE_SECTIONS, isForOwners } from "./back-office";
export { staffMessages } from "./messages";
export { PasswordLinkPage } from "./PasswordLinkPage";
export { INVITE_LINK_DAYS, STAFF_ROLES, type StaffRole, staffRoleLabels } from "./staff-roles";
