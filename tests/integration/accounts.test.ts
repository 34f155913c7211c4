import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, sessions } from "~/db/schema";
import {
  authenticate,
  checkResetToken,
  createCustomer,
  requestPasswordReset,
  resetPassword,
  updateProfile,
} from "~/features/accounts/index.server";
import { closeMailTransports } from "~/lib/mail.server";
import { checkLimit, clearHits, consume, type RateLimitRule, recordHit } from "~/lib/rate-limit.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { signUpCustomer, signupValues } from "./support/fixtures";
import { mailTo, resetTokenIn, sendVia } from "./support/mail";
import { linkIn, startSmtpServer, type TestSmtpServer } from "./support/smtp";

let database: TestDatabase;
let smtp: TestSmtpServer;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  closeMailTransports();
  await smtp?.close();
  await database?.drop();
});

describe(`customers (${databaseKind})`, () => {
  it("creates an account once per e-mail, whatever its case", async () => {
    const values = signupValues();
    const first = await createCustomer(database.db, values);
    expect(first.ok).toBe(true);
    const again = await createCustomer(database.db, { ...values, email: values.email.toUpperCase() });
    expect(again).toEqual({ ok: false, emailTaken: true });
  });

  it("authenticates the right password only, and never returns the hash", async () => {
    const { values } = await signUpCustomer(database.db);
    const customer = await authenticate(database.db, values.email.toUpperCase(), values.password);
    expect(customer).toMatchObject({ firstname: "Asha", email: values.email });
    expect(customer && "passwordHash" in customer).toBe(false);
    expect(await authenticate(database.db, values.email, "wrong password")).toBeNull();
    expect(await authenticate(database.db, "nobody@example.in", values.password)).toBeNull();
  });

  it("updates a profile but refuses another customer's e-mail", async () => {
    const { values, customer: mine } = await signUpCustomer(database.db);
    const { values: theirs } = await signUpCustomer(database.db);
    const options = {
      request: new Request("https://shop.example.in/my-profile", { method: "POST" }),
      baseUrl: "https://shop.example.in",
      send: sendVia(smtp),
    };
    const profile = {
      firstname: "Lakshmi",
      lastname: "Iyer",
      email: mine.email,
      mobile: mine.mobile,
    };
    // A new name needs no password.
    const saved = await updateProfile(database.db, mine.id, profile, options);
    expect(saved).toEqual({
      ok: true,
      contactChanged: false,
      customer: { ...mine, firstname: "Lakshmi", lastname: "Iyer" },
    });
    // A new name is no change of contact details: no notice goes out.
    expect(mailTo(smtp, values.email)).toEqual([]);
    const taken = await updateProfile(
      database.db,
      mine.id,
      { ...profile, email: theirs.email.toUpperCase(), currentPassword: values.password },
      options,
    );
    expect(taken).toEqual({ ok: false, problem: "emailTaken" });
    expect(await authenticate(database.db, theirs.email, theirs.password)).toMatchObject({
      firstname: "Asha",
    });
  });
});

describe(`password reset (${databaseKind})`, () => {
  /** Asks for a reset link and reads its token from the mail that arrived, if one did. */
  async function requestLink(email: string): Promise<string | undefined> {
    const before = mailTo(smtp, email).length;
    await requestPasswordReset(database.db, email, {
      baseUrl: "https://shop.example.in",
      send: sendVia(smtp),
    });
    const [mail, ...more] = mailTo(smtp, email).slice(before);
    expect(more).toEqual([]);
    if (mail) expect(linkIn(mail)).toMatch(/^https:\/\/shop\.example\.in\/reset-password\//);
    return resetTokenIn(mail);
  }

  it("mails nothing for an unknown address", async () => {
    expect(await requestLink("nobody-here@example.in")).toBeUndefined();
  });

  it("sets the new password, ends every session and works only once", async () => {
    const { values, customer } = await signUpCustomer(database.db);
    await database.db.insert(sessions).values({
      idHash: `old-session-${customer.id}`,
      customerId: customer.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const token = await requestLink(values.email);
    if (!token) throw new Error("no reset link was mailed");
    expect(await checkResetToken(database.db, token)).toBe("valid");

    expect(await resetPassword(database.db, token, "a brand new password")).toBe("valid");
    expect(await authenticate(database.db, values.email, values.password)).toBeNull();
    expect(await authenticate(database.db, values.email, "a brand new password")).not.toBeNull();
    const left = await database.db.select().from(sessions).where(eq(sessions.customerId, customer.id));
    expect(left).toHaveLength(0);

    expect(await resetPassword(database.db, token, "yet another password")).toBe("used");
    expect(await authenticate(database.db, values.email, "a brand new password")).not.toBeNull();
  });

  it("a reset revokes every other open link of the customer, and only theirs", async () => {
    const { values } = await signUpCustomer(database.db);
    const { values: bystander } = await signUpCustomer(database.db);
    const first = await requestLink(values.email);
    const second = await requestLink(values.email);
    const third = await requestLink(values.email);
    const theirs = await requestLink(bystander.email);
    if (!first || !second || !third || !theirs) throw new Error("no reset link was mailed");

    expect(await resetPassword(database.db, second, "a brand new password")).toBe("valid");
    expect(await checkResetToken(database.db, first)).toBe("used");
    expect(await checkResetToken(database.db, third)).toBe("used");
    expect(await resetPassword(database.db, third, "an attacker's password")).toBe("used");
    expect(await authenticate(database.db, values.email, "a brand new password")).not.toBeNull();
    // Another customer's link is untouched.
    expect(await checkResetToken(database.db, theirs)).toBe("valid");
  });

  it("refuses an expired or unknown token", async () => {
    const { values } = await signUpCustomer(database.db);
    const token = await requestLink(values.email);
    if (!token) throw new Error("no reset link was mailed");
    await database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await resetPassword(database.db, token, "too late password")).toBe("expired");
    expect(await resetPassword(database.db, "made-up-token", "whatever password")).toBe("unknown");
    expect(await authenticate(database.db, values.email, values.password)).not.toBeNull();
  });
});

describe(`rate limits (${databaseKind})`, () => {
  const rule: RateLimitRule = { bucket: "test", limit: 3, windowMinutes: 10 };

  it("allows the limit, refuses the next and frees up when the oldest hit leaves the window", async () => {
    const start = new Date("2026-11-22T10:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    for (const minute of [0, 1, 2]) {
      expect(await consume(database.db, rule, "client-a", at(minute))).toEqual({ limited: false });
    }
    expect(await consume(database.db, rule, "client-a", at(3))).toEqual({
      limited: true,
      retryAfterMinutes: 7,
    });
    // Another subject has its own allowance.
    expect(await consume(database.db, rule, "client-b", at(3))).toEqual({ limited: false });
    // At 10:10:30 minute 0's hit has aged out, but the refused hit at minute 3 still counts: the next slot
    // frees at 10:11, when minute 1's hit leaves.
    expect(await checkLimit(database.db, rule, "client-a", at(10.5))).toEqual({
      limited: true,
      retryAfterMinutes: 1,
    });
    expect(await checkLimit(database.db, rule, "client-a", at(11.5))).toEqual({ limited: false });
  });

  it("counts only what is recorded, and a cleared subject starts again", async () => {
    const now = new Date();
    for (let i = 0; i < 3; i++) await recordHit(database.db, rule, "failures", now);
    expect((await checkLimit(database.db, rule, "failures", now)).limited).toBe(true);
    await clearHits(database.db, rule, "failures");
    expect(await checkLimit(database.db, rule, "failures", now)).toEqual({ limited: false });
  });
});
