import { watch } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type AddressObject, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/**
 * The one way tests read the mail the shop sends: a real SMTP server on localhost that accepts every message
 * (any or no login, no TLS), parses it, and keeps it. Plain Node, no test-runner globals and no app code, so
 * Vitest and Playwright can both use it. Links in a mail are read with `linkIn`.
 *
 * In one process (Vitest): the shop's own sendMail delivers to it (route actions through SMTP_URL, modules
 * that take a `send` through `sendVia` in ./mail.ts), and the test reads what arrived:
 *   const smtp = await startSmtpServer();
 *   const mail = await smtp.waitForMessage((m) => m.to.includes("asha@example.in"));
 *   await smtp.close();
 *
 * Across processes (Playwright: the app server sends, test workers read): playwright.config.ts starts it
 * as a webServer entry with a mail directory
 * (`npx tsx tests/integration/support/smtp.ts --port 2525 --dir .cache/e2e-mail`), gives the app
 * SMTP_URL=smtp://127.0.0.1:2525, and the browser tests read with `waitForMail` (tests/e2e/support/mail.ts),
 * which watches that directory through `waitForMailInDir`.
 */

export type ReceivedMail = {
  /** The From header as text, e.g. `Kaveri Computers <no-reply@kavericomputers.in>`. */
  from: string;
  /** Every recipient address of the SMTP envelope, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The whole message as received (RFC 822). */
  raw: string;
  receivedAt: string;
};

export type MailPredicate = (mail: ReceivedMail) => boolean;

export type TestSmtpServer = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL or sendMail's settings. */
  smtpUrl: string;
  port: number;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /** The first message (already received or still to come) that matches; rejects after timeoutMs. */
  waitForMessage: (predicate?: MailPredicate, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

export type SmtpServerOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Also write every message as a JSON file here, for readers in other processes (waitForMailInDir). */
  dir?: string;
};

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((item) => item.value.map((entry) => entry.address ?? "")).filter(Boolean);
}

/** `Name <address>` (or the bare address) of the first From address, without the parser's quoting. */
function fromHeader(value: AddressObject | undefined): string | undefined {
  const first = value?.value[0];
  if (!first?.address) return undefined;
  return first.name ? `${first.name} <${first.address}>` : first.address;
}

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const host = options.host ?? "127.0.0.1";
  const messages: ReceivedMail[] = [];
  const listeners = new Set<(mail: ReceivedMail) => void>();
  let sequence = 0;

  if (options.dir) await mkdir(options.dir, { recursive: true });

  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "test" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then(async (parsed) => {
            const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
            const mail: ReceivedMail = {
              from:
                fromHeader(parsed.from) ??
                (session.envelope.mailFrom ? session.envelope.mailFrom.address : ""),
              to: envelopeTo.length > 0 ? envelopeTo : addresses(parsed.to).map((a) => a.toLowerCase()),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              raw: raw.toString("utf8"),
              receivedAt: new Date().toISOString(),
            };
            if (options.dir) {
              sequence += 1;
              const name = `${Date.now()}-${process.pid}-${String(sequence).padStart(6, "0")}`;
              const temporary = path.join(options.dir, `.${name}.tmp`);
              await writeFile(temporary, JSON.stringify(mail));
              await rename(temporary, path.join(options.dir, `${name}.json`));
            }
            messages.push(mail);
            for (const listener of listeners) listener(mail);
            callback();
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    const listening = server.listen(options.port ?? 0, host, () => {
      resolve((listening.address() as AddressInfo).port);
    });
    listening.once("error", reject);
  });

  function waitForMessage(predicate: MailPredicate = () => true, timeoutMs = 10_000): Promise<ReceivedMail> {
    const found = messages.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const listener = (mail: ReceivedMail) => {
        if (!predicate(mail)) return;
        clearTimeout(timer);
        listeners.delete(listener);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        listeners.delete(listener);
        reject(new Error(`No matching mail within ${timeoutMs} ms (${messages.length} received)`));
      }, timeoutMs);
      listeners.add(listener);
    });
  }

  return {
    smtpUrl: `smtp://${host}:${port}`,
    port,
    messages,
    waitForMessage,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every message a server started with `dir` has written so far, oldest first. */
export async function readMailDir(dir: string): Promise<ReceivedMail[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith(".json")).sort();
  return Promise.all(
    files.map(async (name) => JSON.parse(await readFile(path.join(dir, name), "utf8")) as ReceivedMail),
  );
}

/**
 * The first message in a mail directory that matches, already there or still to come (for test processes
 * other than the server's): the directory is read again each time the server puts a message file in place.
 */
export async function waitForMailInDir(
  dir: string,
  predicate: MailPredicate = () => true,
  timeoutMs = 10_000,
): Promise<ReceivedMail> {
  await mkdir(dir, { recursive: true });
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      watcher.close();
      outcome();
    };
    const look = () => {
      readMailDir(dir).then(
        (mails) => {
          const found = mails.find(predicate);
          if (found) finish(() => resolve(found));
        },
        (error: unknown) => finish(() => reject(error)),
      );
    };
    // The server writes a message aside and renames it to `….json`: that name appearing is the event.
    const watcher = watch(dir, (_event, name) => {
      if (name === null || name.endsWith(".json")) look();
    });
    const timer = setTimeout(
      () => finish(() => reject(new Error(`No matching mail in ${dir} within ${timeoutMs} ms`))),
      timeoutMs,
    );
    look();
  });
}

/** The first http(s) link of a mail's plain text, e.g. the reset link. */
export function linkIn(mail: ReceivedMail): string | undefined {
  return /https?:\/\/[^\s<>"]+/.exec(mail.text)?.[0];
}

// Run directly (`npx tsx tests/integration/support/smtp.ts --port 2525 --dir .cache/e2e-mail`) it serves until
// killed, after removing the mail files an earlier run left in the directory.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const argument = (name: string) => {
    const index = process.argv.indexOf(name);
    return index === -1 ? undefined : process.argv[index + 1];
  };
  const dir = argument("--dir");
  const clean = async () => {
    if (!dir) return;
    const names = await readdir(dir).catch(() => []);
    await Promise.all(names.filter((n) => n.endsWith(".json")).map((n) => rm(path.join(dir, n))));
  };
  clean()
    .then(() => startSmtpServer({ port: Number(argument("--port") ?? 2525), dir }))
    .then((server) => {
      console.info(`Test SMTP server listening on ${server.smtpUrl}${dir ? `, writing mail to ${dir}` : ""}`);
      const stop = () => void server.close().then(() => process.exit(0));
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
