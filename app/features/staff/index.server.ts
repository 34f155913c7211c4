export { staffInviteMail } from "./mail.server";
export { linkProblems, passwordLinkPage, setPasswordFromLink } from "./password-link.server";
export {
  acceptInviteSchema,
  inviteStaffSchema,
  ownerSetupSchema,
  staffChangeSchema,
  staffLoginSchema,
} from "./schemas";
export { announceSetupLink } from "./setup.server";
export {
  acceptInvitation,
  addStaffMember,
  authenticateStaff,
  changeRole,
  createOwnerFromSetup,
  createSetupLink,
  hasActiveOwner,
  invitation,
  inviteStaff,
  type LinkState,
  listStaff,
  newPasswordLink,
  type StaffChange,
  type StaffMember,
  setDisabled,
  setStaffPassword,
  setupLinkState,
} from "./staff.server";
export {
  endStaffSession,
  getSessionStaff,
  staffCookieHeaders,
  startStaffSession,
} from "./staff-session.server";
