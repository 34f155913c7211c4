import { createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Env, parseEnv } from "~/lib/config-schema";
import { uploadsDirectory } from "~/lib/uploads.mjs";

export type PaymentMode = "simulator" | "sandbox" | "production";

export type Config = {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  /** Cookies carry the Secure flag in production served over https (PUBLIC_URL). */
  cookieSecure: boolean;
  port: number;
  publicUrl: string;
  dataDir: string;
  /** The generated session secret's file, or undefined when SESSION_SECRET is set (backups carry the file). */
  sessionSecretFile: string | undefined;
  /** The back office's uploaded pictures (UPLOADS_DIR, default DATA_DIR/uploads), served at /uploads. */
  uploadsDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  seedOnStart: boolean;
  backups: {
    /** Where backups are written (BACKUP_DIR, default DATA_DIR/backups). */
    dir: string;
    /** How many of the newest backups are kept; older ones are deleted after each good one. */
    keep: number;
    /** The time of day in India of the daily backup ("02:30"), or undefined when off. */
    time: string | undefined;
  };
  /**
   * The JSON API's client app (API_CLIENT_URL), ending in "/": an API customer's password-reset mail links to its
   * `reset-password/<token>` page. Undefined: to the shop's own page.
   */
  apiClientUrl: string | undefined;
  /** The bearer token /metrics answers to; undefined: /metrics is not served. */
  metricsToken: string | undefined;
  phonepe: {
    mode: PaymentMode;
    clientId: string | undefined;
    clientSecret: string | undefined;
    clientVersion: number;
    /**
     * The credentials PhonePe hashes into each webhook's Authorization header. The simulator has its own;
     * against real PhonePe they must be configured, and until they are every webhook is refused.
     */
    webhookUsername: string | undefined;
    webhookPassword: string | undefined;
    /** Opens the simulator's admin endpoint (tests settle orders through it); unset, the endpoint is not there. */
    simulatorAdminSecret: string | undefined;
  };
  /** Human-readable notes on which embedded defaults are in use, logged at start. */
  defaultsInUse: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Builds the configuration from an environment; throws ConfigError naming each bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = parseEnv(source);
  if (!parsed.ok) throw new ConfigError(parsed.problems);
  const env = parsed.env;
  const defaultsInUse: string[] = [];

  const { dataDir, uploadsDir, backupDir, sessionSecretFile } = installationPaths(env);
  if (!env.DATA_DIR) defaultsInUse.push(`data directory ${dataDir}`);
  if (!env.DATABASE_URL) defaultsInUse.push(`embedded PGlite database in ${path.join(dataDir, "pglite")}`);

  let sessionSecret = env.SESSION_SECRET;
  if (!sessionSecret) {
    sessionSecret = readOrCreateSecret(path.join(dataDir, "session-secret"));
    defaultsInUse.push(`session secret generated once and kept in ${path.join(dataDir, "session-secret")}`);
  }

  if (!env.UPLOADS_DIR) defaultsInUse.push(`uploaded pictures in ${uploadsDir}`);

  const outboxDir = path.join(dataDir, "outbox");
  if (!env.SMTP_URL) defaultsInUse.push(`e-mail written as .eml files to ${outboxDir} (no SMTP_URL)`);

  const mode: PaymentMode = env.PHONEPE_ENV ?? (env.PHONEPE_CLIENT_ID ? "sandbox" : "simulator");
  if (mode === "simulator") defaultsInUse.push("bundled PhonePe simulator (no PhonePe credentials)");
  if (mode !== "simulator" && !env.PHONEPE_WEBHOOK_USERNAME) {
    defaultsInUse.push(
      "PhonePe webhooks refused until PHONEPE_WEBHOOK_USERNAME and PHONEPE_WEBHOOK_PASSWORD are set (payments are still confirmed through the order-status API)",
    );
  }

  if (!env.BACKUP_DIR) defaultsInUse.push(`backups written to ${backupDir} (copy them off this machine)`);

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  if (!env.PUBLIC_URL) defaultsInUse.push(`public URL ${publicUrl}`);

  // A public shop without PhonePe's credentials would take orders on the simulator, where no money moves.
  if (mode === "simulator" && env.NODE_ENV === "production" && !env.PHONEPE_ENV && !isLocalUrl(publicUrl)) {
    throw new ConfigError([
      `PHONEPE_CLIENT_ID and PHONEPE_CLIENT_SECRET are not set, and PUBLIC_URL (${publicUrl}) is a public address: orders would be "paid" on the bundled PhonePe simulator, where no money moves. Set PHONEPE_CLIENT_ID, PHONEPE_CLIENT_SECRET, PHONEPE_CLIENT_VERSION, PHONEPE_WEBHOOK_USERNAME and PHONEPE_WEBHOOK_PASSWORD (and PHONEPE_ENV=production for live payments), or PHONEPE_ENV=simulator for a trial on purpose.`,
    ]);
  }

  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    cookieSecure: env.NODE_ENV === "production" && publicUrl.startsWith("https://"),
    port: env.PORT,
    publicUrl,
    dataDir,
    sessionSecretFile,
    uploadsDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    sessionSecret,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? "Kaveri Computers <no-reply@kavericomputers.in>",
    outboxDir,
    seedOnStart: env.SEED_ON_START === "true",
    backups: {
      dir: backupDir,
      keep: env.BACKUP_KEEP,
      time: env.BACKUP_TIME === "off" ? undefined : env.BACKUP_TIME,
    },
    metricsToken: env.METRICS_TOKEN,
    apiClientUrl: env.API_CLIENT_URL?.replace(/\/?$/, "/"),
    phonepe: {
      mode,
      clientId: env.PHONEPE_CLIENT_ID ?? (mode === "simulator" ? "SIMULATOR_CLIENT" : undefined),
      // The simulator's own credentials are derived from this installation's secret: never a published default.
      clientSecret:
        env.PHONEPE_CLIENT_SECRET ??
        (mode === "simulator" ? derivedSecret(sessionSecret, "phonepe-simulator-client-secret") : undefined),
      clientVersion: env.PHONEPE_CLIENT_VERSION,
      webhookUsername: env.PHONEPE_WEBHOOK_USERNAME ?? (mode === "simulator" ? "simulator" : undefined),
      webhookPassword:
        env.PHONEPE_WEBHOOK_PASSWORD ??
        (mode === "simulator"
          ? derivedSecret(sessionSecret, "phonepe-simulator-webhook-password")
          : undefined),
      simulatorAdminSecret: env.PHONEPE_SIMULATOR_ADMIN_SECRET,
    },
    defaultsInUse,
  };
}

/**
 * Where the installation keeps its files, from the settings alone: nothing is created (a restore reads
 * these before the place holds anything, and must not find a freshly generated secret there).
 */
export function installationPaths(
  env: Pick<Env, "DATA_DIR" | "UPLOADS_DIR" | "BACKUP_DIR" | "SESSION_SECRET">,
): { dataDir: string; uploadsDir: string; backupDir: string; sessionSecretFile: string | undefined } {
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  return {
    dataDir,
    uploadsDir: uploadsDirectory({ dataDir, uploadsDir: env.UPLOADS_DIR }),
    backupDir: path.resolve(env.BACKUP_DIR ?? path.join(dataDir, "backups")),
    sessionSecretFile: env.SESSION_SECRET ? undefined : path.join(dataDir, "session-secret"),
  };
}

/** True for a URL only this machine reaches: a local trial, where the simulator may be the default. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return (
    host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/** A secret of its own for `purpose`, derived from the installation's secret (stable across restarts). */
function derivedSecret(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(purpose).digest("base64url");
}

function readOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  try {
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs so both sign cookies alike.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
}

let current: Config | undefined;

/** The process's configuration, read once. */
export function config(): Config {
  current ??= loadConfig();
  return current;
}
