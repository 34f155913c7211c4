import type { Page } from "@playwright/test";
import {
  dismissToast,
  logIn,
  newCustomer,
  signedUp,
  signUp,
  signUpElsewhere,
  type TestCustomer,
} from "./support/accounts";
import { expectNoAxeViolations } from "./support/axe";
import { linkIn, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";

const greeting = (customer: TestCustomer) => new RegExp(`Welcome\\s+${customer.firstname}`);

function form(page: Page, name: string) {
  return page.getByRole("form", { name });
}

/** The wait a "Too many attempts" message asks for, in seconds (0 when there is none). */
function secondsToWait(text: string): number {
  const match = text.match(/try again in (\d+) (second|minute)/);
  return match ? Number(match[1]) * (match[2] === "minute" ? 60 : 1) : 0;
}

async function expectLoggedOut(page: Page) {
  await expect(page.getByRole("link", { name: /Log in\s+My Account/ })).toBeVisible();
}

test.describe("sign up", () => {
  test("creates the account, greets the customer and the LogOut button ends the session", async ({
    page,
  }) => {
    await page.goto("/signup");
    await expectNoAxeViolations(page);
    const customer = await signUp(page);
    await expect(page.getByTestId("toast")).toContainText("User Created Successfully");
    await expect(page).toHaveURL(/\/$/);
    await dismissToast(page);
    await page.getByRole("button", { name: "LogOut" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectLoggedOut(page);
    await page.goto("/my-profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-profile$/);
    await logIn(page, customer);
  });

  test("shows every message of the form and keeps what was typed", async ({ page }) => {
    await page.goto("/signup");
    const signup = form(page, "Sign Up");
    await signup.getByRole("button", { name: "Sign Up" }).click();
    for (const message of [
      "First Name is Required",
      "Last Name is Required",
      "email is a required field",
      "mobile is a required field",
      "password is a required field",
    ]) {
      await expect(signup.getByText(message, { exact: true })).toBeVisible();
    }
    await signup.getByLabel("First Name").fill("Ravi");
    await signup.getByLabel("Email").fill("ravi@not-an-address");
    await signup.getByLabel("Mobile Number").fill("12345");
    await signup.getByLabel("Password").fill("short");
    await signup.getByRole("button", { name: "Sign Up" }).click();
    await expect(signup.getByText("email must be a valid email", { exact: true })).toBeVisible();
    await expect(
      signup.getByText("mobile must be a valid 10-digit mobile number", { exact: true }),
    ).toBeVisible();
    await expect(signup.getByText("password must be at least 8 characters", { exact: true })).toBeVisible();
    await expect(signup.getByText("First Name is Required", { exact: true })).toHaveCount(0);
    await expect(signup.getByLabel("First Name")).toHaveValue("Ravi");
    await expect(signup.getByLabel("Mobile Number")).toHaveValue("12345");
  });

  test("a taken e-mail is refused with the server's message as a toast and beside the field", async ({
    page,
    browser,
  }) => {
    const existing = await signUpElsewhere(browser);
    await page.goto("/signup");
    const signup = form(page, "Sign Up");
    await signup.getByLabel("First Name").fill("Other");
    await signup.getByLabel("Last Name").fill("Person");
    await signup.getByLabel("Email").fill(existing.email.toUpperCase());
    await signup.getByLabel("Mobile Number").fill("+91 99000 11223");
    await signup.getByLabel("Password").fill("another-password");
    await signup.getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByTestId("toast")).toContainText("User Already Exists");
    await expect(signup.getByText("User Already Exists", { exact: true })).toBeVisible();
    await expect(signup.getByLabel("First Name")).toHaveValue("Other");
    await expect(signup.getByLabel("Password")).toHaveValue("");
    await expectLoggedOut(page);
  });
});

test.describe("log in", () => {
  test("logs in, greets by first name and offers the forgot-password link and SignUp button", async ({
    page,
    browser,
  }) => {
    const customer = await signUpElsewhere(browser);
    await page.goto("/login");
    await expectNoAxeViolations(page);
    const login = form(page, "Login");
    await expect(login.getByRole("link", { name: "Forgot Password?" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
    await expect(login.getByRole("link", { name: "SignUp" })).toHaveAttribute("href", "/signup");
    await logIn(page, customer);
    await expect(page.getByTestId("toast")).toContainText("User Logged In Successfully");
    await dismissToast(page);
    await page.getByRole("link", { name: greeting(customer) }).click();
    await expect(page).toHaveURL(/\/my-profile$/);
  });

  test("messages for an empty form, and a wrong password shown as a toast", async ({ page, browser }) => {
    const customer = await signUpElsewhere(browser);
    await page.goto("/login");
    const login = form(page, "Login");
    await login.getByRole("button", { name: "Login" }).click();
    await expect(login.getByText("email is a required field", { exact: true })).toBeVisible();
    await expect(login.getByText("Password is Required", { exact: true })).toBeVisible();
    await login.getByLabel("Email").fill(customer.email);
    await login.getByLabel("Password").fill("not-the-password");
    await login.getByRole("button", { name: "Login" }).click();
    await expect(page.getByTestId("toast")).toContainText("Invalid email or password");
    await expect(login.getByLabel("Email")).toHaveValue(customer.email);
    await expectLoggedOut(page);
  });

  test("after five failures one e-mail must wait a little, then the right password still works", async ({
    page,
    browser,
    request,
    baseURL,
    javaScriptEnabled,
  }) => {
    // The waits it provokes can add up to a minute on a slow machine.
    test.setTimeout(120_000);
    const customer = await signUpElsewhere(browser);
    await page.goto("/login");
    const login = form(page, "Login");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await login.getByLabel("Email").fill(customer.email);
      await login.getByLabel("Password").fill(`wrong-${attempt}`);
      await login.getByRole("button", { name: "Login" }).click();
      await expect(login.getByRole("alert")).toHaveText("Invalid email or password");
      // Wait for the answer to this attempt before the next one.
      await expect(login.getByLabel("Password")).toHaveValue("");
    }
    // More wrong guesses until the wait asked for (2 s, 4 s, 8 s …) is long enough for the next step to arrive
    // within it on a slow machine too. Once a wait is over, a guess is evaluated (401) and counted; a guess
    // inside the longer wait that one started is refused (429), not counted, and told how long. (The guess sent
    // right after may still be evaluated when hashing the password took the whole wait: then it is counted too,
    // and the test guesses again.)
    const wrongGuess = (password: string) =>
      request.post("/login", {
        form: { email: customer.email, password },
        headers: { Origin: baseURL ?? "" },
        maxRedirects: 0,
      });
    let wait = 2;
    let told = "";
    for (let round = 0; round < 6 && wait < 8; round++) {
      await expect
        .poll(async () => (await wrongGuess(`over-${round}`)).status(), {
          timeout: (wait + 15) * 1000,
          intervals: [250, 500, 1000],
        })
        .toBe(401);
      await expect
        .poll(
          async () => {
            const answer = await wrongGuess(`inside-${round}`);
            told = await answer.text();
            return answer.status();
          },
          { timeout: 30_000 },
        )
        .toBe(429);
      wait = secondsToWait(told);
    }
    expect(wait).toBeGreaterThanOrEqual(8);
    // Even the right password waits now: a short wait, never more than a minute.
    await login.getByLabel("Email").fill(customer.email);
    await login.getByLabel("Password").fill(customer.password);
    await login.getByRole("button", { name: "Login" }).click();
    const alert = login.getByRole("alert");
    await expect(alert).toHaveText(/^Too many attempts\. Please try again in (\d+ seconds?|1 minute)\.$/);
    const seconds = secondsToWait((await alert.textContent()) ?? "");
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    await expectLoggedOut(page);
    // Then the owner gets in: it was a wait, not a lock-out. The right password through the form, again each
    // time it is refused (a refused try is not counted), until it is let through.
    await expect
      .poll(
        async () => {
          await login.getByLabel("Email").fill(customer.email);
          await login.getByLabel("Password").fill(customer.password);
          const [answer] = await Promise.all([
            page.waitForResponse(
              // The form's post: the page itself without JavaScript, its data address (single fetch) with it.
              (r) =>
                r.request().method() === "POST" && /^\/login(?:\.data)?$/.test(new URL(r.url()).pathname),
            ),
            login.getByRole("button", { name: "Login" }).click(),
          ]);
          // Refused: the answer's page (without JavaScript a new one) is shown before the next try.
          if (answer.status() === 429) await expect(login.getByLabel("Password")).toHaveValue("");
          return answer.status();
        },
        { timeout: (seconds + 15) * 1000, intervals: [1000] },
      )
      // Let in: sent home, by a 303 or, to the page's JavaScript (single fetch), a 202 naming the place.
      .toBe(javaScriptEnabled ? 202 : 303);
    await expect(page.getByRole("link", { name: greeting(customer) })).toBeVisible();
  });

  test("a protected page sends a visitor to log in and back there afterwards", async ({ page, browser }) => {
    const customer = await signUpElsewhere(browser);
    for (const path of ["/wishlist", "/my-profile"]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=${encodeURIComponent(path)}$`));
    }
    await logIn(page, customer);
    await expect(page).toHaveURL(/\/my-profile$/);
    // Signed in, log-in and sign-up lead home.
    for (const path of ["/login", "/signup"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test("an off-site redirectTo is ignored", async ({ page, browser }) => {
    const customer = await signUpElsewhere(browser);
    await page.goto(`/login?redirectTo=${encodeURIComponent("//evil.example/phish")}`);
    await logIn(page, customer);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });
});

test.describe("password reset", () => {
  test("the mailed link sets a new password, revokes old sessions and works only once", async ({
    page,
    browser,
  }) => {
    // A long flow (several forms, pages or e-mails): a busy 2-core machine needs more than 30 s.
    test.slow();
    const customer = await signUpElsewhere(browser);
    // Another device stays logged in with the old password.
    const otherDevice = await browser.newContext();
    const otherPage = await otherDevice.newPage();
    await logIn(otherPage, customer);

    await page.goto("/login");
    await form(page, "Login").getByRole("link", { name: "Forgot Password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expectNoAxeViolations(page);
    const forgot = form(page, "Reset Your Password");
    await expect(forgot.getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/login");
    await forgot.getByLabel("Email").fill(customer.email);
    await forgot.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByTestId("toast")).toContainText("Forgot Password Email Sent Successfully!");

    const mail = await waitForMail((m) => m.to.includes(customer.email), 15_000);
    expect(mail.subject).toContain("Kaveri Computers");
    const link = linkIn(mail) ?? "";
    expect(link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}$/);

    await page.goto(link);
    await expectNoAxeViolations(page);
    const reset = form(page, "Reset Password");
    await reset.getByRole("button", { name: "Ok" }).click();
    await expect(reset.getByText("password is a required field", { exact: true })).toBeVisible();
    const newPassword = `${customer.password}-new`;
    await reset.getByLabel("New Password").fill(newPassword);
    await reset.getByRole("button", { name: "Ok" }).click();
    await expect(page.getByTestId("toast")).toContainText("Password change Successfully!");
    await expect(page).toHaveURL(/\/login$/);

    // The old session is gone, the old password no longer works, the new one does.
    await otherPage.goto("/");
    await expectLoggedOut(otherPage);
    await otherDevice.close();
    const login = form(page, "Login");
    await login.getByLabel("Email").fill(customer.email);
    await login.getByLabel("Password").fill(customer.password);
    await login.getByRole("button", { name: "Login" }).click();
    // The reset's own toast may still be showing beside this one.
    await expect(page.getByTestId("toast").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await logIn(page, { ...customer, password: newPassword });

    // The link was single use.
    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("already been used");
  });

  test("an unknown address gets the same answer and no mail while a known one's arrives; an unknown token is explained", async ({
    page,
    browser,
  }) => {
    // The absence of a mail is waited for as long as a mail is allowed to take (15 s).
    test.slow();
    const known = await signUpElsewhere(browser);
    const email = newCustomer().email;
    await page.goto("/forgot-password");
    const forgot = form(page, "Reset Your Password");
    await forgot.getByRole("button", { name: "Submit" }).click();
    await expect(forgot.getByText("email is a required field", { exact: true })).toBeVisible();
    await forgot.getByLabel("Email").fill(email);
    await forgot.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByTestId("toast")).toContainText("Forgot Password Email Sent Successfully!");
    // From the answer on, a mail to the unknown address has the same 15 s as the known one's below.
    const unknownMailCame = waitForMail((m) => m.to.includes(email), 15_000).then(
      () => true,
      () => false,
    );

    // The control, asked for right after: the known address's reset mail arrives.
    await page.goto("/forgot-password");
    await forgot.getByLabel("Email").fill(known.email);
    await forgot.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByTestId("toast")).toContainText("Forgot Password Email Sent Successfully!");
    const mail = await waitForMail((m) => m.to.includes(known.email), 15_000);
    expect(linkIn(mail)).toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}$/);
    expect(await unknownMailCame).toBe(false);

    const response = await page.goto("/reset-password/not-a-real-token");
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("alert")).toHaveText(/not valid/);
    await expect(page.getByRole("link", { name: "Send me a new link" })).toHaveAttribute(
      "href",
      "/forgot-password",
    );
  });
});

test.describe("my profile", () => {
  test("read-only until the edit icon; Save updates the details and the greeting", async ({ page }) => {
    const customer = await signedUp(page);
    await page.goto("/my-profile");
    await expectNoAxeViolations(page);
    const profile = form(page, "Update Profile");
    await expect(profile.getByLabel("First Name")).toHaveValue(customer.firstname);
    await expect(profile.getByLabel("Email")).toHaveValue(customer.email);
    await expect(profile.getByLabel("Mobile Number")).toHaveValue("9845012345");
    await expect(profile.getByLabel("First Name")).toHaveAttribute("readonly", "");
    await expect(profile.getByRole("button", { name: "Save" })).toHaveCount(0);

    await page.getByRole("link", { name: "Edit profile" }).click();
    await expect(profile.getByLabel("First Name")).not.toHaveAttribute("readonly", "");
    await profile.getByLabel("First Name").fill("");
    await profile.getByLabel("Email").fill("not-an-email");
    await profile.getByRole("button", { name: "Save" }).click();
    await expect(profile.getByText("First Name is Required", { exact: true })).toBeVisible();
    await expect(profile.getByText("Email Should be valid", { exact: true })).toBeVisible();

    await profile.getByLabel("First Name").fill("Lakshmi");
    await profile.getByLabel("Email").fill(customer.email);
    await profile.getByLabel("Mobile Number").fill("0 99000 11223");
    // A new mobile number needs the current password.
    await profile.getByLabel("Current Password").fill(customer.password);
    await profile.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText("Profile Updated Successfully!");
    await expect(page.getByRole("link", { name: /Welcome\s+Lakshmi/ })).toBeVisible();
    await expect(profile.getByLabel("Mobile Number")).toHaveValue("9900011223");
    await expect(profile.getByRole("button", { name: "Save" })).toHaveCount(0);
  });

  test("an e-mail that belongs to another customer is refused", async ({ page, browser }) => {
    const other = await signUpElsewhere(browser);
    const customer = await signedUp(page);
    await page.goto("/my-profile?edit=1");
    const profile = form(page, "Update Profile");
    await profile.getByLabel("Email").fill(other.email);
    await profile.getByLabel("Current Password").fill(customer.password);
    await profile.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toContainText("This email is already used by another account");
    await expect(profile.getByLabel("Email")).toHaveValue(other.email);
    await expect(profile.getByLabel("Current Password")).toHaveValue("");
  });

  test("a new e-mail needs the current password; other devices are signed out and the old address is told", async ({
    page,
    browser,
  }) => {
    // A long flow (several forms, pages or e-mails): a busy 2-core machine needs more than 30 s.
    test.slow();
    const customer = await signedUp(page);
    // Another device stays logged in until the e-mail changes.
    const otherDevice = await browser.newContext();
    const otherPage = await otherDevice.newPage();
    await logIn(otherPage, customer);

    await page.goto("/my-profile?edit=1");
    const profile = form(page, "Update Profile");
    const currentPassword = profile.getByLabel("Current Password");
    await expect(currentPassword).toHaveAttribute("type", "password");
    await expect(currentPassword).toHaveAttribute("autocomplete", "current-password");
    await expect(profile.getByText("Needed only to change your email or mobile number.")).toBeVisible();
    await expectNoAxeViolations(page);

    const newEmail = newCustomer().email;
    await profile.getByLabel("First Name").fill("Lakshmi");
    await profile.getByLabel("Email").fill(newEmail);
    await profile.getByRole("button", { name: "Save" }).click();
    const required = "Please enter your current password to change your email or mobile number";
    await expect(profile.getByText(required, { exact: true })).toBeVisible();
    await expect(profile.getByLabel("Email")).toHaveValue(newEmail);
    await expect(profile.getByLabel("First Name")).toHaveValue("Lakshmi");

    await currentPassword.fill("not-the-password");
    await profile.getByRole("button", { name: "Save" }).click();
    await expect(profile.getByText("Current password is incorrect", { exact: true })).toBeVisible();
    await expect(profile.getByLabel("Email")).toHaveValue(newEmail);
    await expect(currentPassword).toHaveValue("");

    await currentPassword.fill(customer.password);
    await profile.getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByTestId("toast").filter({ hasText: "Profile Updated Successfully!" }),
    ).toBeVisible();
    await expect(profile.getByLabel("Email")).toHaveValue(newEmail);
    await expect(page.getByRole("link", { name: /Welcome\s+Lakshmi/ })).toBeVisible();

    // The other device was signed out; this one stays signed in.
    await otherPage.goto("/");
    await expectLoggedOut(otherPage);
    await otherDevice.close();
    await page.goto("/my-profile");
    await expect(page).toHaveURL(/\/my-profile$/);

    // The old address hears of the change.
    const notice = await waitForMail(
      (m) => m.to.includes(customer.email) && m.subject.includes("email address was changed"),
      15_000,
    );
    expect(notice.text).toContain("If you did not make this change");
    expect(notice.text).not.toContain(newEmail);
  });
});

test("a form posted from another website is refused", async ({ request }) => {
  const response = await request.post("/login", {
    headers: { Origin: "https://evil.example" },
    form: { email: "someone@example.in", password: "whatever" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  const sameSite = await request.post("/newsletter", {
    headers: { Origin: new URL(response.url()).origin },
    form: { email: "" },
    maxRedirects: 0,
  });
  // The same form from the shop itself reaches the app: its empty address is refused there, back home.
  expect([sameSite.status(), sameSite.headers().location]).toEqual([303, "/"]);
});
