import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { config } from "~/lib/config.server";
import { describeError } from "~/lib/errors.server";
import { sharedMetrics } from "~/lib/metrics.mjs";
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

/**
 * Sends one message: over SMTP when configured, otherwise into the outbox directory as an .eml file. A mail
 * that cannot be sent rejects, and is counted (shop_mail_failures_total on /metrics).
 */
export async function sendMail(
  message: MailMessage,
  settings: MailSettings = settingsFromConfig(),
): Promise<SentMail> {
  try {
    return await deliver(message, settings);
  } catch (error) {
    sharedMetrics().mailFailures.inc({ via: settings.smtpUrl ? "smtp" : "outbox" });
    throw error;
  }
}

/**
 * The `send` a feature is given for a mail that goes out after the answer (a reset link, a notice to the old
 * address): the page does not wait for it, and a mail that cannot be sent is logged as "Could not send
 * `what`", never thrown.
 */
export function sendAfterAnswer(what: string): (message: MailMessage) => Promise<void> {
  return async (message) => {
    sendMail(message).catch((error: unknown) =>
      console.error(`Could not send ${what}: ${describeError(error)}`),
    );
  };
}

async function deliver(message: MailMessage, settings: MailSettings): Promise<SentMail> {
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
export function displayName(firstname: string): string {
  const clean = firstname
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > 100 ? `${clean.slice(0, 100)}…` : clean;
}

/** A mail's HTML: the same plain frame for every message, the shop's signature at the foot. */
export function htmlMail(subject: string, body: string, contact: MailContact): string {
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

export const DEFAULT_CONTACT: MailContact = {
  hotline: shop.hotline,
  hotlineHref: shop.hotlineHref,
  address: shop.address,
};

export function signature(contact: MailContact): { text: string; html: string } {
  const lines = [shop.name, ...contact.address, `${shop.email} · ${contact.hotline}`];
  return {
    text: lines.join("\n"),
    html: lines.map(escapeHtml).join("<br>"),
  };
}

/** Plain text as HTML paragraphs: blank lines part paragraphs, single line breaks stay. */
export function paragraphsHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");
}
