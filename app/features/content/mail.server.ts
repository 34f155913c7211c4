// A staff member's answer to a Contact Us enquiry.
import { formatLongDate } from "~/lib/dates";
import {
  DEFAULT_CONTACT,
  displayName,
  escapeHtml,
  htmlMail,
  type MailContact,
  type MailMessage,
  paragraphsHtml,
  signature,
} from "~/lib/mail.server";
import { shop } from "~/lib/shop";

export type EnquiryReplyMailInput = {
  to: string;
  /** The enquirer's name as they typed it on the Contact form. */
  name: string;
  /** The subject and message the staff member wrote. */
  subject: string;
  message: string;
  /** The enquiry being answered, quoted under the reply. */
  enquiry: { comment: string; createdAt: Date };
  /** The dealer's hotline and address as the settings have them (readShopContact). */
  contact?: MailContact | undefined;
};

/**
 * A staff member's answer to a Contact Us enquiry, with the enquiry quoted under it (the shop's signature at
 * the foot, as in every mail). Answers go to the shop's own address (Reply-To), not to the no-reply sender.
 */
export function enquiryReplyMail({
  to,
  name,
  subject,
  message,
  enquiry,
  contact = DEFAULT_CONTACT,
}: EnquiryReplyMailInput): MailMessage {
  const clean = displayName(name);
  const greeting = clean ? `Hello ${clean},` : "Hello,";
  const wrote = `On ${formatLongDate(enquiry.createdAt)} (India Standard Time) you wrote to us:`;
  const quoted = enquiry.comment
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n");
  const text = [greeting, message, `${wrote}\n${quoted}`, signature(contact).text].join("\n\n");
  const html = htmlMail(
    subject,
    `<p>${escapeHtml(greeting)}</p>
${paragraphsHtml(message)}
<p style="color: #555;">${escapeHtml(wrote)}</p>
<blockquote style="margin: 0 0 16px; padding-left: 12px; border-left: 3px solid #ccc; color: #555;">${paragraphsHtml(enquiry.comment)}</blockquote>`,
    contact,
  );
  return { to, subject, text, html, replyTo: shop.email };
}
