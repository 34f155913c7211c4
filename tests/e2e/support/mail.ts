import {
  linkIn,
  type MailPredicate,
  type ReceivedMail,
  waitForMailInDir,
} from "../../integration/support/smtp";

/**
 * The mail the browser-test server sends, read from the test process. playwright.config.ts runs the test SMTP
 * server (tests/integration/support/smtp.ts, shared with the integration tests) with this mail directory and
 * points the app's SMTP_URL at it.
 */
const mailDir = `.cache/e2e-mail-${process.env.E2E_PORT ?? 3100}`;

/** The first mail of this run that matches (already received or still to come); rejects after timeoutMs. */
export function waitForMail(predicate: MailPredicate, timeoutMs?: number): Promise<ReceivedMail> {
  return waitForMailInDir(mailDir, predicate, timeoutMs);
}

export { linkIn };
