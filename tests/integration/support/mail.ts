import { type MailMessage, sendMail } from "~/lib/mail.server";
import { linkIn, type ReceivedMail, type TestSmtpServer } from "./smtp";

/*
 * Reading mail in integration tests goes one way: the shop's own sendMail delivers to the test SMTP server
 * (./smtp.ts), and the test reads what the server received. Route actions reach it through the SMTP_URL of
 * a mocked config; the modules that take a `send` (password reset, profile changes) get `sendVia(smtp)`.
 */

/** The `send` the account modules take: the shop's sendMail, delivering over SMTP to the test server. */
export function sendVia(smtp: TestSmtpServer): (message: MailMessage) => Promise<unknown> {
  return (message) =>
    sendMail(message, {
      smtpUrl: smtp.smtpUrl,
      from: "Kaveri Computers <no-reply@kavericomputers.in>",
      outboxDir: "/nonexistent/outbox",
    });
}

/** Every mail the server has received for this address so far, oldest first. */
export function mailTo(smtp: TestSmtpServer, address: string): ReceivedMail[] {
  return smtp.messages.filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** The token at the end of a password-reset mail's link. */
export function resetTokenIn(mail: ReceivedMail | undefined): string | undefined {
  const link = mail ? linkIn(mail) : undefined;
  return link ? /\/reset-password\/([^/?#]+)$/.exec(link)?.[1] : undefined;
}
