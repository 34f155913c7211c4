import { describe, expect, it } from "vitest";
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
  resetPasswordServerSchema,
  signupServerSchema,
} from "./common-passwords.server";
import { resetPasswordSchema, signupSchema } from "./schemas";

describe("isCommonPassword", () => {
  it("knows the passwords everybody tries first", () => {
    for (const password of [
      "12345678",
      "password",
      "password1",
      "qwerty123",
      "iloveyou",
      "11111111",
      "123456789",
      "1234567890",
      "india123",
      "welcome123",
      "sunshine",
      "passw0rd",
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("ignores case, Unicode form and spaces around the password", () => {
    for (const password of ["PASSWORD", "PassWord1", "ｐａｓｓｗｏｒｄ", "１２３４５６７８", " 12345678 "]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it("lets uncommon passwords through", () => {
    for (const password of [
      "correct horse battery",
      "kaveri-0a1b2c3d4e",
      "Bengaluru#SP-Road-42",
      "pass word 1",
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});

describe("server-side password schemas", () => {
  const signup = {
    firstname: "Asha",
    lastname: "Rao",
    email: "asha@example.in",
    mobile: "9845012345",
  };

  it("refuse a common password on the password field, where the browser's schemas allow it", () => {
    for (const password of ["12345678", "password", "Password1"]) {
      expect(signupSchema.safeParse({ ...signup, password }).success).toBe(true);
      expect(resetPasswordSchema.safeParse({ password }).success).toBe(true);
      for (const result of [
        signupServerSchema.safeParse({ ...signup, password }),
        resetPasswordServerSchema.safeParse({ password }),
      ]) {
        expect(result.success).toBe(false);
        expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
          { path: ["password"], message: COMMON_PASSWORD_MESSAGE },
        ]);
      }
    }
  });

  it("still give the length message first, and accept a good password", () => {
    const short = signupServerSchema.safeParse({ ...signup, password: "qwerty" });
    expect(short.error?.issues.map((issue) => issue.message)).toEqual([
      "password must be at least 8 characters",
    ]);
    expect(signupServerSchema.parse({ ...signup, password: "correct horse battery" })).toMatchObject({
      email: "asha@example.in",
      password: "correct horse battery",
    });
    expect(resetPasswordServerSchema.safeParse({ password: "correct horse battery" }).success).toBe(true);
  });
});
