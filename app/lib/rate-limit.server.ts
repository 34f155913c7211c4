import { and, count, eq, gt, inArray, lt, max, min, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rateLimitHits } from "~/db/schema";
import { limitMessages } from "~/lib/messages";

export type RateLimitRule = { bucket: string; limit: number; windowMinutes: number };

/**
 * The shop's limits, per account first, per client address only as a generous ceiling: thousands of mobile
 * shoppers share one address behind a carrier's NAT. The numbers and why: docs/decisions/0014-rate-limits.md.
 * Rows live in the database, so several instances of the shop share them.
 */
export const rateLimits = {
  /** Log-ins from one client address (the per-account rule is loginBackoff below). */
  loginClient: { bucket: "login-client", limit: 300, windowMinutes: 15 },
  /** Log-ins across the whole shop: a credential-stuffing run from many addresses meets this. */
  loginGlobal: { bucket: "login-all", limit: 600, windowMinutes: 1 },
  /**
   * The back office's own log-in ceilings, so a credential-stuffing run against the shop's /login cannot lock
   * the dealer's staff out (the per-account backoff applies to them as to customers).
   */
  staffLoginClient: { bucket: "staff-login-client", limit: 100, windowMinutes: 15 },
  staffLoginGlobal: { bucket: "staff-login-all", limit: 120, windowMinutes: 1 },
  /** Passwords set through the back office's set-up and invitation links, per client address. */
  staffLinks: { bucket: "staff-links", limit: 30, windowMinutes: 15 },
  /** Failed current-password checks on the profile page, per account. */
  loginFailures: { bucket: "login-failure", limit: 5, windowMinutes: 15 },
  /** New accounts per client address: the account itself is unique by e-mail. */
  signup: { bucket: "signup", limit: 200, windowMinutes: 60 },
  /** Reset mails per e-mail address, and per client address. */
  forgotPasswordEmail: { bucket: "forgot-password-email", limit: 3, windowMinutes: 15 },
  forgotPasswordClient: { bucket: "forgot-password-client", limit: 100, windowMinutes: 15 },
  /** New passwords submitted per client address (a reset link itself is a 256-bit secret, used once). */
  resetPassword: { bucket: "reset-password", limit: 100, windowMinutes: 15 },
  /** New PhonePe payments per customer (Place Order with the same cart reuses the open one). */
  paymentAttempts: { bucket: "payment-attempts", limit: 10, windowMinutes: 60 },
  /** Contact enquiries per sender e-mail address, and per client address. */
  contactEmail: { bucket: "contact-email", limit: 5, windowMinutes: 10 },
  contact: { bucket: "contact", limit: 60, windowMinutes: 10 },
  /**
   * The JSON API's calls that change something (decision 0045), per customer and per client address: a shopper
   * tapping through a cart makes a few dozen.
   */
  apiCustomer: { bucket: "api-customer", limit: 300, windowMinutes: 15 },
  apiClient: { bucket: "api-client", limit: 2000, windowMinutes: 15 },
} satisfies Record<string, RateLimitRule>;

/** The longest window of any rule: rows older than this count for nothing and are purged. */
export const LONGEST_WINDOW_MINUTES = 60;

/**
 * Log-ins per account (e-mail address): the first five attempts in 15 minutes go straight through; after that
 * each must wait longer since the one before (2 s, 4 s, 8 s … at most a minute). A guesser gets about one try
 * a minute, and the account's owner is slowed down, never locked out. A successful log-in starts afresh.
 */
export const loginBackoff = {
  bucket: "login-email",
  freeAttempts: 5,
  windowMinutes: 15,
  firstDelaySeconds: 2,
  maxDelaySeconds: 60,
} as const;

export type RateLimitStatus = { limited: false } | { limited: true; retryAfterMinutes: number };

function windowStart(rule: RateLimitRule, now: Date): Date {
  return new Date(now.getTime() - rule.windowMinutes * 60_000);
}

/** Whether `subject` has used up `rule` already (nothing is counted). */
export async function checkLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitStatus> {
  const [row] = await db
    .select({ hits: count(), oldest: min(rateLimitHits.createdAt) })
    .from(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, rule.bucket),
        eq(rateLimitHits.subject, subject),
        gt(rateLimitHits.createdAt, windowStart(rule, now)),
      ),
    );
  if (!row || row.hits < rule.limit || !row.oldest) return { limited: false };
  // The window frees a slot when its oldest hit ages out.
  const freeAt = new Date(row.oldest).getTime() + rule.windowMinutes * 60_000;
  return { limited: true, retryAfterMinutes: Math.max(1, Math.ceil((freeAt - now.getTime()) / 60_000)) };
}

/** Counts one hit for `subject` and forgets its hits that have left the window. */
export async function recordHit(db: Database, rule: RateLimitRule, subject: string, now = new Date()) {
  await db.insert(rateLimitHits).values({ bucket: rule.bucket, subject, createdAt: now });
  await db
    .delete(rateLimitHits)
    .where(
      and(
        eq(rateLimitHits.bucket, rule.bucket),
        eq(rateLimitHits.subject, subject),
        lt(rateLimitHits.createdAt, windowStart(rule, now)),
      ),
    );
}

/**
 * Counts a hit and says whether it was allowed: the hit is stored first and then counted, so two instances
 * racing each other cannot both slip past the limit.
 */
export async function consume(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitStatus> {
  await recordHit(db, rule, subject, now);
  const status = await checkLimit(db, { ...rule, limit: rule.limit + 1 }, subject, now);
  return status;
}

/** Forgets every hit of `subject` (a successful log-in clears its failures). */
export async function clearHits(db: Database, rule: RateLimitRule, subject: string) {
  await db
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, rule.bucket), eq(rateLimitHits.subject, subject)));
}

/** The message shown when a limit is reached. */
export function tooManyAttempts(
  status: { retryAfterMinutes: number } | { retryAfterSeconds: number },
): string {
  if ("retryAfterSeconds" in status && status.retryAfterSeconds < 60) {
    const seconds = status.retryAfterSeconds === 1 ? "1 second" : `${status.retryAfterSeconds} seconds`;
    return limitMessages.tooManyAttemptsSeconds(seconds);
  }
  const minutes =
    "retryAfterMinutes" in status ? status.retryAfterMinutes : Math.ceil(status.retryAfterSeconds / 60);
  return limitMessages.tooManyAttempts(minutes);
}

export type AttemptStatus = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Claims a log-in attempt before any password work is done, in one transaction (one commit: on the embedded
 * database every commit is a synchronous write): the shop-wide and per-address ceilings, then the account's
 * backoff (loginBackoff). The account is locked for the length of the transaction (an advisory lock on its
 * e-mail), so parallel guesses are counted one after another and cannot all be evaluated; a refused attempt
 * is not stored, so hammering the form does not lengthen the owner's wait. The ceilings are counted without
 * a lock: they may be passed by the few requests in flight at once, which is all a ceiling needs.
 */
export async function claimLoginAttempt(
  db: Database,
  { email, client }: { email: string; client: string },
  now = new Date(),
  ceilings: { global: RateLimitRule; client: RateLimitRule } = {
    global: rateLimits.loginGlobal,
    client: rateLimits.loginClient,
  },
): Promise<AttemptStatus> {
  return db.transaction(async (tx) => {
    for (const [rule, subject] of [
      [ceilings.global, "all"],
      [ceilings.client, client],
    ] as const) {
      const status = await checkLimit(tx, rule, subject, now);
      if (status.limited) return { allowed: false, retryAfterSeconds: status.retryAfterMinutes * 60 };
      await tx.insert(rateLimitHits).values({ bucket: rule.bucket, subject, createdAt: now });
    }

    const rule = loginBackoff;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${rule.bucket}:${email}`}))`);
    const [row] = await tx
      .select({ attempts: count(), latest: max(rateLimitHits.createdAt) })
      .from(rateLimitHits)
      .where(
        and(
          eq(rateLimitHits.bucket, rule.bucket),
          eq(rateLimitHits.subject, email),
          gt(rateLimitHits.createdAt, new Date(now.getTime() - rule.windowMinutes * 60_000)),
        ),
      );
    const earlier = row?.attempts ?? 0;
    if (earlier >= rule.freeAttempts && row?.latest) {
      const delaySeconds = Math.min(
        rule.maxDelaySeconds,
        rule.firstDelaySeconds * 2 ** (earlier - rule.freeAttempts),
      );
      const waitMs = new Date(row.latest).getTime() + delaySeconds * 1000 - now.getTime();
      if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    await tx.insert(rateLimitHits).values({ bucket: rule.bucket, subject: email, createdAt: now });
    return { allowed: true };
  });
}

/** A successful log-in: the account's earlier attempts no longer slow it down. */
export async function loginSucceeded(db: Database, email: string): Promise<void> {
  await db
    .delete(rateLimitHits)
    .where(and(eq(rateLimitHits.bucket, loginBackoff.bucket), eq(rateLimitHits.subject, email)));
}

/** Deletes hits older than every window, in batches; returns how many went. Any instance may run it. */
export async function purgeOldHits(db: Database, now = new Date(), batch = 5000): Promise<number> {
  const before = new Date(now.getTime() - LONGEST_WINDOW_MINUTES * 60_000);
  const old = db
    .select({ id: rateLimitHits.id })
    .from(rateLimitHits)
    .where(lt(rateLimitHits.createdAt, before));
  const gone = await db
    .delete(rateLimitHits)
    .where(inArray(rateLimitHits.id, old.limit(batch)))
    .returning({ id: rateLimitHits.id });
  return gone.length;
}
