/**
 * When to ask PhonePe again about a payment that is still pending, following PhonePe's published polling
 * schedule for the order-status API: the first check 20–25 s after the payment starts, then every 3 s for
 * 30 s, every 6 s for 60 s, every 10 s for 60 s, every 30 s for 60 s, then once a minute until it expires.
 */
const STEPS: { until: number; every: number }[] = [
  { until: 25, every: 25 },
  { until: 55, every: 3 },
  { until: 115, every: 6 },
  { until: 175, every: 10 },
  { until: 235, every: 30 },
];

/** The expireAfter the shop sends PhonePe: an order nobody pays is ended by PhonePe after this long. */
export const PAYMENT_EXPIRY_SECONDS = 20 * 60;

/**
 * PhonePe decides how a payment ends, not the shop: past the expiry it is still asked, every five minutes,
 * until it says COMPLETED or FAILED (it fails an unpaid order when it expires). Only a payment PhonePe still
 * calls pending after a whole day is let go, for the dealer to look into.
 */
const AFTER_EXPIRY_EVERY_SECONDS = 5 * 60;
export const GIVE_UP_AFTER_SECONDS = 24 * 60 * 60;

/** The next check after `now`, or null once PhonePe has left it pending for a whole day. */
export function nextStatusCheck(startedAt: Date, now: Date): Date | null {
  const elapsed = (now.getTime() - startedAt.getTime()) / 1000;
  if (elapsed >= GIVE_UP_AFTER_SECONDS) return null;
  const step = STEPS.find((s) => elapsed < s.until);
  const wait = step
    ? Math.min(step.every, step.until - elapsed)
    : elapsed < PAYMENT_EXPIRY_SECONDS
      ? Math.min(60, PAYMENT_EXPIRY_SECONDS - elapsed + 5)
      : AFTER_EXPIRY_EVERY_SECONDS;
  return new Date(now.getTime() + Math.max(1, wait) * 1000);
}
