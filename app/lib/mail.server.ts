import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { config } from "~/config.server";
import { formatLongDate } from "~/lib/dates";
import { shop } from "~/lib/shop";

/**
 * Outgoing e-mail. With SMTP_URL set, messages go to that server; without it they are written as .eml
 * files to <DATA_DIR>/outbox and the file's name is logged, with the mail's first link outside production,
 * so password reset works on a fresh clone. The log never names the recipient or, in production, carries a
 * link (a reset link is a secret).
 */

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's answer goes, when not to MAIL_FROM (a no-reply address). */
  replyTo?: string;
  /** Files sent with it: a tax invoice as PDF. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailSettings = {
  /** smtp:// or smtps:// URL, credentials included; unset means "write to the outbox". */
  smtpUrl?: string | undefined;
  /** The From header, e.g. `Kaveri Computers <no-reply@kavericomputers.in>`. */
  from: string;
  /** Where .eml files go when there is no SMTP server. */
  outboxDir: string;
  /** Log an outbox mail's first link too (never in production: a reset link is a secret). Default false. */
  logLinks?: boolean;
};

export type SentMail =
  | { via: "smtp"; messageId: string }
  | { via: "outbox"; messageId: string; file: string; link: string | undefined };

function settingsFromConfig(): MailSettings {
  const settings = config();
  return {
    smtpUrl: settings.smtpUrl,
    from: settings.mailFrom,
    outboxDir: settings.outboxDir,
    logLinks: !settings.isProduction,
  };
}

const smtpTransports = new Map<string, Transporter<SMTPTransport.SentMessageInfo>>();

/** One transport per SMTP URL, created on first use. Timeouts are short so a dead server fails a request fast. */
function smtpTransport(url: string): Transporter<SMTPTransport.SentMessageInfo> {
  let transport = smtpTransports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    smtpTransports.set(url, transport);
  }
  return transport;
}

/** Closes the SMTP transports made so far (tests, shutdown). A later sendMail opens a new one. */
export function closeMailTransports(): void {
  for (const transport of smtpTransports.values()) transport.close();
  smtpTransports.clear();
}

let outboxComposer: Transporter | undefined;

/** Renders the whole RFC 822 message (CRLF line ends) without sending it anywhere. */
async function renderMessage(message: MailMessage & { from: string }): Promise<{ raw: Buffer; id: string }> {
  outboxComposer ??= nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  const info = await outboxComposer.sendMail(message);
  const raw: unknown = info.message;
  if (!Buffer.isBuffer(raw)) throw new Error("The mail composer did not return the message as a buffer");
  return { raw, id: String(info.messageId) };
}

/** The first http(s) link of a plain-text body: the one a developer wants to click from the log. */
export function firstLink(text: string): string | undefined {
  return /https?:\/\/[^\s<>"]+/.exec(text)?.[0];
}

/** A file name that sorts by time, with a random part so two mails in the same millisecond never clash. */
function outboxFileName(now: Date): string {
  return `${now.toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`;
}

/** Sends one message: over SMTP when configured, otherwise into the outbox directory as an .eml file. */
export async function sendMail(
  message: MailMessage,
  settings: MailSettings = settingsFromConfig(),
): Promise<SentMail> {
  const envelope = {
    from: settings.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
  };
  if (settings.smtpUrl) {
    const info = await smtpTransport(settings.smtpUrl).sendMail(envelope);
    return { via: "smtp", messageId: info.messageId };
  }

  const { raw, id } = await renderMessage(envelope);
  await mkdir(settings.outboxDir, { recursive: true });
  const file = path.join(settings.outboxDir, outboxFileName(new Date()));
  await writeFile(file, raw, { flag: "wx" });
  const link = firstLink(message.text);
  const shownLink = settings.logLinks && link ? ` — link: ${link}` : "";
  console.info(`[mail] no SMTP_URL: mail written to the outbox as ${path.basename(file)}${shownLink}`);
  return { via: "outbox", messageId: id, file, link };
}

// ---------------------------------------------------------------------------------------------------------
// Messages

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** A customer's name as it may appear in a mail: one line, no control characters, not absurdly long. */
function displayName(firstname: string): string {
  const clean = firstname
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > 100 ? `${clean.slice(0, 100)}…` : clean;
}

/** A mail's HTML: the same plain frame for every message, the shop's signature at the foot. */
function htmlMail(subject: string, body: string, contact: MailContact): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; line-height: 1.5; color: #222;">
${body}
<p style="color: #555; font-size: 13px;">${signature(contact).html}</p>
</body>
</html>
`;
}

/**
 * The dealer's contact details a mail signs with: the back office's settings (readShopContact), which every
 * sender passes; the constants of app/lib/shop.ts until the settings are read.
 */
export type MailContact = { hotline: string; hotlineHref?: string | undefined; address: readonly string[] };

const DEFAULT_CONTACT: MailContact = {
  hotline: shop.hotline,
  hotlineHref: shop.hotlineHref,
  address: shop.address,
};

function signature(contact: MailContact): { text: string; html: string } {
  const lines = [shop.name, ...contact.address, `${shop.email} · ${contact.hotline}`];
  return {
    text: lines.join("\n"),
    html: lines.map(escapeHtml).join("<br>"),
  };
}

export type PasswordResetMailInput = {
  to: string;
  firstname: string;
  /** The absolute link to /reset-password/{token}. */
  resetUrl: string;
  /** How long the link works; the shop's tokens live 30 minutes. */
  validMinutes?: number;
  /** The dealer's hotline and address as the settings have them (readShopContact). */
  contact?: MailContact | undefined;
};

/** The password-reset mail, ready for sendMail: plain text and simple HTML, both naming the shop. */
export function passwordResetMail({
  to,
  firstname,
  resetUrl,
  validMinutes = 30,
  contact = DEFAULT_CONTACT,
}: PasswordResetMailInput): MailMessage {
  if (!/^https?:\/\//.test(resetUrl)) throw new Error("The reset link must be an absolute http(s) URL");
  const name = displayName(firstname);
  const greeting = name ? `Hello ${name},` : "Hello,";
  const validity = `The link is valid for ${validMinutes} minutes and can be used only once.`;
  const ignore = "If you did not ask for a new password, ignore this mail: your password stays as it is.";
  const sign = signature(contact);

  const subject = `Reset your ${shop.name} password`;
  const text = [
    greeting,
    `Someone, hopefully you, asked to reset the password of your ${shop.name} account. Open this link to choose a new password:`,
    resetUrl,
    validity,
    ignore,
    sign.text,
  ].join("\n\n");

  const link = escapeHtml(resetUrl);
  const html = htmlMail(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>Someone, hopefully you, asked to reset the password of your ${escapeHtml(shop.name)} account. Use the button below to choose a new password.</p>
<p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #febd69; color: #131921; text-decoration: none; border-radius: 4px;">Choose a new password</a></p>
<p>If the button does not work, copy this link into your browser:<br><a href="${link}">${link}</a></p>
<p>${escapeHtml(validity)}</p>
<p>${escapeHtml(ignore)}</p>`,
    contact,
  );
  return { to, subject, text, html };
}

/** An address shown in a mail that may reach someone else: its first character and its domain only. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${Array.from(email.slice(0, at))[0] ?? ""}•••${email.slice(at)}`;
}

/** A mobile number shown in a mail: its last four digits only. */
export function maskMobile(mobile: string): string {
  return `••••••${mobile.slice(-4)}`;
}

export type ContactChangedMailInput = {
  /** The address the account had before the change: the notice goes there. */
  to: string;
  firstname: string;
  /** The new values, only of what changed. */
  changed: { email?: string | undefined; mobile?: string | undefined };
  changedAt: Date;
  /** The absolute link to /forgot-password, offered when only the mobile number changed. */
  forgotPasswordUrl: string;
  /** The dealer's hotline and address as the settings have them (readShopContact). */
  contact?: MailContact | undefined;
};

/**
 * The notice that an account's e-mail address or mobile number changed, sent to the old address so its owner
 * hears of a change they did not make: what changed (the new values masked), when, and what to do if it was
 * not them. Plain text and simple HTML, like passwordResetMail.
 */
export function contactChangedMail({
  to,
  firstname,
  changed,
  changedAt,
  forgotPasswordUrl,
  contact = DEFAULT_CONTACT,
}: ContactChangedMailInput): MailMessage {
  if (!/^https?:\/\//.test(forgotPasswordUrl)) {
    throw new Error("The forgot-password link must be an absolute http(s) URL");
  }
  const lines: string[] = [];
  if (changed.email !== undefined) lines.push(`Email address: changed to ${maskEmail(changed.email)}`);
  if (changed.mobile !== undefined) lines.push(`Mobile number: changed to ${maskMobile(changed.mobile)}`);
  if (lines.length === 0) throw new Error("A change notice needs a changed email address or mobile number");

  const name = displayName(firstname);
  const greeting = name ? `Hello ${name},` : "Hello,";
  const what =
    changed.email !== undefined && changed.mobile !== undefined
      ? "email address and mobile number"
      : changed.email !== undefined
        ? "email address"
        : "mobile number";
  const when = `${formatLongDate(changedAt)} (India Standard Time)`;
  const intro = `The ${what} of your ${shop.name} account ${what.includes(" and ") ? "were" : "was"} changed on ${when}:`;
  const signedOut =
    "For your safety we signed the account out on every other device and cancelled any password reset links sent before the change.";
  const ifYou = "If you made this change, there is nothing more to do.";
  const contactText = `${shop.email} or ${contact.hotline} (${shop.openingHours})`;
  // A password reset mail would now go to the new address, so for a changed e-mail only the shop can help.
  const notYou =
    changed.email !== undefined
      ? `If you did not make this change, contact us at once at ${contactText}: we sent this notice to your previous email address, and password reset mails now go to the new one, so we will help you get your account back.`
      : `If you did not make this change, reset your password at once: ${forgotPasswordUrl} and contact us at ${contactText}.`;
  const sign = signature(contact);

  const subject = `Your ${shop.name} ${what} ${what.includes(" and ") ? "were" : "was"} changed`;
  const text = [
    greeting,
    [intro, ...lines.map((line) => `- ${line}`)].join("\n"),
    signedOut,
    ifYou,
    notYou,
    sign.text,
  ].join("\n\n");

  const link = escapeHtml(forgotPasswordUrl);
  const contactHtml = `<a href="mailto:${escapeHtml(shop.email)}">${escapeHtml(shop.email)}</a> or ${contact.hotlineHref ? `<a href="${escapeHtml(contact.hotlineHref)}">${escapeHtml(contact.hotline)}</a>` : escapeHtml(contact.hotline)} (${escapeHtml(shop.openingHours)})`;
  const notYouHtml =
    changed.email !== undefined
      ? `<p><strong>If you did not make this change, contact us at once at ${contactHtml}</strong>: we sent this notice to your previous email address, and password reset mails now go to the new one, so we will help you get your account back.</p>`
      : `<p><strong>If you did not make this change, <a href="${link}">reset your password</a> at once and contact us at ${contactHtml}.</strong></p>
<p>If the link does not work, copy this address into your browser:<br><a href="${link}">${link}</a></p>`;
  const html = htmlMail(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<ul>
${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("\n")}
</ul>
<p>${escapeHtml(signedOut)}</p>
<p>${escapeHtml(ifYou)}</p>
${notYouHtml}`,
    contact,
  );
  return { to, subject, text, html };
}

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

export type OrderStatusMailInput = {
  to: string;
  firstname: string;
  orderId: number;
  /** The order's new status (app/features/orders/order-status.ts). */
  status: string;
  /** Given when the order was shipped with them. */
  courier?: string | null | undefined;
  trackingNumber?: string | null | undefined;
  /** Lines about the delivery promised and the cash due at the door (app/features/orders/order-notes.ts). */
  details?: readonly string[] | undefined;
  /** The tax invoice issued with this change (a cash order's cash collected), sent along as a PDF. */
  invoice?: TaxInvoiceFile | undefined;
  /** The absolute link to /my-orders. */
  myOrdersUrl: string;
  /** The dealer's hotline and address as the settings have them (readShopContact). */
  contact?: MailContact | undefined;
};

/** A tax invoice's number and its PDF, for a mail to carry. */
export type TaxInvoiceFile = { number: string; pdf: Buffer };

function invoiceAttachment(invoice: TaxInvoiceFile): MailAttachment {
  return {
    filename: `Tax-invoice-${invoice.number.replace(/\//g, "-")}.pdf`,
    content: invoice.pdf,
    contentType: "application/pdf",
  };
}

const invoiceSentence = (number: string) =>
  `Your tax invoice ${number} is attached; you can also download it from My Orders.`;

/** What each status means to the customer, in a sentence. */
const STATUS_SENTENCES: Record<string, string> = {
  Processed: "We have packed your order and it is getting ready to leave our shop.",
  Shipped: "Your order has left our shop and is on its way to you.",
  "Out for delivery": "Your order is out for delivery and should reach you soon.",
  Delivered: "Your order has been delivered. Thank you for shopping with us.",
  Cancelled: "Your order has been cancelled.",
  Refunded:
    "Your order has been refunded. The money goes back to the account you paid from, usually within 7-10 business days.",
};

/** The notice that an order moved along its life cycle: its id, its new status, and the courier when shipped. */
export function orderStatusMail({
  to,
  firstname,
  orderId,
  status,
  courier,
  trackingNumber,
  details = [],
  invoice,
  myOrdersUrl,
  contact = DEFAULT_CONTACT,
}: OrderStatusMailInput): MailMessage {
  if (!/^https?:\/\//.test(myOrdersUrl))
    throw new Error("The My Orders link must be an absolute http(s) URL");
  const name = displayName(firstname);
  const greeting = name ? `Hello ${name},` : "Hello,";
  const headline = `Your order #${orderId} is now ${status}.`;
  const sentence = STATUS_SENTENCES[status];
  const shipping: string[] = [];
  if (courier) shipping.push(`Courier: ${courier}`);
  if (trackingNumber) shipping.push(`Tracking number: ${trackingNumber}`);
  shipping.push(...details);
  if (invoice) shipping.push(invoiceSentence(invoice.number));
  const follow = "You can follow your orders on My Orders:";
  const sign = signature(contact);

  const subject = `Your ${shop.name} order #${orderId} is ${status}`;
  const text = [
    greeting,
    sentence ? `${headline} ${sentence}` : headline,
    ...(shipping.length > 0 ? [shipping.join("\n")] : []),
    `${follow}\n${myOrdersUrl}`,
    sign.text,
  ].join("\n\n");

  const link = escapeHtml(myOrdersUrl);
  const html = htmlMail(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p><strong>${escapeHtml(headline)}</strong>${sentence ? ` ${escapeHtml(sentence)}` : ""}</p>
${shipping.length > 0 ? `<p>${shipping.map(escapeHtml).join("<br>")}</p>\n` : ""}<p>${escapeHtml(follow)} <a href="${link}">${link}</a></p>`,
    contact,
  );
  return { to, subject, text, html, ...(invoice ? { attachments: [invoiceAttachment(invoice)] } : {}) };
}

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

/** Plain text as HTML paragraphs: blank lines part paragraphs, single line breaks stay. */
function paragraphsHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
}

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

export type OrderPaidMailInput = {
  to: string;
  firstname: string;
  orderId: number;
  /** "Rs. 45,100": what was paid. */
  paid: string;
  /** The delivery promised (app/features/orders/order-notes.ts). */
  details: readonly string[];
  invoice: TaxInvoiceFile;
  /** The absolute link to /my-orders. */
  myOrdersUrl: string;
  /** The dealer's hotline and address as the settings have them (readShopContact). */
  contact?: MailContact | undefined;
};

/** The notice that an online payment went through and the order is placed, with its tax invoice attached. */
export function orderPaidMail({
  to,
  firstname,
  orderId,
  paid,
  details,
  invoice,
  myOrdersUrl,
  contact = DEFAULT_CONTACT,
}: OrderPaidMailInput): MailMessage {
  if (!/^https?:\/\//.test(myOrdersUrl))
    throw new Error("The My Orders link must be an absolute http(s) URL");
  const name = displayName(firstname);
  const greeting = name ? `Hello ${name},` : "Hello,";
  const headline = `Thank you: we have your payment of ${paid} for order #${orderId}.`;
  const follow = "You can follow your orders on My Orders:";
  const sign = signature(contact);
  const subject = `Your ${shop.name} order #${orderId} is confirmed`;
  const lines = [...details, invoiceSentence(invoice.number)];
  const text = [greeting, headline, lines.join("\n"), `${follow}\n${myOrdersUrl}`, sign.text].join("\n\n");
  const link = escapeHtml(myOrdersUrl);
  const html = htmlMail(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p><strong>${escapeHtml(headline)}</strong></p>
<p>${lines.map(escapeHtml).join("<br>")}</p>
<p>${escapeHtml(follow)} <a href="${link}">${link}</a></p>`,
    contact,
  );
  return { to, subject, text, html, attachments: [invoiceAttachment(invoice)] };
}
