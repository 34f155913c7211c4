import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { createWorkGate } from "~/lib/work-gate.server";

/**
 * Password hashing with scrypt at the cost OWASP recommends (N=2^17, r=8, p=1), stored as a
 * self-describing string `scrypt$N$r$p$saltB64$hashB64` so the cost can be raised later: old hashes still
 * verify, and needsRehash tells the caller to store a new hash after a successful login.
 */
const CURRENT = { N: 2 ** 17, r: 8, p: 1, saltBytes: 16, keyBytes: 64 } as const;

/**
 * Bounds for what a stored string may ask of us, so a corrupt row cannot make verify allocate gigabytes or
 * spin for minutes: at most 256 MiB (128 * N * r bytes) and p up to 4.
 */
const LIMITS = { minLogN: 10, maxLogN: 20, maxNr: 2 ** 21, maxP: 4, minBytes: 16, maxBytes: 128 } as const;

type Parsed = { N: number; r: number; p: number; salt: Buffer; hash: Buffer };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Every hash goes through this gate: two at a time (each takes 128 MiB and a libuv thread for about a third of
 * a second), eight waiting, and any more are answered 503 at once. A burst of log-ins then costs at most
 * 256 MiB and leaves the other threads and the event loop to the rest of the shop (docs/decisions/0014).
 */
export const passwordWork = createWorkGate({ concurrency: 2, maxQueued: 8, retryAfterSeconds: 2 });

function deriveKey(plain: string, salt: Buffer, keyBytes: number, cost: ScryptOptions): Promise<Buffer> {
  const { N = CURRENT.N, r = CURRENT.r, p = CURRENT.p } = cost;
  // scrypt needs about 128 * N * r bytes (128 MiB here); Node's default limit of 32 MiB would refuse it.
  const options: ScryptOptions = { N, r, p, maxmem: 2 * 128 * N * r + 128 * r * p };
  return passwordWork.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(normalise(plain), salt, keyBytes, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** The same password typed on different keyboards (composed or decomposed accents) hashes alike. */
function normalise(plain: string): string {
  return plain.normalize("NFKC");
}

function parse(stored: string): Parsed | undefined {
  if (typeof stored !== "string") return undefined;
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined;
  const [, nText = "", rText = "", pText = "", saltText = "", hashText = ""] = parts;
  if (![nText, rText, pText].every((text) => /^[1-9][0-9]{0,8}$/.test(text))) return undefined;
  const N = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  const logN = Math.log2(N);
  if (!Number.isInteger(logN) || logN < LIMITS.minLogN || logN > LIMITS.maxLogN) return undefined;
  if (N * r > LIMITS.maxNr || p > LIMITS.maxP) return undefined;
  if (!BASE64.test(saltText) || !BASE64.test(hashText)) return undefined;
  const salt = Buffer.from(saltText, "base64");
  const hash = Buffer.from(hashText, "base64");
  const sizeOk = (buffer: Buffer) => buffer.length >= LIMITS.minBytes && buffer.length <= LIMITS.maxBytes;
  if (!sizeOk(salt) || !sizeOk(hash)) return undefined;
  return { N, r, p, salt, hash };
}

/** Hashes a password with a fresh random salt; the result is what goes into the database. */
export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(CURRENT.saltBytes);
  const hash = await deriveKey(plain, salt, CURRENT.keyBytes, CURRENT);
  return ["scrypt", CURRENT.N, CURRENT.r, CURRENT.p, salt.toString("base64"), hash.toString("base64")].join(
    "$",
  );
}

/**
 * A stored value no password matches (its key is all zeros), at today's cost: checking a password against it
 * spends the time a real check takes, so an unknown e-mail is answered as slowly as a wrong password. A
 * constant, so loading this module hashes nothing.
 */
export const NOBODY_HASH = [
  "scrypt",
  CURRENT.N,
  CURRENT.r,
  CURRENT.p,
  Buffer.alloc(CURRENT.saltBytes).toString("base64"),
  Buffer.alloc(CURRENT.keyBytes).toString("base64"),
].join("$");

/** True when the password matches the stored hash; false for a wrong password or a malformed stored value. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || typeof plain !== "string") return false;
  const candidate = await deriveKey(plain, parsed.salt, parsed.hash.length, parsed);
  return timingSafeEqual(candidate, parsed.hash);
}

/** True when the stored hash was made with other (older) settings, or cannot be read: hash again at login. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  return (
    parsed.N !== CURRENT.N ||
    parsed.r !== CURRENT.r ||
    parsed.p !== CURRENT.p ||
    parsed.salt.length !== CURRENT.saltBytes ||
    parsed.hash.length !== CURRENT.keyBytes
  );
}
