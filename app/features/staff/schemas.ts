import { z } from "zod";
import { emailField, idField, passwordField, requiredTypedText } from "~/lib/forms/fields";
import { defaultMessages } from "~/lib/messages";
import { staffMessages } from "./messages";
import { STAFF_ROLES } from "./staff-roles";

/** The back office's forms: log-in, the first run's owner set-up, invitations and the staff list's changes. */

const name = requiredTypedText(staffMessages.nameRequired, { max: 80 });
const newPassword = passwordField(defaultMessages.required("password"), { checkStrength: true });
const role = z.enum(STAFF_ROLES, { errorMap: () => ({ message: staffMessages.roleRequired }) });

export const staffLoginSchema = z.object({
  email: emailField(),
  password: passwordField(defaultMessages.required("password"), { checkStrength: false }),
});

export const ownerSetupSchema = z.object({ name, email: emailField(), password: newPassword });

export const acceptInviteSchema = z.object({ password: newPassword });

/** An owner invites a member by name and e-mail, as owner or staff. */
export const inviteStaffSchema = z.object({ name, email: emailField(), role });

/** The staff page's forms, told apart by the submit button's intent. */
export const staffChangeSchema = z.discriminatedUnion("intent", [
  inviteStaffSchema.extend({ intent: z.literal("invite") }),
  z.object({ intent: z.literal("role"), id: idField(), role }),
  z.object({ intent: z.literal("disable"), id: idField() }),
  z.object({ intent: z.literal("enable"), id: idField() }),
  z.object({ intent: z.literal("password-link"), id: idField() }),
]);
