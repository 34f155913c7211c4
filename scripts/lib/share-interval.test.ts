import { describe, expect, it } from "vitest";
import { shareWithInterval, t95 } from "./share-interval";

describe("shareWithInterval", () => {
  it("is exactly 1 when every round ran at the same rate", () => {
    expect(shareWithInterval([90, 120, 100], [90, 120, 100])).toEqual({
      share: 1,
      low: 1,
      high: 1,
      rounds: 3,
    });
  });

  it("pairs the rounds: a slow round for both pages does not widen the interval", () => {
    // Every round the page runs at 0.9 of the other, on a machine whose speed doubles between rounds.
    const share = shareWithInterval([45, 90, 180, 90], [50, 100, 200, 100]);
    expect(share?.share).toBeCloseTo(0.9, 10);
    expect(share?.low).toBeCloseTo(0.9, 10);
    expect(share?.high).toBeCloseTo(0.9, 10);
  });

  it("takes the geometric mean of the rounds' shares, with Student's t for the interval", () => {
    // Shares 0.8 and 1.25: their logs are -0.223 and +0.223, so the mean share is 1.
    const share = shareWithInterval([80, 125], [100, 100]);
    expect(share?.share).toBeCloseTo(1, 10);
    // Standard error of the mean log: 0.2231 (sd 0.3156 over √2); t for 1 degree of freedom is 12.706.
    const margin = (12.706 * (Math.log(1.25) - Math.log(0.8))) / 2;
    expect(share?.low).toBeCloseTo(Math.exp(-margin), 6);
    expect(share?.high).toBeCloseTo(Math.exp(margin), 6);
  });

  it("narrows as rounds are added", () => {
    const few = shareWithInterval([95, 105, 95, 105], [100, 100, 100, 100]);
    const many = shareWithInterval(Array(20).fill([95, 105]).flat(), Array(40).fill(100));
    expect(few && many).toBeTruthy();
    expect((many?.high ?? 0) - (many?.low ?? 0)).toBeLessThan((few?.high ?? 0) - (few?.low ?? 0));
  });

  it("gives no interval from one round, or from a round where a page answered nothing", () => {
    expect(shareWithInterval([100], [100])).toBeNull();
    expect(shareWithInterval([100, 0], [100, 100])).toBeNull();
  });

  it("follows Student's t beyond the table, towards the normal's 1.96", () => {
    expect(t95(1)).toBe(12.706);
    expect(t95(30)).toBe(2.042);
    // The exact quantiles (SciPy's t.ppf(0.975, n)).
    expect(t95(31)).toBeCloseTo(2.03951, 3);
    expect(t95(60)).toBeCloseTo(2.0003, 3);
    expect(t95(80)).toBeCloseTo(1.99006, 3);
    expect(t95(100)).toBeCloseTo(1.98397, 3);
    expect(t95(1000)).toBeCloseTo(1.96234, 3);
  });
});
