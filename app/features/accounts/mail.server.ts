// The customer's account mails: the password-reset link, and the notice that a contact detail changed.
import { formatLongDate } from "~/lib/dates";
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

export type AccountErasedMailInput = {
  /** The address the account had: the confirmation goes there, the last mail the shop sends it. */
  to: string;
  firstname: string;
  erasedAt: Date;
  /** The dealer's hotline and address as the settings have them (readShopContact). */
  contact?: MailContact | undefined;
};

/**
 * The confirmation that an account was deleted, sent to its old address: what was erased, what is kept and
 * why (the GST law's 72 months for orders and tax invoices), and whom to ask. Plain text and simple HTML, like
 * passwordResetMail.
 */
export function accountErasedMail({
  to,
  firstname,
  erasedAt,
  contact = DEFAULT_CONTACT,
}: AccountErasedMailInput): MailMessage {
  const name = displayName(firstname);
  const greeting = name ? `Hello ${name},` : "Hello,";
  const done = `Your ${shop.name} account was deleted on ${formatLongDate(erasedAt)} (India Standard Time), as you asked. We have signed it out on every device.`;
  const erased =
    "We have erased your name, email address, mobile number, saved delivery address, business GSTIN, cart, wishlist and newsletter subscription, and the messages you sent us through our contact form.";
  const kept =
    "We keep your orders, their tax invoices and credit notes, and the payments made for them, with the name and address printed on them: the GST law requires us to keep these records for 72 months from the due date of the annual return of the year they belong to. We use them for nothing else, and delete them when that time is over.";
  const reviews = "Your product reviews stay on the shop, without your name.";
  const again = `You can sign up again with this email address at any time; it will be a new account. If you did not ask for this, contact us at once at ${shop.email} or ${contact.hotline} (${shop.openingHours}).`;
  const sign = signature(contact);

  const subject = `Your ${shop.name} account is deleted`;
  const text = [greeting, done, erased, kept, reviews, again, sign.text].join("\n\n");
  const html = htmlMail(
    subject,
    [greeting, done, erased, kept, reviews, again].map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
    contact,
  );
  return { to, subject, text, html };
}
