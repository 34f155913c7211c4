// The back office's mail to a new or returning member: the link that sets their password.

import {
  DEFAULT_CONTACT,
  displayName,
  escapeHtml,
  htmlMail,
  type MailContact,
  type MailMessage,
  signature,
} from "~/lib/mail.server";
import { shop } from "~/lib/shop";

export type StaffInviteMailInput = {
  to: string;
  name: string;
  invitedBy: string;
  inviteUrl: string;
  validDays: number;
  /** An invitation to a new account, or a new password for a member who has one (they forgot it). */
  reason?: "invite" | "new-password";
  /** The dealer's hotline and address as the settings have them (readShopContact). */
  contact?: MailContact | undefined;
};

/** The invitation to the back office: a link to set a password, from the owner who sent it. */
export function staffInviteMail({
  to,
  name,
  invitedBy,
  inviteUrl,
  validDays,
  reason = "invite",
  contact = DEFAULT_CONTACT,
}: StaffInviteMailInput): MailMessage {
  if (!/^https?:\/\//.test(inviteUrl)) throw new Error("The invitation link must be an absolute http(s) URL");
  const greeting = `Hello ${displayName(name)},`;
  const intro =
    reason === "invite"
      ? `${displayName(invitedBy)} has invited you to the ${shop.name} back office. Open this link to choose your password:`
      : `${displayName(invitedBy)} has sent you a link to choose a new password for the ${shop.name} back office. Your old password stops working once you set the new one:`;
  const validity = `The link works for ${validDays} days and only once.`;
  const sign = signature(contact);
  const subject = `Your ${shop.name} back office account`;
  const text = [greeting, intro, inviteUrl, validity, sign.text].join("\n\n");
  const link = escapeHtml(inviteUrl);
  const html = htmlMail(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${link}">${link}</a></p>
<p>${escapeHtml(validity)}</p>`,
    contact,
  );
  return { to, subject, text, html };
}
