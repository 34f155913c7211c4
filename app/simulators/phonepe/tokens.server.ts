import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { readForm } from "~/lib/read-form.server";
import { failure, json, nowMs, type SimulatorSettings, sameSecret } from "./settings.server";

/* Access tokens: stateless, an HMAC of client id and expiry with the session secret (every instance checks them). */

const DEFAULT_TOKEN_TTL_SECONDS = 3600;

const tokenClaims = z.object({ cid: z.string(), iat: z.number(), exp: z.number() });

function sign(s: SimulatorSettings, payload: string): string {
  return createHmac("sha256", s.tokenSecret).update(`phonepe-simulator-token.${payload}`).digest("base64url");
}

function issueToken(s: SimulatorSettings): { token: string; issuedAt: number; expiresAt: number } {
  const issuedAt = Math.floor(nowMs(s) / 1000);
  const expiresAt = issuedAt + (s.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS);
  const payload = Buffer.from(
    JSON.stringify({ cid: s.clientId, iat: issuedAt, exp: expiresAt, jti: randomBytes(6).toString("hex") }),
  ).toString("base64url");
  return { token: `${payload}.${sign(s, payload)}`, issuedAt, expiresAt };
}

/** True when the request carries `Authorization: O-Bearer <token>` with a live token of this client. */
export function isAuthorized(request: Request, s: SimulatorSettings): boolean {
  const match = /^O-Bearer\s+([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(
    request.headers.get("authorization") ?? "",
  );
  if (!match?.[1] || !match[2]) return false;
  const expected = Buffer.from(sign(s, match[1]));
  const given = Buffer.from(match[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  try {
    const claims = tokenClaims.parse(JSON.parse(Buffer.from(match[1], "base64url").toString("utf8")));
    return claims.cid === s.clientId && claims.exp * 1000 > nowMs(s);
  } catch {
    return false;
  }
}

export const unauthorized = () =>
  failure(401, "UNAUTHORIZED", "Unauthorized: a valid O-Bearer token is required");

/** POST /v1/oauth/token (application/x-www-form-urlencoded), its body read within the shop's limits. */
export async function handleToken(request: Request, s: SimulatorSettings): Promise<Response> {
  const form = await readForm(request);
  if (form.get("grant_type") !== "client_credentials") {
    return failure(400, "BAD_REQUEST", "grant_type must be client_credentials");
  }
  const ok =
    form.get("client_id") === s.clientId &&
    sameSecret(String(form.get("client_secret") ?? ""), s.clientSecret) &&
    form.get("client_version") === String(s.clientVersion);
  if (!ok)
    return failure(
      401,
      "INVALID_CLIENT",
      "Client authentication failed: check the client id, secret and version",
    );
  const { token, issuedAt, expiresAt } = issueToken(s);
  return json({
    access_token: token,
    encrypted_access_token: token,
    expires_in: null,
    issued_at: issuedAt,
    expires_at: expiresAt,
    session_expires_at: expiresAt,
    token_type: "O-Bearer",
  });
}
