/** What the staff feature says to shoppers and staff; the texts the shop's rules fix (docs/shop-rules.md) are kept word for word. */

/** The back office (/admin). */
export const staffMessages = {
  nameRequired: "Name is Required",
  roleRequired: "Choose Owner or Staff",
  loggedIn: "Welcome to the back office",
  loggedOut: "You are logged out of the back office",
  ownerCreated: "Owner account created. Welcome to the back office",
  passwordSet: "Password set. Welcome to the back office",
  invited: (email: string) => `Invitation sent to ${email}`,
  passwordLinkSent: (email: string) => `New password link sent to ${email}`,
  roleChanged: "Role changed",
  disabled: "Staff member disabled and signed out",
  enabled: "Staff member enabled",
  emailTaken: "A staff member with this email already exists",
  lastOwner: "The shop needs at least one active owner",
  notYourself: "You cannot disable your own account",
  notFound: "That staff member could not be found",
  ownersOnly: "Only an owner can do that",
  setupUnknown: "This set-up link is not valid. Restart the shop to print a new one.",
  setupExpired:
    "This set-up link has expired (links work for 24 hours). Restart the shop to print a new one.",
  setupUsed: "This set-up link has already been used. Log in with the owner account.",
  inviteUnknown: "This invitation is not valid. Ask an owner to invite you again.",
  inviteExpired:
    "This invitation has expired (invitations work for 7 days). Ask an owner to invite you again.",
  inviteUsed: "This invitation has already been used. Log in with your password.",
} as const;
