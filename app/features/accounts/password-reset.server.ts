import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { passwordResetTokens } from "~/db/schema";
import { readShopContact } from "~/features/settings/index.server";
import type { MailMessage } from "~/lib/mail.server";
import { hashPassword } from "~/lib/password.server";
import { findCustomerByEmail, revokeResetTokens, setPasswordHash } from "./customers.server";
import { passwordResetMail } from "./mail.server";
import { accountProblems } from "./messages";
import { endAllSessions } from "./session.server";

export const RESET_TOKEN_MINUTES = 30;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Issues a reset token for the account with this e-mail, if there is one, and mails its link: the shop's own
 * reset page at `baseUrl`, or `page` (an address ending in "/", the token after it) for a client app of the JSON
 * API. Unknown addresses get nothing, and the caller answers the same either way, so the form reveals no
 * accounts.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  {
    baseUrl,
    page,
    send,
  }: { baseUrl: string; page?: string | undefined; send: (message: MailMessage) => Promise<unknown> },
): Promise<void> {
  const customer = await findCustomerByEmail(db, email);
  if (!customer) return;
  const token = randomBytes(32).toString("base64url");
  await db.insert(passwordResetTokens).values({
    customerId: customer.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
  });
  // A base64url token: safe as a path segment as it is.
  const resetUrl = `${page ?? new URL("/reset-password/", baseUrl).toString()}${token}`;
  await send(
    passwordResetMail({
      to: customer.email,
      firstname: customer.firstname,
      resetUrl,
      validMinutes: RESET_TOKEN_MINUTES,
      contact: await readShopContact(db),
    }),
  );
}

export type TokenState = "valid" | "unknown" | "expired" | "used";

export const tokenProblems: Record<Exclude<TokenState, "valid">, string> = {
  unknown: accountProblems.resetLinkUnknown,
  expired: accountProblems.resetLinkExpired,
  used: accountProblems.resetLinkUsed,
};

/** What a token from a reset link is worth, without using it. */
export async function checkResetToken(db: Database, token: string, now = new Date()): Promise<TokenState> {
  const [row] = await db
    .select({ expiresAt: passwordResetTokens.expiresAt, usedAt: passwordResetTokens.usedAt })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return "unknown";
  if (row.usedAt) return "used";
  if (row.expiresAt <= now) return "expired";
  return "valid";
}

/**
 * Uses a token: sets the new password, marks every other open reset link of the customer used and revokes
 * every session of the customer, in one transaction. The token is claimed with one conditional UPDATE, so a
 * link clicked twice at once still works only once. The new password is hashed before the transaction (scrypt
 * is slow), and only for a token that looks valid.
 */
export async function resetPassword(db: Database, token: string, password: string): Promise<TokenState> {
  const now = new Date();
  const state = await checkResetToken(db, token, now);
  if (state !== "valid") return state;
  const passwordHash = await hashPassword(password);
  const claimed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
        ),
      )
      .returning({ customerId: passwordResetTokens.customerId });
    if (!row) return false;
    await setPasswordHash(tx, row.customerId, passwordHash, now);
    await revokeResetTokens(tx, row.customerId, now);
    await endAllSessions(tx, row.customerId);
    return true;
  });
  // Claimed by a concurrent request since it was checked: say what the token is now.
  return claimed ? "valid" : checkResetToken(db, token, now);
}
