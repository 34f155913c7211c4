import type { ActionFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { customers, sessions } from "~/db/schema";
import { accountProblems } from "~/features/accounts";
import {
  authenticate,
  checkResetToken,
  findCustomerByEmail,
  getSessionCustomer,
  requestPasswordReset,
  startSession,
} from "~/features/accounts/index.server";
import type { Config } from "~/lib/config.server";
import { closeMailTransports } from "~/lib/mail.server";
import { shop } from "~/lib/shop";
import * as profileRoute from "~/routes/account/my-profile";
import * as resetRoute from "~/routes/account/reset-password.$token";
import * as signupRoute from "~/routes/account/signup";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";
import { signUpCustomer, signupValues } from "./support/fixtures";
import { mailTo, resetTokenIn, sendVia } from "./support/mail";
import { startSmtpServer, type TestSmtpServer } from "./support/smtp";

/*
 * The account routes' actions (my-profile, signup, reset-password) run as Remix would run them, against a real
 * database and a real SMTP server on localhost, with the database and configuration of this file.
 */

const BASE = "https://shop.example.in";

const state = vi.hoisted(() => ({ db: undefined as unknown, smtpUrl: "" }));

vi.mock("~/db/db.server", () => ({ getDb: async () => state.db }));
vi.mock("~/lib/config.server", () => ({
  config: () =>
    ({
      publicUrl: "https://shop.example.in",
      isProduction: false,
      cookieSecure: false,
      sessionSecret: "integration-test-session-secret-0123456789abcdef",
      smtpUrl: state.smtpUrl,
      mailFrom: "Kaveri Computers <no-reply@kavericomputers.in>",
      outboxDir: "/nonexistent/outbox",
    }) as Config,
}));

let database: TestDatabase;
let smtp: TestSmtpServer;

beforeAll(async () => {
  database = await openTestDatabase();
  state.db = database.db;
  smtp = await startSmtpServer();
  state.smtpUrl = smtp.smtpUrl;
});

afterAll(async () => {
  closeMailTransports();
  await smtp?.close();
  await database?.drop();
});

type Handler = (args: ActionFunctionArgs) => Promise<Response> | Response;

/** Runs an action the way Remix would: a thrown Response (a redirect) is the answer. */
async function run(
  handler: Handler,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    return await handler({ request, params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function post(path: string, fields: Record<string, string>, cookie?: string): Request {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

type Refusal = {
  result: { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
  toast: { type: string; message: string } | null;
};

async function refusal(response: Response): Promise<Refusal> {
  return (await response.json()) as Refusal;
}

const RESET_SUBJECT = `Reset your ${shop.name} password`;

/** A customer signed in on this "device" and on two others, with two open reset links (mailed to them). */
async function customerOnThreeDevices() {
  const { values, customer } = await signUpCustomer(database.db);
  const cookieOf = async () => (await startSession(database.db, customer.id)).split(";")[0] ?? "";
  const current = await cookieOf();
  const others = [await cookieOf(), await cookieOf()];
  for (let i = 0; i < 2; i++) {
    await requestPasswordReset(database.db, values.email, { baseUrl: BASE, send: sendVia(smtp) });
  }
  const resetMails = mailTo(smtp, values.email);
  expect(resetMails.map((mail) => mail.subject)).toEqual([RESET_SUBJECT, RESET_SUBJECT]);
  const resetTokens = resetMails.map((mail) => resetTokenIn(mail) ?? "");
  return { values, customer, current, others, resetTokens };
}

/** The notice of a changed e-mail or mobile number that reached this address. */
function changeNotice(address: string) {
  return smtp.waitForMessage((mail) => mail.to.includes(address) && mail.subject !== RESET_SUBJECT, 5_000);
}

function signedIn(cookie: string) {
  return getSessionCustomer(database.db, new Request(`${BASE}/`, { headers: { Cookie: cookie } }));
}

async function storedCustomer(id: number) {
  const [row] = await database.db
    .select({ email: customers.email, mobile: customers.mobile, firstname: customers.firstname })
    .from(customers)
    .where(eq(customers.id, id));
  return row;
}

async function sessionCount(customerId: number): Promise<number> {
  const rows = await database.db.select().from(sessions).where(eq(sessions.customerId, customerId));
  return rows.length;
}

describe(`my profile: a new e-mail or mobile needs the current password (${databaseKind})`, () => {
  it("refuses a new e-mail without the current password, keeping what was typed", async () => {
    const { values, customer, current } = await customerOnThreeDevices();
    const response = await run(
      profileRoute.action,
      post(
        "/my-profile",
        { firstname: "Lakshmi", lastname: "Iyer", email: "lakshmi@example.in", mobile: values.mobile },
        current,
      ),
    );
    expect(response.status).toBe(400);
    const { result, toast } = await refusal(response);
    const message = accountProblems.currentPasswordRequired;
    expect(result.error).toEqual({ currentPassword: [message] });
    expect(toast).toMatchObject({ type: "error", message });
    expect(result.initialValue).toMatchObject({ firstname: "Lakshmi", email: "lakshmi@example.in" });
    expect(await storedCustomer(customer.id)).toEqual({
      email: values.email,
      mobile: values.mobile,
      firstname: "Asha",
    });
    expect(await sessionCount(customer.id)).toBe(3);
  });

  it("refuses a wrong current password with 401, never echoing it, and changes nothing", async () => {
    const { values, customer, current, others, resetTokens } = await customerOnThreeDevices();
    const response = await run(
      profileRoute.action,
      post(
        "/my-profile",
        {
          firstname: "Asha",
          lastname: "Rao",
          email: values.email,
          mobile: "+91 99000 11223",
          currentPassword: "not the password",
        },
        current,
      ),
    );
    expect(response.status).toBe(401);
    const { result } = await refusal(response);
    expect(result.error).toEqual({ currentPassword: [accountProblems.currentPasswordWrong] });
    expect(result.initialValue).toMatchObject({ mobile: "+91 99000 11223" });
    expect(result.initialValue).not.toHaveProperty("currentPassword");
    expect(await storedCustomer(customer.id)).toMatchObject({ mobile: values.mobile });
    for (const cookie of [current, ...others]) expect(await signedIn(cookie)).not.toBeNull();
    for (const token of resetTokens) expect(await checkResetToken(database.db, token)).toBe("valid");
  });

  it("with the right password: saves, keeps this session, ends the others, revokes reset links and tells the old address", async () => {
    const { values, customer, current, others, resetTokens } = await customerOnThreeDevices();
    const newEmail = `lakshmi.${customer.id}@example.org`;
    const response = await run(
      profileRoute.action,
      post(
        "/my-profile",
        {
          firstname: "Lakshmi",
          lastname: "Iyer",
          email: newEmail.toUpperCase(),
          mobile: values.mobile,
          currentPassword: values.password,
        },
        current,
      ),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/my-profile");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);

    expect(await storedCustomer(customer.id)).toEqual({
      email: newEmail,
      mobile: values.mobile,
      firstname: "Lakshmi",
    });
    expect(await signedIn(current)).toMatchObject({ id: customer.id, email: newEmail });
    for (const cookie of others) expect(await signedIn(cookie)).toBeNull();
    expect(await sessionCount(customer.id)).toBe(1);
    for (const token of resetTokens) expect(await checkResetToken(database.db, token)).toBe("used");
    expect(await authenticate(database.db, newEmail, values.password)).not.toBeNull();

    const notice = await changeNotice(values.email);
    expect(notice.subject).toBe(`Your ${shop.name} email address was changed`);
    expect(notice.text).toContain("Hello Lakshmi,");
    expect(notice.text).toContain("Email address: changed to l•••@example.org");
    expect(notice.text).toContain("(India Standard Time)");
    expect(notice.text).toContain("If you did not make this change, contact us at once");
    expect(notice.text).toContain(shop.hotline);
    expect(notice.html).toContain(`href="mailto:${shop.email}"`);
    expect(mailTo(smtp, newEmail)).toEqual([]);
  });

  it("a new mobile number alone also needs the password and tells the (unchanged) address", async () => {
    const { values, customer, current, others } = await customerOnThreeDevices();
    const form = { firstname: "Asha", lastname: "Rao", email: values.email, mobile: "0 99000 11223" };
    const refused = await run(profileRoute.action, post("/my-profile", form, current));
    expect(refused.status).toBe(400);

    const saved = await run(
      profileRoute.action,
      post("/my-profile", { ...form, currentPassword: values.password }, current),
    );
    expect(saved.status).toBe(303);
    expect(await storedCustomer(customer.id)).toMatchObject({ mobile: "9900011223" });
    expect(await signedIn(current)).not.toBeNull();
    for (const cookie of others) expect(await signedIn(cookie)).toBeNull();
    const notice = await changeNotice(values.email);
    expect(notice.subject).toBe(`Your ${shop.name} mobile number was changed`);
    expect(notice.text).toContain("Mobile number: changed to ••••••1223");
    expect(notice.text).toContain(`reset your password at once: ${BASE}/forgot-password`);
  });

  it("a new name needs no password, keeps every session and sends nothing", async () => {
    const { values, customer, current, others, resetTokens } = await customerOnThreeDevices();
    const response = await run(
      profileRoute.action,
      post(
        "/my-profile",
        // The same e-mail and mobile, typed differently, are no change.
        { firstname: "Meera", lastname: "Rao", email: values.email.toUpperCase(), mobile: "+91 98450 12345" },
        current,
      ),
    );
    expect(response.status).toBe(303);
    // A notice is sent after the answer: from here, this change's notice would have as long to arrive as the
    // control's below (changeNotice's 5 s).
    const answeredAt = Date.now();
    expect(await storedCustomer(customer.id)).toEqual({
      email: values.email,
      mobile: values.mobile,
      firstname: "Meera",
    });
    for (const cookie of [current, ...others]) expect(await signedIn(cookie)).not.toBeNull();
    for (const token of resetTokens) expect(await checkResetToken(database.db, token)).toBe("valid");

    // The control: a real change of the mobile number, by the same customer, is told to the same address.
    const control = await run(
      profileRoute.action,
      post(
        "/my-profile",
        {
          firstname: "Meera",
          lastname: "Rao",
          email: values.email,
          mobile: "0 99000 11223",
          currentPassword: values.password,
        },
        current,
      ),
    );
    expect(control.status).toBe(303);
    const notice = await changeNotice(values.email);
    expect(notice.subject).toBe(`Your ${shop.name} mobile number was changed`);
    // No other notice within the same 5 s of the name change's answer.
    await expect(
      smtp.waitForMessage(
        (mail) => mail.to.includes(values.email) && mail.subject !== RESET_SUBJECT && mail !== notice,
        Math.max(0, answeredAt + 5_000 - Date.now()),
      ),
    ).rejects.toThrow(/No matching mail/);
    // The two reset mails of the set-up and the control's notice, nothing for the name.
    expect(mailTo(smtp, values.email).map((mail) => mail.subject)).toEqual([
      RESET_SUBJECT,
      RESET_SUBJECT,
      `Your ${shop.name} mobile number was changed`,
    ]);
  });

  it("five wrong current passwords in 15 minutes stop the next check, even a right one (429)", async () => {
    const { values, customer, current } = await customerOnThreeDevices();
    const form = { firstname: "Asha", lastname: "Rao", email: "elsewhere@example.in", mobile: values.mobile };
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await run(
        profileRoute.action,
        post("/my-profile", { ...form, currentPassword: `wrong ${attempt}` }, current),
      );
      expect(wrong.status).toBe(401);
    }
    const right = await run(
      profileRoute.action,
      post("/my-profile", { ...form, currentPassword: values.password }, current),
    );
    expect(right.status).toBe(429);
    expect((await refusal(right)).result.error).toEqual({
      currentPassword: ["Too many attempts. Please try again in 15 minutes."],
    });
    expect(await storedCustomer(customer.id)).toMatchObject({ email: values.email });
  });

  it("an e-mail of another account is refused once the password is right", async () => {
    const { values, current } = await customerOnThreeDevices();
    const other = await customerOnThreeDevices();
    const response = await run(
      profileRoute.action,
      post(
        "/my-profile",
        {
          firstname: "Asha",
          lastname: "Rao",
          email: other.values.email,
          mobile: values.mobile,
          currentPassword: values.password,
        },
        current,
      ),
    );
    expect(response.status).toBe(409);
    expect((await refusal(response)).result.error).toEqual({
      email: ["This email is already used by another account"],
    });
    expect(await sessionCount(other.customer.id)).toBe(3);
  });
});

describe(`common passwords are refused where a password is set (${databaseKind})`, () => {
  it("sign-up refuses a common password on its field and creates no account", async () => {
    const values = signupValues();
    for (const password of ["12345678", "password", "Password1"]) {
      const response = await run(signupRoute.action, post("/signup", { ...values, password }));
      expect(response.status).toBe(400);
      const { result } = await refusal(response);
      expect(result.error).toEqual({ password: [accountProblems.commonPassword] });
      expect(result.initialValue).toMatchObject({ email: values.email });
      expect(result.initialValue).not.toHaveProperty("password");
    }
    expect(accountProblems.commonPassword).toBe(
      "This password is too common. Please choose one that is harder to guess.",
    );
    expect(await findCustomerByEmail(database.db, values.email)).toBeNull();

    const created = await run(signupRoute.action, post("/signup", values));
    expect(created.status).toBe(303);
    expect(await findCustomerByEmail(database.db, values.email)).not.toBeNull();
  });

  it("reset password refuses a common password and leaves the link usable", async () => {
    const { values, resetTokens } = await customerOnThreeDevices();
    const [token = ""] = resetTokens;
    for (const password of ["12345678", "PASSWORD", "iloveyou"]) {
      const response = await run(resetRoute.action, post(`/reset-password/${token}`, { password }), {
        token,
      });
      expect(response.status).toBe(400);
      expect((await refusal(response)).result.error).toEqual({ password: [accountProblems.commonPassword] });
    }
    expect(await checkResetToken(database.db, token)).toBe("valid");
    expect(await authenticate(database.db, values.email, values.password)).not.toBeNull();

    const done = await run(
      resetRoute.action,
      post(`/reset-password/${token}`, { password: "a much better passphrase" }),
      { token },
    );
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/login");
    expect(await authenticate(database.db, values.email, "a much better passphrase")).not.toBeNull();
    // Every other open link of the customer went with it.
    expect(await checkResetToken(database.db, resetTokens[1] ?? "")).toBe("used");
  });
});
