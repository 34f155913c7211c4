import { createHash, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { type Database, keepPlanned } from "~/db/client.server";
import { qualified } from "~/db/qualified";
import { customers, orders, sessions } from "~/db/schema";
import { catalogueVersionColumn } from "~/features/catalogue/index.server";
import { cartTotalsColumns, wishlistIdsColumn } from "~/features/lists/index.server";
import { config } from "~/lib/config.server";

const SESSION_DAYS = 30;

let cookie: ReturnType<typeof createCookie> | undefined;

/** The signed cookie that carries the session token; the session itself is a database row. */
function sessionCookie() {
  cookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: config().cookieSecure,
    path: "/",
    secrets: [config().sessionSecret],
    maxAge: SESSION_DAYS * 24 * 60 * 60,
  });
  return cookie;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

async function readToken(request: Request): Promise<string | undefined> {
  const value: unknown = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

export type SessionCustomer = {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
};

/** The columns of a SessionCustomer, for the cookie's and the bearer token's queries alike. */
const sessionCustomerColumns = {
  id: customers.id,
  firstname: customers.firstname,
  lastname: customers.lastname,
  email: customers.email,
  mobile: customers.mobile,
};

/** A signed-in customer with what every page's header and cards show of them: cart and wishlist. */
export type SignedInCustomer = SessionCustomer & {
  cart: { lines: number; total: number };
  wishlist: number[];
  /** The PIN code of the checkout address kept, else of the last order: the delivery box's default. */
  rememberedPin: string | null;
  /** The catalogue's version now: what the catalogue's kept reads are checked against, at no query of their own. */
  catalogueVersion: number | null;
};

/**
 * The signed-in customer behind this request, with their cart's totals and wishlist, or null. One query:
 * every signed-in page needs all three (and the product and cart pages the remembered PIN code), and the
 * catalogue pages the catalogue's version. Expired and revoked sessions, and an erased account's, count as none.
 */
export async function getSessionCustomer(db: Database, request: Request): Promise<SignedInCustomer | null> {
  const token = await readToken(request);
  if (!token) return null;
  const [row] = await sessionQuery(db).execute({ idHash: hashToken(token) });
  if (!row) return null;
  const { cartLines, cartTotal, ...customer } = row;
  return { ...customer, cart: { lines: cartLines, total: cartTotal }, wishlist: row.wishlist ?? [] };
}

/**
 * Built once per database: every page asks it, and building it cost as much as running it. Its plan is kept
 * too: a named statement on PostgreSQL, a PREPAREd one on PGlite (keepPlanned).
 */
const sessionQueries = new WeakMap<Database, ReturnType<typeof buildSessionQuery>>();

function sessionQuery(db: Database) {
  const query = sessionQueries.get(db) ?? buildSessionQuery(db);
  sessionQueries.set(db, query);
  return query;
}

function buildSessionQuery(db: Database) {
  const cart = cartTotalsColumns(qualified(customers.id));
  const query = db
    .select({
      ...sessionCustomerColumns,
      cartLines: cart.lines,
      cartTotal: cart.total,
      wishlist: wishlistIdsColumn(qualified(customers.id)),
      rememberedPin: sql<
        string | null
      >`coalesce(${customers.savedAddress} ->> 'pincode', (SELECT ${orders.shippingInfo} ->> 'pincode' FROM ${orders} WHERE ${orders.customerId} = ${qualified(customers.id)} ORDER BY ${orders.id} DESC LIMIT 1))`,
      catalogueVersion: catalogueVersionColumn,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    // An erased account has no sessions left; were one to survive, it still signs nobody in.
    .where(
      and(
        eq(sessions.idHash, sql.placeholder("idHash")),
        eq(sessions.kind, "cookie"),
        gt(sessions.expiresAt, sql`now()`),
        isNull(customers.deletedAt),
      ),
    )
    .limit(1);
  keepPlanned(db, query.toSQL().sql, "session_customer");
  return query.prepare("session_customer");
}

/** Starts a new session (a fresh id at every login) and returns the Set-Cookie header value. */
export async function startSession(db: Database, customerId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await db.insert(sessions).values({ idHash: hashToken(token), customerId, expiresAt });
  return sessionCookie().serialize(token, { expires: expiresAt });
}

/** Revokes this request's session and returns the Set-Cookie header that clears the cookie. */
export async function endSession(db: Database, request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) await db.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Revokes every session of a customer (password reset). */
export async function endAllSessions(db: Database, customerId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.customerId, customerId));
}

/**
 * Revokes every session of a customer except the one this request carries (a changed e-mail or mobile number
 * signs out the other devices, not the one that made the change): its cookie's for a page, its bearer token's
 * for the JSON API, which never reads the cookie. Returns how many were revoked.
 */
export async function endOtherSessions(
  db: Database,
  customerId: number,
  request: Request,
  kind: "cookie" | "api" = "cookie",
): Promise<number> {
  const token = kind === "api" ? bearerToken(request) : await readToken(request);
  const others = await db
    .delete(sessions)
    .where(
      token
        ? and(eq(sessions.customerId, customerId), ne(sessions.idHash, hashToken(token)))
        : eq(sessions.customerId, customerId),
    )
    .returning({ idHash: sessions.idHash });
  return others.length;
}

// ---------------------------------------------------------------------------------------------------------
// The JSON API's bearer sessions (decision 0045): rows of kind "api", revoked with the cookie sessions.
// ---------------------------------------------------------------------------------------------------------

/** The token of an `Authorization: Bearer …` header, or undefined (none, empty, or not a token of ours). */
export function bearerToken(request: Request): string | undefined {
  // The scheme's name is case-insensitive (RFC 9110); the token is ours only in its own alphabet and length.
  const match = /^bearer +([A-Za-z0-9_-]{43})$/i.exec(request.headers.get("Authorization")?.trim() ?? "");
  return match?.[1];
}

/** Starts an API session and returns its bearer token, shown to the client once and stored only hashed. */
export async function startApiSession(db: Database, customerId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await db.insert(sessions).values({ idHash: hashToken(token), customerId, expiresAt, kind: "api" });
  return token;
}

/** The customer whose live API session this request's bearer token is, or null. */
export async function getApiCustomer(db: Database, request: Request): Promise<SessionCustomer | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const [row] = await db
    .select(sessionCustomerColumns)
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.idHash, hashToken(token)),
        eq(sessions.kind, "api"),
        gt(sessions.expiresAt, sql`now()`),
        isNull(customers.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Revokes this request's API session (the API's log-out). */
export async function endApiSession(db: Database, request: Request): Promise<void> {
  const token = bearerToken(request);
  if (token)
    await db.delete(sessions).where(and(eq(sessions.idHash, hashToken(token)), eq(sessions.kind, "api")));
}
