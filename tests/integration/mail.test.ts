import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
// Tests the account mails' own texts, an internal of accounts, on purpose.
import { contactChangedMail, passwordResetMail } from "~/features/accounts/mail.server";
import { describeError } from "~/lib/errors.server";
import { closeMailTransports, sendMail } from "~/lib/mail.server";
import { shop } from "~/lib/shop";
import { linkIn, readMailDir, startSmtpServer, type TestSmtpServer, waitForMailInDir } from "./support/smtp";

const from = "Kaveri Computers <no-reply@kavericomputers.in>";
const resetUrl = "http://localhost:3000/reset-password/4f9c2e7a1b3d5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6";

let smtp: TestSmtpServer;
let outboxDir: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  outboxDir = await mkdtemp(path.join(tmpdir(), "kaveri-outbox-"));
});

afterAll(async () => {
  closeMailTransports();
  await smtp?.close();
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * An SMTP server that takes mail only from a session that logged in with `account` (AUTH PLAIN or LOGIN over
 * the plain connection, as the shop's URL asks), and records every login it was offered and every mail taken.
 */
async function startLoginSmtpServer(account: { username: string; password: string }) {
  const logins: { username: string; password: string; accepted: boolean }[] = [];
  const received: { user: unknown; to: string[]; subject: string }[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: false,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    onAuth(auth, _session, callback) {
      const accepted = auth.username === account.username && auth.password === account.password;
      logins.push({ username: auth.username ?? "", password: auth.password ?? "", accepted });
      if (!accepted) {
        callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
        return;
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        simpleParser(Buffer.concat(chunks))
          .then((parsed) => {
            received.push({
              user: session.user,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: parsed.subject ?? "",
            });
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const listening = server.listen(0, "127.0.0.1", () => resolve((listening.address() as AddressInfo).port));
    listening.once("error", reject);
  });
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    logins,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("sendMail over SMTP", () => {
  it("delivers the reset mail to the server named by the SMTP URL", async () => {
    const message = passwordResetMail({
      to: "asha@example.in",
      firstname: "Asha",
      resetUrl,
      validMinutes: 30,
    });
    const sent = await sendMail(message, { smtpUrl: smtp.smtpUrl, from, outboxDir });
    expect(sent.via).toBe("smtp");

    const mail = await smtp.waitForMessage((m) => m.to.includes("asha@example.in"), 5_000);
    expect(mail.subject).toBe(`Reset your ${shop.name} password`);
    expect(mail.from).toBe(from);
    expect(linkIn(mail)).toBe(resetUrl);
    expect(mail.html).toContain(`href="${resetUrl}"`);
    expect(mail.text).toContain("Hello Asha,");
    expect(mail.text).toContain("30 minutes");
    expect(mail.text).toMatch(/only once/);
    expect(mail.text).toMatch(/did not ask.*ignore this mail/);
    expect(await readdir(outboxDir)).toEqual([]);
  });

  it("delivers several mails sent at once", async () => {
    const before = smtp.messages.length;
    await Promise.all(
      ["one@example.in", "two@example.in"].map((to) =>
        sendMail(
          { to, subject: "Hello", text: "Plain body", html: "<p>HTML body</p>" },
          {
            smtpUrl: smtp.smtpUrl,
            from,
            outboxDir,
          },
        ),
      ),
    );
    const received = await smtp.waitForMessage((m) => m.to.includes("two@example.in"), 5_000);
    expect(received.html).toContain("<p>HTML body</p>");
    await smtp.waitForMessage((m) => m.to.includes("one@example.in"), 5_000);
    expect(smtp.messages.length).toBe(before + 2);
  });

  it("logs in with the SMTP URL's credentials, and a wrong password gets the mail refused", async () => {
    // The login the URL carries, percent-encoded as a URL must carry an @ (the shop decodes it).
    const account = { username: "shop@kaveri", password: "p@ss word" };
    const server = await startLoginSmtpServer(account);
    const withLogin = (username: string, password: string) =>
      server.smtpUrl.replace(
        "smtp://",
        `smtp://${encodeURIComponent(username)}:${encodeURIComponent(password)}@`,
      );
    try {
      const sent = await sendMail(
        { to: "login@example.in", subject: "With login", text: "t", html: "<p>h</p>" },
        { smtpUrl: withLogin(account.username, account.password), from, outboxDir },
      );
      expect(sent.via).toBe("smtp");
      expect(server.logins).toEqual([{ ...account, accepted: true }]);
      // The server took the mail from the session that logged in, and only then.
      expect(server.received).toEqual([
        { user: account.username, to: ["login@example.in"], subject: "With login" },
      ]);

      // The same server, a wrong password: the login is refused, and so is the mail, as an EAUTH error that the
      // shop's callers log through describeError, without the password.
      const wrong = withLogin(account.username, "not the password");
      const failure = await sendMail(
        { to: "refused@example.in", subject: "Wrong login", text: "t", html: "<p>h</p>" },
        { smtpUrl: wrong, from, outboxDir },
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({ code: "EAUTH", responseCode: 535 });
      expect(describeError(failure)).toBe("Error EAUTH: Invalid login: 535 Invalid username or password");
      expect(describeError(failure)).not.toContain("not the password");
      expect(server.logins.at(-1)).toEqual({
        username: account.username,
        password: "not the password",
        accepted: false,
      });

      // Without a login this server takes nothing either: the mail above went through because of the login.
      const anonymous = await sendMail(
        { to: "anonymous@example.in", subject: "No login", text: "t", html: "<p>h</p>" },
        { smtpUrl: server.smtpUrl, from, outboxDir },
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(anonymous).toMatchObject({ responseCode: 530 });
      expect(server.received.map((mail) => mail.subject)).toEqual(["With login"]);
      expect(await readdir(outboxDir)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("hands mail to readers in other processes through a mail directory", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "kaveri-maildir-"));
    const shared = await startSmtpServer({ dir });
    try {
      const waiting = waitForMailInDir(dir, (m) => m.to.includes("other@example.in"), 5_000);
      const message = passwordResetMail({ to: "Other@Example.in", firstname: "Other", resetUrl });
      await sendMail(message, { smtpUrl: shared.smtpUrl, from, outboxDir });
      const mail = await waiting;
      expect(linkIn(mail)).toBe(resetUrl);
      expect(await readMailDir(dir)).toHaveLength(1);
    } finally {
      await shared.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("sendMail without SMTP", () => {
  it("writes an .eml file into the outbox and logs its name, and its link outside production", async () => {
    const log = vi.spyOn(console, "info").mockImplementation(() => {});
    const message = passwordResetMail({
      to: "ravi@example.in",
      firstname: "Ravi",
      resetUrl,
      validMinutes: 30,
    });
    const sent = await sendMail(message, { from, outboxDir, logLinks: true });

    expect(sent.via).toBe("outbox");
    if (sent.via !== "outbox") return;
    expect(path.dirname(sent.file)).toBe(outboxDir);
    expect(path.basename(sent.file)).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(sent.link).toBe(resetUrl);

    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]?.[0]);
    expect(line).toContain(path.basename(sent.file));
    expect(line).not.toContain(outboxDir);
    expect(line).toContain(resetUrl);
    // Nothing personal: neither the recipient nor the subject.
    expect(line).not.toContain("ravi@example.in");
    expect(line).not.toContain("Reset your");

    const raw = await readFile(sent.file);
    expect(raw.toString("latin1")).toMatch(/^[\s\S]*\r\nSubject: Reset your Kaveri Computers password\r\n/);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(`Reset your ${shop.name} password`);
    expect(parsed.from?.value[0]).toMatchObject({
      name: "Kaveri Computers",
      address: "no-reply@kavericomputers.in",
    });
    expect(parsed.text).toContain(resetUrl);
    expect(parsed.html).toContain(`href="${resetUrl}"`);
  });

  it("logs no link in production (a reset link is a secret), only the file's name", async () => {
    const log = vi.spyOn(console, "info").mockImplementation(() => {});
    const message = passwordResetMail({ to: "meera@example.in", firstname: "Meera", resetUrl });
    for (const settings of [
      { from, outboxDir },
      { from, outboxDir, logLinks: false },
    ]) {
      const sent = await sendMail(message, settings);
      if (sent.via !== "outbox") throw new Error("the mail did not go to the outbox");
      expect(sent.link).toBe(resetUrl);
      const line = String(log.mock.lastCall?.[0]);
      expect(line).toBe(`[mail] no SMTP_URL: mail written to the outbox as ${path.basename(sent.file)}`);
    }
  });

  it("gives every mail its own file, sorted by time", async () => {
    vi.spyOn(console, "info").mockImplementation(() => {});
    const dir = await mkdtemp(path.join(tmpdir(), "kaveri-outbox-"));
    try {
      const files: string[] = [];
      for (const to of ["a@example.in", "b@example.in", "c@example.in"]) {
        const sent = await sendMail(
          { to, subject: "Hi", text: "No link here", html: "<p>Hi</p>" },
          {
            from,
            outboxDir: dir,
          },
        );
        if (sent.via === "outbox") files.push(path.basename(sent.file));
        expect(sent.via === "outbox" && sent.link).toBe(undefined);
      }
      expect(new Set(files).size).toBe(3);
      expect((await readdir(dir)).sort()).toEqual(files);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("passwordResetMail", () => {
  it("escapes a hostile first name in the HTML", () => {
    const firstname = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'Co'`;
    const { html, text, subject, to } = passwordResetMail({
      to: "evil@example.in",
      firstname,
      resetUrl,
      validMinutes: 30,
    });
    expect(to).toBe("evil@example.in");
    expect(subject).toContain(shop.name);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&amp; &#39;Co&#39;");
    expect(text).toContain(`Hello ${firstname},`);
  });

  it("names the shop, the link, the validity and what to do if it was not you, in both bodies", () => {
    const { html, text } = passwordResetMail({
      to: "a@example.in",
      firstname: "Asha",
      resetUrl,
      validMinutes: 30,
    });
    for (const body of [text, html]) {
      expect(body).toContain(shop.name);
      expect(body).toContain(resetUrl);
      expect(body).toContain("valid for 30 minutes");
      expect(body).toContain("used only once");
      expect(body).toContain("If you did not ask for a new password, ignore this mail");
    }
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it("keeps a multi-line name on one line and refuses a link that is not http(s)", () => {
    const { text } = passwordResetMail({ to: "a@example.in", firstname: "Asha\r\nBcc: x@evil.in", resetUrl });
    expect(text.split("\n")[0]).toBe("Hello Asha Bcc: x@evil.in,");
    expect(() =>
      passwordResetMail({ to: "a@example.in", firstname: "Asha", resetUrl: "javascript:alert(1)" }),
    ).toThrow(/http/);
  });
});

describe("contactChangedMail", () => {
  const forgotPasswordUrl = "https://shop.example.in/forgot-password";
  const changedAt = new Date("2026-11-22T14:35:00Z");

  it("tells the old address what changed and when, masked, and what to do if it was not them", () => {
    const { to, subject, text, html } = contactChangedMail({
      to: "asha@example.in",
      firstname: "Asha",
      changed: { email: "lakshmi.iyer@example.org", mobile: "9900011223" },
      changedAt,
      forgotPasswordUrl,
    });
    expect(to).toBe("asha@example.in");
    expect(subject).toBe(`Your ${shop.name} email address and mobile number were changed`);
    for (const body of [text, html]) {
      expect(body).toContain("email address and mobile number");
      expect(body).toContain("l•••@example.org");
      expect(body).toContain("••••••1223");
      // The new values are masked: the old address may no longer be the customer's own.
      expect(body).not.toContain("lakshmi.iyer@example.org");
      expect(body).not.toContain("9900011223");
      expect(body).toContain("November 22nd 2026, 8:05 pm (India Standard Time)");
      expect(body).toContain("If you did not make this change");
      expect(body).toContain(shop.email);
      expect(body).toContain(shop.hotline);
      expect(body).toContain("signed the account out on every other device");
      // Reset mails would now reach the new address: only the shop can help the old one.
      expect(body).toContain("password reset mails now go to the new one");
      expect(body).not.toContain(forgotPasswordUrl);
    }
    expect(html).toContain(`href="mailto:${shop.email}"`);
    expect(text).toContain("Hello Asha,");
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it("names only what changed: a new mobile number asks for a password reset", () => {
    const { subject, text, html } = contactChangedMail({
      to: "asha@example.in",
      firstname: "Asha",
      changed: { mobile: "9900011223" },
      changedAt,
      forgotPasswordUrl,
    });
    expect(subject).toBe(`Your ${shop.name} mobile number was changed`);
    expect(text).toContain("Mobile number: changed to ••••••1223");
    expect(text).not.toContain("Email address:");
    expect(text).toContain(`reset your password at once: ${forgotPasswordUrl}`);
    expect(html).toContain(`<a href="${forgotPasswordUrl}">reset your password</a>`);
    for (const body of [text, html]) {
      expect(body).toContain(shop.email);
      expect(body).toContain(shop.hotline);
    }
  });

  it("escapes a hostile name and refuses a notice with nothing changed or a bad link", () => {
    const { html } = contactChangedMail({
      to: "a@example.in",
      firstname: `<img src=x onerror=alert(1)>`,
      changed: { email: `"x"@evil.example` },
      changedAt,
      forgotPasswordUrl,
    });
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&quot;•••@evil.example");
    expect(() =>
      contactChangedMail({ to: "a@example.in", firstname: "A", changed: {}, changedAt, forgotPasswordUrl }),
    ).toThrow(/changed/);
    expect(() =>
      contactChangedMail({
        to: "a@example.in",
        firstname: "A",
        changed: { mobile: "9900011223" },
        changedAt,
        forgotPasswordUrl: "javascript:alert(1)",
      }),
    ).toThrow(/http/);
  });
});
