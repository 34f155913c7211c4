import { z } from "zod";
import { normalisePinCode, parseTimeOfDay } from "~/features/delivery";
import {
  documentPrefixesProblem,
  documentPrefixProblem,
  gstinProblem,
  gstMessages,
  normaliseGstin,
  stateCodeOf,
} from "~/features/invoices";
import { emailField, requiredTypedText } from "~/lib/forms/fields";
import { INDIAN_STATES } from "~/lib/indian-states";
import { formatRupees, rupeesToPaise } from "~/lib/money";

/** The back office's settings page (owners): its messages, one home for each. */
export const settingsMessages = {
  hotlineRequired: "Enter the hotline number shoppers call",
  whatsappInvalid: "Enter an Indian WhatsApp number with its area code, e.g. +91 98450 12345",
  addressRequired: "Enter the shop's address",
  pinInvalid: "Enter the shop's 6-digit PIN code",
  cutoffInvalid: "Enter the cut-off as a time of day, e.g. 16:00",
  weekdaysRequired: "Choose at least one business day",
  amountInvalid: (label: string) => `${label}: enter an amount in rupees, e.g. 250 or 1,500.50`,
  amountTooHigh: (label: string, max: string) => `${label} can be at most ${max}`,
  saved: "Settings saved.",
  holidayDayInvalid: "Choose the holiday's date",
  holidayNameRequired: "Name the holiday",
  holidayAdded: "Holiday added.",
  holidayRemoved: "Holiday removed.",
  holidayTaken: "That day is already a holiday.",
  legalNameRequired: "Enter the legal name on the GST registration",
  tradeNameRequired: "Enter the trade name shoppers know",
  gstStateRequired: "Choose the state of the GST registration",
  gstinOtherState: (state: string, code: string) =>
    `This GSTIN is registered in another state: a GSTIN for ${state} starts with ${code}`,
  gstSaved: "GST registration saved: new invoices carry it.",
  grievanceNameRequired: "Enter whom customers write to about their personal data",
  grievanceEmailRequired: "Enter the e-mail address for personal data questions",
  grievanceEmailInvalid: "Enter a valid e-mail address, e.g. grievance@kavericomputers.in",
  grievanceSaved: "Grievance contact saved: the privacy policy names it.",
} as const;

/** Rs. 10 lakh: more than any fee or cash ceiling a dealer sets, and far inside an integer of paise. */
const MAX_AMOUNT_PAISE = 100_000_000;

/** "+91 80 4125 6789", "098450 12345", "9845012345" → "918041256789": the digits wa.me links take. */
export function normaliseWhatsApp(text: string): string | undefined {
  const digits = text.replace(/[\s()+-]/g, "");
  if (!/^\d+$/.test(digits)) return undefined;
  if (/^91[1-9]\d{9}$/.test(digits)) return digits;
  if (/^0[1-9]\d{9}$/.test(digits)) return `91${digits.slice(1)}`;
  if (/^[1-9]\d{9}$/.test(digits)) return `91${digits}`;
  return undefined;
}

/** Rupees typed ("1,500.50"), as paise from 0 to the cap; empty gives `empty`. */
function amountField<Empty extends null | 0>(label: string, empty: Empty) {
  return z
    .string()
    .trim()
    .optional()
    .transform((typed, context): number | Empty => {
      if (!typed) return empty;
      const paise = rupeesToPaise(typed);
      if (paise === undefined) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: settingsMessages.amountInvalid(label) });
        return z.NEVER;
      }
      if (paise > MAX_AMOUNT_PAISE) {
        const message = settingsMessages.amountTooHigh(label, formatRupees(MAX_AMOUNT_PAISE));
        context.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return paise;
    });
}

const WEEKDAY_NUMBERS = ["0", "1", "2", "3", "4", "5", "6"] as const;

export const settingsSchema = z.object({
  intent: z.literal("settings"),
  hotline: requiredTypedText(settingsMessages.hotlineRequired, { max: 40 }),
  whatsapp: z.string({ required_error: settingsMessages.whatsappInvalid }).transform((typed, context) => {
    const digits = normaliseWhatsApp(typed);
    if (!digits) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: settingsMessages.whatsappInvalid });
      return z.NEVER;
    }
    return digits;
  }),
  address: requiredTypedText(settingsMessages.addressRequired, { max: 300, multiline: true }),
  pinCode: z.string({ required_error: settingsMessages.pinInvalid }).transform((typed, context) => {
    const pin = normalisePinCode(typed);
    if (!pin) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: settingsMessages.pinInvalid });
      return z.NEVER;
    }
    return pin;
  }),
  cutoff: z.string({ required_error: settingsMessages.cutoffInvalid }).transform((typed, context) => {
    const minutes = parseTimeOfDay(typed);
    if (minutes === undefined) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: settingsMessages.cutoffInvalid });
      return z.NEVER;
    }
    return minutes;
  }),
  // A checkbox per weekday: one value, several, or none at all.
  weekdays: z
    .union(
      [z.enum(WEEKDAY_NUMBERS), z.array(z.enum(WEEKDAY_NUMBERS)).min(1, settingsMessages.weekdaysRequired)],
      {
        errorMap: () => ({ message: settingsMessages.weekdaysRequired }),
      },
    )
    .transform((value) => [...new Set((Array.isArray(value) ? value : [value]).map(Number))].sort()),
  expressFee: amountField("Express fee", null),
  cashOnDelivery: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
  codCeiling: amountField("Cash on delivery ceiling", 0),
  codFee: amountField("Cash on delivery fee", 0),
  rentalCashOnDelivery: z
    .literal("on")
    .optional()
    .transform((value) => value === "on"),
});

export type SettingsValues = z.output<typeof settingsSchema>;

/** The dealer's GST registration, printed on every tax invoice from the next one on (issue 17). */
export const gstSettingsSchema = z
  .object({
    intent: z.literal("gst"),
    legalName: requiredTypedText(settingsMessages.legalNameRequired, { max: 120 }),
    tradeName: requiredTypedText(settingsMessages.tradeNameRequired, { max: 120 }),
    gstin: z.string({ required_error: gstMessages.gstinLength }).transform((typed, context) => {
      const gstin = normaliseGstin(typed);
      const problem = gstinProblem(gstin);
      if (problem) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
        return z.NEVER;
      }
      return gstin;
    }),
    gstState: z.enum(INDIAN_STATES, { errorMap: () => ({ message: settingsMessages.gstStateRequired }) }),
    invoicePrefix: z.string().trim().toUpperCase().default(""),
    creditNotePrefix: z.string().trim().toUpperCase().default(""),
    b2clThreshold: amountField("B2CL threshold", 0),
  })
  .superRefine((form, context) => {
    // Zod runs this even when a field failed: such a field is not a string, and has its own message.
    const code = typeof form.gstState === "string" ? stateCodeOf(form.gstState) : undefined;
    if (code && typeof form.gstin === "string" && !form.gstin.startsWith(code)) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["gstin"],
        message: settingsMessages.gstinOtherState(form.gstState, code),
      });
    }
    const prefixes = { invoice: form.invoicePrefix, creditNote: form.creditNotePrefix };
    const problem = documentPrefixesProblem(prefixes);
    if (problem) {
      const field = documentPrefixProblem(prefixes.invoice) ? "invoicePrefix" : "creditNotePrefix";
      context.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: problem });
    }
  });

export type GstSettingsValues = z.output<typeof gstSettingsSchema>;

/** A calendar day as a date field sends it ("2026-03-19"), and a real one: 2026-02-30 is refused. */
const holidayDay = z
  .string({ required_error: settingsMessages.holidayDayInvalid })
  .refine(
    (day) =>
      /^\d{4}-\d{2}-\d{2}$/.test(day) &&
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    settingsMessages.holidayDayInvalid,
  );

export const holidayAddSchema = z.object({
  intent: z.literal("add-holiday"),
  day: holidayDay,
  name: requiredTypedText(settingsMessages.holidayNameRequired, { max: 80 }),
});

export const holidayRemoveSchema = z.object({
  intent: z.literal("remove-holiday"),
  day: holidayDay,
});

/**
 * Whom a customer writes to about their personal data (the Digital Personal Data Protection Act's grievance
 * contact), named on the privacy policy page.
 */
export const grievanceSchema = z.object({
  intent: z.literal("grievance"),
  grievanceName: requiredTypedText(settingsMessages.grievanceNameRequired, { max: 100 }),
  grievanceEmail: emailField({
    required: settingsMessages.grievanceEmailRequired,
    invalid: settingsMessages.grievanceEmailInvalid,
  }),
});

export type GrievanceValues = z.output<typeof grievanceSchema>;

/** The settings page's forms, told apart by the submit button's intent. */
export const settingsPageSchema = z.discriminatedUnion("intent", [
  settingsSchema,
  grievanceSchema,
  holidayAddSchema,
  holidayRemoveSchema,
]);

/** Every form the settings page posts: the page's sections, and the GST registration with its own rules. */
export const settingsFormsSchema = z.union([settingsPageSchema, gstSettingsSchema]);
