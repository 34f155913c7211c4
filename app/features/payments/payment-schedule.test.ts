import { describe, expect, it } from "vitest";
import { nextStatusCheck } from "./payment-schedule";

const start = new Date("2026-11-22T10:00:00Z");
const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);
const gap = (seconds: number) => {
  const next = nextStatusCheck(start, after(seconds));
  return next ? (next.getTime() - after(seconds).getTime()) / 1000 : null;
};

describe("PhonePe status polling schedule", () => {
  it("waits about 25 s for the first check, then speeds up and slows down", () => {
    expect(gap(0)).toBe(25);
    expect(gap(25)).toBe(3);
    expect(gap(60)).toBe(6);
    expect(gap(120)).toBe(10);
    expect(gap(180)).toBe(30);
    expect(gap(300)).toBe(60);
  });

  it("asks once more just after the expiry, then every five minutes until PhonePe decides", () => {
    expect(gap(19 * 60 + 30)).toBe(35);
    expect(gap(20 * 60 + 5)).toBe(300);
    expect(gap(3 * 60 * 60)).toBe(300);
  });

  it("lets go only of a payment PhonePe has left pending for a whole day", () => {
    expect(nextStatusCheck(start, after(24 * 60 * 60))).toBeNull();
  });
});
