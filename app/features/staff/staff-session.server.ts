import { createCookie } from "@remix-run/node";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { staff, staffSessions } from "~/db/schema";
import { config } from "~/lib/config.server";
import type { StaffMember } from "./staff.server";
import { hashToken, newToken } from "./tokens.server";

/** A working day and a little more: the back office signs its members out overnight. */
const SESSION_HOURS = 12;

let cookie: ReturnType<typeof createCookie> | undefined;

/**
 * The back office's own signed cookie: a customer's session never opens the back office, and a member's
 * session is never a customer's. The session itself is a database row. It is sent to the whole site, not only
 * under /admin/: with JavaScript the dashboard's data is fetched from /admin.data, which a cookie kept to /admin
 * does not reach (decision 0038).
 */
function staffCookie() {
  cookie ??= createCookie("__staff", {
    httpOnly: true,
    sameSite: "lax",
    secure: config().cookieSecure,
    path: "/",
    secrets: [config().sessionSecret],
    maxAge: SESSION_HOURS * 3600,
  });
  return cookie;
}

async function readToken(request: Request): Promise<string | undefined> {
  const value: unknown = await staffCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** The signed-in, active member behind this request, or null. */
export async function getSessionStaff(db: Database, request: Request): Promise<StaffMember | null> {
  const token = await readToken(request);
  if (!token) return null;
  const [row] = await db
    .select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.idHash, hashToken(token)),
        gt(staffSessions.expiresAt, new Date()),
        isNull(staff.disabledAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Starts a new session (a fresh id at every log-in) and returns the Set-Cookie header value. */
export async function startStaffSession(db: Database, staffId: number): Promise<string> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_HOURS * 3_600_000);
  await db.insert(staffSessions).values({ idHash: hashToken(token), staffId, expiresAt });
  return staffCookie().serialize(token, { expires: expiresAt });
}

/** Revokes this request's session and returns the Set-Cookie header that clears the cookie. */
export async function endStaffSession(db: Database, request: Request): Promise<string> {
  const token = await readToken(request);
  if (token) await db.delete(staffSessions).where(eq(staffSessions.idHash, hashToken(token)));
  return staffCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * The headers of an answer that signs a member in or out: the cookie, and the clearing of one kept to /admin by
 * an earlier version of the shop (a browser sends that one first under /admin/, where it would hide the new one
 * until it expired).
 */
export function staffCookieHeaders(cookie: string): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", cookie);
  headers.append(
    "Set-Cookie",
    `__staff=; Path=/admin; Max-Age=0; Expires=${new Date(0).toUTCString()}; HttpOnly`,
  );
  return headers;
}
