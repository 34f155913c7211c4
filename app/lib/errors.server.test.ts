import { sql } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { customers, products } from "~/db/schema";
import { describeError, isDatabaseUnavailable, statementSummary } from "./errors.server";

/** An error as node-postgres reports one from the server (pg-protocol's DatabaseError). */
function serverError(code: string, message: string, constraint?: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, "error");
  error.code = code;
  error.constraint = constraint;
  return error;
}

/** A Node network error as node-postgres passes it on. */
function networkError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

function wrapped(cause: Error, query = 'select "id" from "products" where "id" = $1'): DrizzleQueryError {
  return new DrizzleQueryError(query, [42], cause);
}

const secretHash = "$argon2id$v=19$m=65536,t=3,p=4$c2VjcmV0c2FsdA$c2VjcmV0aGFzaA";
const customer = {
  firstname: "Asha",
  lastname: "Rao",
  email: "asha.rao@example.in",
  mobile: "9876543210",
  passwordHash: secretHash,
};

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: "pglite" });
});
afterAll(async () => {
  await database.close();
});

/** The error a query throws, or a failure if it does not throw. */
async function failureOf(query: PromiseLike<unknown>): Promise<unknown> {
  try {
    await query;
  } catch (error) {
    return error;
  }
  throw new Error("the query did not fail");
}

describe("describeError", () => {
  it("gives a real Drizzle error's SQLSTATE and statement, never its parameters", async () => {
    await database.db.insert(customers).values(customer);
    const error = await failureOf(database.db.insert(customers).values(customer));
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect((error as Error).message).toContain(secretHash); // why the message must never be logged

    const line = describeError(error);
    expect(line).toMatch(
      /^database error 23505 \(unique_violation\) on "customers_email_unique" in insert into "customers"$/,
    );
    expect(line).not.toContain(secretHash);
    expect(line).not.toContain("asha");
    expect(line).not.toContain("9876543210");
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("leaves out a value PostgreSQL quotes in its own message", async () => {
    const error = await failureOf(
      database.db.execute(sql`select * from products where id = ${"secret-value"}::int`),
    );
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).toContain("secret-value");
    const raw = serverError("22P02", 'invalid input syntax for type integer: "secret-value"');
    for (const candidate of [error, raw, wrapped(raw)]) {
      const line = describeError(candidate);
      expect(line).toContain("22P02 (invalid_text_representation)");
      expect(line).not.toContain("secret-value");
    }
  });

  it("names a connection failure without a code by its known message", () => {
    expect(describeError(wrapped(new Error("Connection terminated unexpectedly")))).toBe(
      'database error (Connection terminated unexpectedly) in select from "products"',
    );
    expect(describeError(wrapped(networkError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")))).toBe(
      'database error ECONNREFUSED in select from "products"',
    );
    // An unknown client-side message might quote a value: only its name is given.
    expect(describeError(wrapped(new TypeError("cannot serialise secret-value")))).toBe(
      'database error (TypeError) in select from "products"',
    );
  });

  it("describes other errors as Name: message, one line, cut short, reset tokens redacted, no stack", () => {
    const error = new RangeError("bad link\n  /reset-password/abcDEF123_-xyz?x=1 was used twice");
    const line = describeError(error);
    expect(line).toBe("RangeError: bad link /reset-password/[redacted]?x=1 was used twice");
    expect(line).not.toContain("at ");

    const long = describeError(new Error("x".repeat(500)));
    expect(long).toBe(`Error: ${"x".repeat(200)}…`);

    expect(describeError(networkError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"))).toBe(
      "Error: connect ECONNREFUSED 127.0.0.1:5432",
    );
    expect(describeError(Object.assign(new AggregateError([]), { code: "ECONNREFUSED" }))).toBe(
      "AggregateError ECONNREFUSED",
    );
    expect(describeError("see /reset-password/tok3n")).toBe("thrown string: see /reset-password/[redacted]");
    expect(describeError(undefined)).toBe("thrown undefined: undefined");
    // No e-mail address, and no password of a mail server's URL.
    expect(describeError(new Error("550 5.1.1 <asha.rao+1@example.in>: Recipient address rejected"))).toBe(
      "Error: 550 5.1.1 <[address]>: Recipient address rejected",
    );
    expect(describeError(new Error("connect failed for smtp://user:s3cret@smtp.example.in:587"))).toBe(
      "Error: connect failed for smtp://user:[address]:587",
    );
  });
});

describe("statementSummary", () => {
  it("keeps the verb and the table, nothing else", () => {
    expect(statementSummary('insert into "customers" ("firstname") values ($1)')).toBe(
      'insert into "customers"',
    );
    expect(statementSummary('select "id", "name" from "products" where "price" > $1')).toBe(
      'select from "products"',
    );
    expect(statementSummary('update "orders" set "status" = $1 where "id" = $2')).toBe('update "orders"');
    expect(statementSummary('delete from "sessions" where "id" = $1')).toBe('delete from "sessions"');
    expect(statementSummary("select 1")).toBe("select");
    expect(statementSummary(`select * from "${"t".repeat(63)}"`).length).toBeLessThanOrEqual(60);
  });
});

describe("isDatabaseUnavailable", () => {
  it("is true for connection-level failures, wrapped by Drizzle or not", () => {
    const outages: Error[] = [
      networkError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432"),
      networkError("ECONNRESET", "read ECONNRESET"),
      networkError("ETIMEDOUT", "connect ETIMEDOUT"),
      networkError("EPIPE", "write EPIPE"),
      networkError("ENOTFOUND", "getaddrinfo ENOTFOUND db"),
      networkError("EAI_AGAIN", "getaddrinfo EAI_AGAIN db"),
      serverError("57P01", "terminating connection due to administrator command"),
      serverError("57P02", "terminating connection because of crash of another server process"),
      serverError("57P03", "the database system is starting up"),
      serverError("53300", "sorry, too many clients already"),
      serverError("08006", "connection failure"),
      serverError("08001", "could not connect"),
      serverError("57014", "canceling statement due to statement timeout"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Query read timeout"),
      new Error("Connection terminated due to connection timeout", { cause: new Error("timeout expired") }),
    ];
    for (const error of outages) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true);
      expect(isDatabaseUnavailable(wrapped(error)), error.message).toBe(true);
      expect(
        isDatabaseUnavailable(new Error("checkout failed", { cause: wrapped(error) })),
        error.message,
      ).toBe(true);
    }
  });

  it("is true for a query on a closed PGlite", async () => {
    const closed = await openDatabase({ kind: "pglite" });
    await closed.close();
    const error = await failureOf(closed.db.select().from(products).limit(1));
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is false for queries the database refused and for other errors", () => {
    for (const error of [
      serverError("23505", "duplicate key value violates unique constraint"),
      serverError("42P01", 'relation "nope" does not exist'),
      serverError("28P01", "password authentication failed"),
      new TypeError("x is undefined"),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
      expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
    }
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it("stops on a cause that points back at its error", () => {
    const error = new Error("loop");
    (error as { cause?: unknown }).cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
