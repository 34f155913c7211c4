import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitHits } from "~/db/schema";
import {
  claimLoginAttempt,
  LONGEST_WINDOW_MINUTES,
  loginSucceeded,
  purgeOldHits,
  rateLimits,
  tooManyAttempts,
} from "~/lib/rate-limit.server";
import { openTestDatabase, type TestDatabase } from "./support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const start = new Date("2026-11-22T10:00:00Z");
const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

describe("claimLoginAttempt (per account, before the password is hashed)", () => {
  it("lets five attempts through, then makes each wait longer since the last one", async () => {
    const email = "owner@example.in";
    for (let i = 0; i < 5; i++)
      expect(await claimLoginAttempt(database.db, { email, client: "10.0.0.1" }, at(i))).toEqual({
        allowed: true,
      });
    // The sixth right after the fifth waits 2 s from the fifth (at 4 s).
    expect(await claimLoginAttempt(database.db, { email, client: "10.0.0.1" }, at(5))).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    });
    expect(await claimLoginAttempt(database.db, { email, client: "10.0.0.1" }, at(6))).toEqual({
      allowed: true,
    });
    // The seventh waits 4 s from the sixth.
    expect(await claimLoginAttempt(database.db, { email, client: "10.0.0.1" }, at(8))).toEqual({
      allowed: false,
      retryAfterSeconds: 2,
    });
    expect(await claimLoginAttempt(database.db, { email, client: "10.0.0.1" }, at(10))).toEqual({
      allowed: true,
    });
    // Hammering does not lengthen the wait: refused attempts are taken back.
    for (let i = 0; i < 20; i++)
      expect((await claimLoginAttempt(database.db, { email, client: "10.0.0.1" }, at(11))).allowed).toBe(
        false,
      );
    expect(await claimLoginAttempt(database.db, { email, client: "10.0.0.1" }, at(18))).toEqual({
      allowed: true,
    });
    // Never more than a minute, and a success starts afresh.
    for (let s = 100; s < 1000; s += 61)
      await claimLoginAttempt(database.db, { email, client: "10.0.0.1" }, at(s));
    expect(await claimLoginAttempt(database.db, { email, client: "10.0.0.1" }, at(1000))).toEqual({
      allowed: false,
      retryAfterSeconds: 14,
    });
    await loginSucceeded(database.db, email);
    expect(await claimLoginAttempt(database.db, { email, client: "10.0.0.1" }, at(1001))).toEqual({
      allowed: true,
    });
  });

  it("lets at most five of twenty parallel guesses through", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        claimLoginAttempt(database.db, { email: "parallel@example.in", client: "10.0.0.2" }, at(0)),
      ),
    );
    // Counted one after another under the account's lock: exactly the five free attempts are evaluated.
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    // The refused ones were not stored: the owner waits only the first step.
    expect(
      await claimLoginAttempt(database.db, { email: "parallel@example.in", client: "10.0.0.2" }, at(2)),
    ).toEqual({ allowed: true });
  });

  it("applies the per-address ceiling and the shop-wide ceiling before the account", async () => {
    const minute = new Date("2026-11-22T12:00:00Z");
    await database.db.insert(rateLimitHits).values(
      Array.from({ length: rateLimits.loginClient.limit }, () => ({
        bucket: rateLimits.loginClient.bucket,
        subject: "10.1.1.1",
        createdAt: minute,
      })),
    );
    const refused = await claimLoginAttempt(
      database.db,
      { email: "x@example.in", client: "10.1.1.1" },
      minute,
    );
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 });
    // Another address behind the same carrier is not affected.
    expect(
      await claimLoginAttempt(database.db, { email: "x@example.in", client: "10.1.1.2" }, minute),
    ).toEqual({
      allowed: true,
    });
  });

  it("words the wait in seconds or minutes", () => {
    expect(tooManyAttempts({ retryAfterSeconds: 1 })).toBe(
      "Too many attempts. Please try again in 1 second.",
    );
    expect(tooManyAttempts({ retryAfterSeconds: 38 })).toBe(
      "Too many attempts. Please try again in 38 seconds.",
    );
    expect(tooManyAttempts({ retryAfterMinutes: 15 })).toBe(
      "Too many attempts. Please try again in 15 minutes.",
    );
  });
});

describe("purgeOldHits", () => {
  it("deletes hits older than every window and keeps the rest", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const old = new Date(now.getTime() - (LONGEST_WINDOW_MINUTES + 1) * 60_000);
    await database.db.delete(rateLimitHits);
    await database.db
      .insert(rateLimitHits)
      .values([
        ...Array.from({ length: 7 }, (_, i) => ({ bucket: "signup", subject: `old-${i}`, createdAt: old })),
        { bucket: "signup", subject: "recent", createdAt: now },
      ]);
    expect(await purgeOldHits(database.db, now, 5)).toBe(5);
    expect(await purgeOldHits(database.db, now, 5)).toBe(2);
    expect(await purgeOldHits(database.db, now, 5)).toBe(0);
    const left = await database.db.select({ subject: rateLimitHits.subject }).from(rateLimitHits);
    expect(left).toEqual([{ subject: "recent" }]);
  });
});
