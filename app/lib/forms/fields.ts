import { z } from "zod";
import { defaultMessages, fieldMessages } from "~/lib/messages";
import { normaliseIndianMobile } from "~/lib/mobile";
import { isTypedText } from "~/lib/text";

/**
 * Field rules shared by the shop's forms. Where the shop's rules give no message of their own, the texts follow the
 * form library the shop was first written with ('email is a required field', 'email must be a valid email').
 */
export const LIMITS = { name: 50, email: 254, password: 128, passwordMin: 8 } as const;

/** Shown when a field holds control characters or broken Unicode that nobody types (see isTypedText). */
export const UNTYPABLE_TEXT = fieldMessages.untypable;

/** The largest id a database row can have (PostgreSQL integer): beyond it an id cannot exist. */
export const MAX_ID = 2_147_483_647;

/**
 * Text as people type it, checked the same way in every form: trimmed, refused when it holds control
 * characters or lone surrogates, and within `max` characters.
 */
export function typedText({
  max,
  tooLong = fieldMessages.tooLong(max),
  multiline = false,
}: {
  max: number;
  tooLong?: string;
  multiline?: boolean;
}) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .refine((text) => isTypedText(text, { multiline }), UNTYPABLE_TEXT);
}

/** Required typed text: `message` when it is missing or empty. */
export function requiredTypedText(
  message: string,
  options: { max: number; tooLong?: string; multiline?: boolean },
) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .pipe(typedText(options));
}

/**
 * A row id sent by a form: digits naming a whole number within the column's range, else `message`. Digits
 * only: "0x10", "1e1" or " 0b11 " name no row, though JavaScript's Number would read them as one. Any other
 * text becomes NaN here, before Conform's own coercion of the number inside could read it with Number.
 */
export function idField(message: string = fieldMessages.noSuchItem) {
  return z.preprocess(
    (sent) =>
      typeof sent === "string" ? (/^\d{1,12}$/.test(sent.trim()) ? Number(sent.trim()) : Number.NaN) : sent,
    z
      .number({ required_error: message, invalid_type_error: message })
      .int(message)
      .min(1, message)
      .max(MAX_ID, message),
  );
}

const requiredText = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .refine((text) => isTypedText(text), UNTYPABLE_TEXT);

export function nameField(requiredMessage: string) {
  return requiredTypedText(requiredMessage, { max: LIMITS.name });
}

export function emailField(
  messages = { required: defaultMessages.required("email"), invalid: defaultMessages.invalidEmail("email") },
) {
  return requiredText(messages.required)
    .pipe(
      z
        .string()
        .max(LIMITS.email, `email must be ${LIMITS.email} characters or fewer`)
        .email(messages.invalid),
    )
    .transform((email) => email.toLowerCase());
}

/** A 10-digit Indian mobile, typed with spaces, +91 or a leading 0 if need be; comes out as the bare digits. */
export function mobileField(
  messages = {
    required: defaultMessages.required("mobile"),
    invalid: "mobile must be a valid 10-digit mobile number",
  },
) {
  return z
    .string({ required_error: messages.required, invalid_type_error: messages.required })
    .transform((typed, context) => {
      if (typed.trim() === "") {
        context.addIssue({ code: z.ZodIssueCode.custom, message: messages.required });
        return z.NEVER;
      }
      const mobile = normaliseIndianMobile(typed);
      if (mobile === undefined) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: messages.invalid });
        return z.NEVER;
      }
      return mobile;
    });
}

/** A password as typed (never trimmed). `min` is left out on the log-in form, which checks only presence. */
export function passwordField(requiredMessage: string, { checkStrength }: { checkStrength: boolean }) {
  const present = z
    .string({ required_error: requiredMessage, invalid_type_error: requiredMessage })
    .min(1, requiredMessage)
    .max(LIMITS.password, `password must be at most ${LIMITS.password} characters`);
  return checkStrength
    ? present.pipe(
        z.string().min(LIMITS.passwordMin, `password must be at least ${LIMITS.passwordMin} characters`),
      )
    : present;
}
