/**
 * How one page's requests/s compares with another's, measured in the same rounds (scripts/bench.ts): the
 * geometric mean of each round's share, and its 95 % confidence interval from Student's t. Rounds are paired
 * (the two pages run one after the other in each), so a round on a slow moment of the machine slows both.
 */
export type Share = { share: number; low: number; high: number; rounds: number };

/** Two-sided 95 % quantiles of Student's t for 1 to 30 degrees of freedom (beyond, see t95). */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

const Z975 = 1.959964;

/**
 * Student's t two-sided 95 % quantile: the table to 30 degrees of freedom, then the Cornish-Fisher expansion
 * around the normal's quantile (within 0.001 of the exact value from 30 on).
 */
export function t95(degreesOfFreedom: number): number {
  const tabled = T95[degreesOfFreedom - 1];
  if (tabled !== undefined) return tabled;
  const z = Z975;
  const n = degreesOfFreedom;
  return z + (z ** 3 + z) / (4 * n) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * n ** 2);
}

/** `rates[i] / against[i]` summed up over the rounds; null with fewer than two rounds or a round at 0. */
export function shareWithInterval(rates: readonly number[], against: readonly number[]): Share | null {
  const rounds = Math.min(rates.length, against.length);
  if (rounds < 2) return null;
  const logs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const rate = rates[i] ?? 0;
    const base = against[i] ?? 0;
    if (!(rate > 0 && base > 0)) return null;
    logs.push(Math.log(rate / base));
  }
  const mean = logs.reduce((sum, x) => sum + x, 0) / rounds;
  const variance = logs.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (rounds - 1);
  const margin = t95(rounds - 1) * Math.sqrt(variance / rounds);
  return { share: Math.exp(mean), low: Math.exp(mean - margin), high: Math.exp(mean + margin), rounds };
}
