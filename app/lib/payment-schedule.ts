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

/** Seconds after the start; beyond this, a payment nobody completed is given up (PhonePe expires it). */
export const PAYMENT_EXPIRY_SECONDS = 20 * 60;

/** The next check after `now`, or null once the payment should have expired. */
export function nextStatusCheck(startedAt: Date, now: Date): Date | null {
  const elapsed = (now.getTime() - startedAt.getTime()) / 1000;
  if (elapsed >= PAYMENT_EXPIRY_SECONDS) return null;
  const step = STEPS.find((s) => elapsed < s.until);
  const wait = step ? Math.min(step.every, step.until - elapsed) : 60;
  return new Date(now.getTime() + Math.max(1, wait) * 1000);
}
