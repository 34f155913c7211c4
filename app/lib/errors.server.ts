import { DrizzleQueryError } from "drizzle-orm/errors";

/**
 * Telling an outage from a bug, and describing either in one log line that is safe to keep: a Drizzle error's
 * own message carries the query's parameters (password hashes, addresses, tokens), and a PostgreSQL error's
 * message may quote a value, so neither is ever logged as it is.
 */

/** Node's network errors and PostgreSQL's SQLSTATEs that mean "the database is not answering right now". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "57014", // query_canceled: our statement_timeout
]);

/** node-postgres, pg-pool and PGlite report these without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /^timeout expired$/, // a single client's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^PGlite is clos(ed|ing)$/,
];

/** The common SQLSTATEs by their PostgreSQL condition names (Appendix A of its manual). */
const SQLSTATE_NAMES: Record<string, string> = {
  "08000": "connection_exception",
  "08001": "sqlclient_unable_to_establish_sqlconnection",
  "08003": "connection_does_not_exist",
  "08004": "sqlserver_rejected_establishment_of_sqlconnection",
  "08006": "connection_failure",
  "0A000": "feature_not_supported",
  "22001": "string_data_right_truncation",
  "22003": "numeric_value_out_of_range",
  "22P02": "invalid_text_representation",
  "23502": "not_null_violation",
  "23503": "foreign_key_violation",
  "23505": "unique_violation",
  "23514": "check_violation",
  "23P01": "exclusion_violation",
  "25P02": "in_failed_sql_transaction",
  "28000": "invalid_authorization_specification",
  "28P01": "invalid_password",
  "3D000": "invalid_catalog_name",
  "40001": "serialization_failure",
  "40P01": "deadlock_detected",
  "42601": "syntax_error",
  "42703": "undefined_column",
  "42883": "undefined_function",
  "42P01": "undefined_table",
  "53100": "disk_full",
  "53200": "out_of_memory",
  "53300": "too_many_connections",
  "55P03": "lock_not_available",
  "57014": "query_canceled",
  "57P01": "admin_shutdown",
  "57P02": "crash_shutdown",
  "57P03": "cannot_connect_now",
};

/** The error and its causes, outermost first (bounded: a cause may point back at its error). */
function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current = error;
  while (current !== undefined && current !== null && chain.length < 10 && !chain.includes(current)) {
    chain.push(current);
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined;
  }
  return chain;
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** PostgreSQL reports a broken unique constraint as 23505, whichever driver carries it. */
export function isUniqueViolation(error: unknown): boolean {
  return causeChain(error).some((link) => codeOf(link) === "23505");
}

/**
 * The constraint a refused write broke: a unique, foreign key or check constraint (class 23), or the one a
 * trigger names when it refuses a row that way. Undefined for every other error.
 */
export function violatedConstraint(error: unknown): string | undefined {
  for (const link of causeChain(error)) {
    const constraint = (link as { constraint?: unknown }).constraint;
    if (codeOf(link)?.startsWith("23") && typeof constraint === "string") return constraint;
  }
  return undefined;
}

/** A SQLSTATE: five characters whose class starts with a digit, F, H, P or X (Node's codes start with E). */
function isSqlState(code: string | undefined): code is string {
  return code !== undefined && /^[0-9FHPX][0-9A-Z]{4}$/.test(code);
}

/** How long a client is asked to wait (Retry-After) while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * True when the error (or one of its causes) says the database cannot be reached or is going away — an
 * outage to answer with 503 and Retry-After — rather than a query the database refused.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some((link) => {
    const code = codeOf(link);
    if (code !== undefined && (UNAVAILABLE_CODES.has(code) || (isSqlState(code) && code.startsWith("08")))) {
      return true;
    }
    return link instanceof Error && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(link.message));
  });
}

function isDrizzleQueryError(error: unknown): error is DrizzleQueryError {
  if (error instanceof DrizzleQueryError) return true;
  // A second copy of drizzle-orm in the bundle would fail instanceof; the shape is the same.
  return (
    error instanceof Error &&
    typeof (error as { query?: unknown }).query === "string" &&
    Array.isArray((error as { params?: unknown }).params)
  );
}

/** An identifier, quoted or not, possibly schema-qualified: never a value or a parameter placeholder. */
const IDENTIFIER = String.raw`(?:"[^"]{1,63}"|[A-Za-z_][\w$]{0,62})(?:\.(?:"[^"]{1,63}"|[A-Za-z_][\w$]{0,62}))?`;
const TARGET = new RegExp(String.raw`\b(into|update|from)\s+(${IDENTIFIER})`, "i");

/** The statement's verb and table, e.g. `insert into "customers"`: enough to find the code, no values. */
export function statementSummary(query: string): string {
  const verb = /^\s*([A-Za-z]+)/.exec(query)?.[1]?.toLowerCase() ?? "statement";
  const target = TARGET.exec(query);
  if (!target) return verb;
  const keyword = target[1]?.toLowerCase();
  const summary = keyword === "update" ? `update ${target[2]}` : `${verb} ${keyword} ${target[2]}`;
  return summary.slice(0, 60);
}

/** `23505 (unique_violation) on "customers_email_unique"`, or the client-side failure without a code. */
function databaseCause(cause: unknown): string {
  const code = codeOf(cause);
  if (code !== undefined) {
    const name = SQLSTATE_NAMES[code];
    const constraint = (cause as { constraint?: unknown }).constraint;
    return [
      code,
      name ? `(${name})` : undefined,
      // A constraint's name comes from the schema, never from the shopper.
      typeof constraint === "string" ? `on "${constraint.slice(0, 63)}"` : undefined,
    ]
      .filter(Boolean)
      .join(" ");
  }
  // Without a code only the known connection messages are quoted: they hold no values.
  if (cause instanceof Error && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(cause.message))) {
    return `(${cause.message})`;
  }
  return cause instanceof Error ? `(${cause.name})` : "";
}

/** Reset links carry the token in the path; it must not reach a log. */
function redact(text: string): string {
  return (
    text
      .replace(/\/reset-password\/[^\s/?#"'<>]+/g, "/reset-password/[redacted]")
      // An SMTP server's refusal quotes the recipient ("<asha@example.in>: Recipient address rejected"), and a
      // connection error may quote a URL's password ("user:secret@smtp.example.in"): neither goes in a log.
      .replace(/[^\s<>"'(),;:@/]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, "[address]")
  );
}

function oneLine(text: string, max: number): string {
  const flat = redact(text).replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * One line about the error that is safe for the logs: for a database error its SQLSTATE and the statement's
 * verb and table (`database error 23505 (unique_violation) in insert into "customers"`), never the
 * parameters or the values; for any other error `Name: message`, cut short and with reset tokens redacted.
 * Never the stack.
 */
export function describeError(error: unknown): string {
  if (isDrizzleQueryError(error)) {
    const cause = databaseCause(error.cause);
    return `database error${cause ? ` ${cause}` : ""} in ${statementSummary(error.query)}`;
  }
  // node-postgres' and PGlite's own errors, when no Drizzle wraps them: the message may quote a value.
  if (error instanceof Error && isSqlState(codeOf(error))) {
    return `database error ${databaseCause(error)}`;
  }
  if (error instanceof Error) {
    const code = codeOf(error);
    const name = code && !error.message.includes(code) ? `${error.name} ${code}` : error.name;
    const message = oneLine(error.message, 200);
    return message ? `${name}: ${message}` : name;
  }
  return `thrown ${typeof error}: ${oneLine(String(error), 200)}`;
}
