import { isIP } from "node:net";
import { z } from "zod";

/** A hop count of 0-10, or a list of proxy addresses, CIDR ranges and the names Express knows. */
function isTrustProxy(value: string): boolean {
  if (/^\d+$/.test(value)) return Number(value) <= 10;
  return value.split(",").every((part) => {
    const item = part.trim();
    if (["loopback", "linklocal", "uniquelocal"].includes(item)) return true;
    const [address = "", bits, ...rest] = item.split("/");
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    if (bits === undefined) return true;
    return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
  });
}

/** An http or https address with no user, query or fragment: a page's address a link may be made from. */
function isPlainWebAddress(text: string): boolean {
  if (/[?#]/.test(text) || !URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password;
}

/**
 * Every setting of the shop, read from environment variables. Pure: parsing only, no I/O, so it can be
 * unit-tested; app/lib/config.server.ts applies it to process.env and fills in the embedded defaults.
 */
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    PUBLIC_URL: optionalText.pipe(
      z.string().url("must be a full URL such as https://shop.example.in").optional(),
    ),
    DATA_DIR: optionalText,
    /** Uploaded pictures; several instances need it on storage they share (docs/decisions/0019). */
    UPLOADS_DIR: optionalText,
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters long").optional()),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: optionalText,
    PHONEPE_CLIENT_ID: optionalText,
    PHONEPE_CLIENT_SECRET: optionalText,
    PHONEPE_CLIENT_VERSION: z.coerce.number().int().min(1).default(1),
    PHONEPE_ENV: z.enum(["simulator", "sandbox", "production"]).optional(),
    PHONEPE_WEBHOOK_USERNAME: optionalText,
    PHONEPE_WEBHOOK_PASSWORD: optionalText,
    PHONEPE_SIMULATOR_ADMIN_SECRET: optionalText.pipe(
      z.string().min(16, "must be at least 16 characters long").optional(),
    ),
    SEED_ON_START: z.enum(["true", "false"]).default("true"),
    /**
     * Reverse proxies in front of the shop allowed to set X-Forwarded-For (read by server.mjs): a hop count,
     * or a comma-separated list of addresses, CIDR ranges and Express's names (loopback, linklocal, uniquelocal).
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default("0")
      .refine(
        isTrustProxy,
        "must be a number of proxies (0-10) or a list such as 'loopback, 10.0.0.0/8' of addresses and ranges",
      ),
    LOG_REQUESTS: z.enum(["true", "false"]).default("true"),
    /**
     * The one memory budget of every cache the process keeps (app/lib/cache-budget.mjs, which reads it);
     * 0 turns them all off. PAGE_CACHE_MB, which bounded the page cache alone, is refused so it is not
     * silently ignored.
     */
    CACHE_MB: optionalText.pipe(
      z
        .string()
        .regex(/^\d{1,4}$/, "must be a whole number of megabytes from 0 to 4096")
        .refine((text) => Number(text) <= 4096, "must be a whole number of megabytes from 0 to 4096")
        .optional(),
    ),
    /** Where the shop writes its backups (default DATA_DIR/backups), how many it keeps, and when (decision 0041). */
    BACKUP_DIR: optionalText,
    BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
    BACKUP_TIME: z
      .string()
      .trim()
      .default("02:30")
      .refine(
        (text) => text === "off" || /^([01]\d|2[0-3]):[0-5]\d$/.test(text),
        "must be a time of day in India as HH:MM (24-hour clock), or off",
      ),
    /**
     * The JSON API's client app on an address of its own (decision 0045): a password-reset mail asked for
     * through the API links to its `reset-password/<token>` page instead of the shop's.
     */
    API_CLIENT_URL: optionalText.pipe(
      z
        .string()
        .refine(
          isPlainWebAddress,
          "must be a full http or https address without a user, a query or a fragment, such as https://app.example.in",
        )
        .optional(),
    ),
    /** Opens /metrics to a scraper that sends it as a bearer token; unset, /metrics is not there. */
    METRICS_TOKEN: optionalText.pipe(z.string().min(24, "must be at least 24 characters long").optional()),
    PAGE_CACHE_MB: optionalText.pipe(
      z.undefined({ message: "is no longer read: set CACHE_MB, the one budget of every cache, instead" }),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["SESSION_SECRET"],
        message:
          "is required when NODE_ENV=production and DATABASE_URL is set: every instance must sign cookies with the same secret",
      });
    }
    const hasId = Boolean(env.PHONEPE_CLIENT_ID);
    const hasSecret = Boolean(env.PHONEPE_CLIENT_SECRET);
    if (hasId !== hasSecret) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [hasId ? "PHONEPE_CLIENT_SECRET" : "PHONEPE_CLIENT_ID"],
        message: "must be set together with the other PhonePe credential",
      });
    }
    const hasWebhookUser = Boolean(env.PHONEPE_WEBHOOK_USERNAME);
    const hasWebhookPassword = Boolean(env.PHONEPE_WEBHOOK_PASSWORD);
    if (hasWebhookUser !== hasWebhookPassword) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [hasWebhookUser ? "PHONEPE_WEBHOOK_PASSWORD" : "PHONEPE_WEBHOOK_USERNAME"],
        message: "must be set together with the other PhonePe webhook credential",
      });
    }
    if ((env.PHONEPE_ENV === "sandbox" || env.PHONEPE_ENV === "production") && !hasId) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["PHONEPE_ENV"],
        message: `is ${env.PHONEPE_ENV} but PHONEPE_CLIENT_ID and PHONEPE_CLIENT_SECRET are not set`,
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type ConfigResult = { ok: true; env: Env } | { ok: false; problems: string[] };

/** Parses the environment; on failure returns one readable line per bad variable. */
export function parseEnv(source: Record<string, string | undefined>): ConfigResult {
  const result = envSchema.safeParse(source);
  if (result.success) return { ok: true, env: result.data };
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "environment";
    const value = typeof issue.path[0] === "string" ? source[issue.path[0]] : undefined;
    const shown = value === undefined ? "" : ` (got "${redact(name, value)}")`;
    return `${name}${shown} ${issue.message}`;
  });
  return { ok: false, problems };
}

function redact(name: string, value: string): string {
  if (/SECRET|PASSWORD|TOKEN/.test(name)) return "***";
  // Never print a password carried inside a connection URL.
  return value.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}
