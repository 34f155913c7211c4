import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, NOBODY_HASH, needsRehash, verifyPassword } from "./password.server";

/** A hash in the stored format made with other (cheaper) settings, as an older version would have. */
function legacyHash(plain: string, N: number, r = 8, p = 1): string {
  const salt = randomBytes(16);
  const hash = scryptSync(plain, salt, 64, { N, r, p, maxmem: 256 * N * r });
  return ["scrypt", N, r, p, salt.toString("base64"), hash.toString("base64")].join("$");
}

describe("password hashing", () => {
  it("stores a self-describing scrypt string at the OWASP cost", async () => {
    const stored = await hashPassword("Kaveri@2024");
    const [scheme, N, r, p, salt, hash] = stored.split("$");
    expect({ scheme, N, r, p }).toEqual({ scheme: "scrypt", N: "131072", r: "8", p: "1" });
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(hash ?? "", "base64")).toHaveLength(64);
    expect(stored).not.toContain("Kaveri@2024");
  });

  it("gives a different hash for the same password every time", async () => {
    const [first, second] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
    expect(first).not.toBe(second);
    expect(await verifyPassword("same password", first ?? "")).toBe(true);
    expect(await verifyPassword("same password", second ?? "")).toBe(true);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("Secret#123");
    expect(await verifyPassword("Secret#123", stored)).toBe(true);
    expect(await verifyPassword("secret#123", stored)).toBe(false);
    expect(await verifyPassword("Secret#123 ", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("treats composed and decomposed accents as the same password", async () => {
    const stored = await hashPassword("Caf\u00e9 Bengaluru");
    expect(await verifyPassword("Cafe\u0301 Bengaluru", stored)).toBe(true);
  });

  it("has a stand-in for an unknown account that no password matches, checked at today's full cost", async () => {
    // Read as a current hash: checking against it runs scrypt at N=2^17, as a real account's check does.
    expect(NOBODY_HASH.split("$").slice(0, 4)).toEqual(["scrypt", "131072", "8", "1"]);
    expect(needsRehash(NOBODY_HASH)).toBe(false);
    for (const guess of ["not-a-real-password", "", "Secret#123"]) {
      expect(await verifyPassword(guess, NOBODY_HASH)).toBe(false);
    }
  });

  it("returns false instead of throwing for a malformed stored value", async () => {
    const good = await hashPassword("Secret#123");
    const parts = good.split("$");
    const malformed = [
      "",
      "not a hash",
      "$2b$10$abcdefghijklmnopqrstuuJ0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e",
      parts.slice(0, 5).join("$"),
      [...parts, "extra"].join("$"),
      ["bcrypt", ...parts.slice(1)].join("$"),
      ["scrypt", "100000", ...parts.slice(2)].join("$"), // N not a power of two
      ["scrypt", "0", ...parts.slice(2)].join("$"),
      ["scrypt", String(2 ** 30), ...parts.slice(2)].join("$"), // would need 128 GiB
      ["scrypt", parts[1], "abc", ...parts.slice(3)].join("$"),
      ["scrypt", parts[1], parts[2], parts[3], "!!notbase64!!", parts[5]].join("$"),
      ["scrypt", parts[1], parts[2], parts[3], parts[4], ""].join("$"),
      ["scrypt", parts[1], parts[2], parts[3], parts[4], "c2hvcnQ="].join("$"), // 5-byte hash
    ];
    for (const stored of malformed) {
      await expect(verifyPassword("Secret#123", stored), stored).resolves.toBe(false);
    }
  });

  it("still verifies a hash made with older settings, and says it needs rehashing", async () => {
    const old = legacyHash("Secret#123", 2 ** 14);
    expect(await verifyPassword("Secret#123", old)).toBe(true);
    expect(await verifyPassword("Secret#124", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it("needs no rehash for a current hash, but does for an unreadable one", async () => {
    expect(needsRehash(await hashPassword("Secret#123"))).toBe(false);
    expect(needsRehash("")).toBe(true);
    expect(needsRehash("scrypt$131072$8$1$$")).toBe(true);
    expect(needsRehash(legacyHash("Secret#123", 2 ** 17, 8, 2))).toBe(true);
  });
});
