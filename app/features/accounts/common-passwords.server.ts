import { createRequire } from "node:module";
import type { z } from "zod";
import { acceptInviteSchema, ownerSetupSchema } from "~/features/staff/index.server";
import { accountProblems } from "./messages";
import { resetPasswordSchema, signupSchema } from "./schemas";

/**
 * Passwords people pick most often, refused wherever a new password is set (sign-up, reset). The list is
 * Mozilla's `fxa-common-password-list` (the list Firefox Accounts uses): the 50,000 most common passwords of
 * 8 characters or more from the SecLists "10 million passwords" top million, lower-cased. It lives on the
 * server only (this is a .server module), so it never reaches the browser bundle; the browser checks length
 * and the server adds this check.
 */

export const COMMON_PASSWORD_MESSAGE = accountProblems.commonPassword;

type PasswordList = { test: (password: string) => boolean };

let list: PasswordList | undefined;

/** Decodes the list on first use (about 0.1 s), once per process, rather than when the server starts. */
function commonPasswordList(): PasswordList {
  if (!list) {
    const loaded: unknown = createRequire(import.meta.url)("fxa-common-password-list");
    if (
      typeof loaded !== "object" ||
      loaded === null ||
      typeof (loaded as { test?: unknown }).test !== "function"
    ) {
      throw new Error("fxa-common-password-list did not export its test function");
    }
    list = loaded as PasswordList;
  }
  return list;
}

/**
 * True when the password is one of the common ones, whatever its case or Unicode form ("PassWord" and a
 * full-width "１２３４５６７８" count); spaces around it do not make it any less common.
 */
export function isCommonPassword(plain: string): boolean {
  const folded = plain.normalize("NFKC").toLowerCase();
  const check = commonPasswordList();
  return check.test(folded) || check.test(folded.trim());
}

/** A password field that also refuses the common passwords. */
function uncommon<Field extends z.ZodType<string, z.ZodTypeDef, unknown>>(field: Field) {
  return field.refine((password) => !isCommonPassword(password), COMMON_PASSWORD_MESSAGE);
}

/*
 * The forms that set a new password, as the server parses them: the shared schema with the common-password
 * check on its password field. The browser keeps using the shared schema alone, so the list stays out of
 * its bundle.
 */

export const signupServerSchema = signupSchema.extend({ password: uncommon(signupSchema.shape.password) });

export const resetPasswordServerSchema = resetPasswordSchema.extend({
  password: uncommon(resetPasswordSchema.shape.password),
});

export const ownerSetupServerSchema = ownerSetupSchema.extend({
  password: uncommon(ownerSetupSchema.shape.password),
});

export const acceptInviteServerSchema = acceptInviteSchema.extend({
  password: uncommon(acceptInviteSchema.shape.password),
});
