import { z } from "zod";
import type { RentalDeduction } from "~/db/schema";
import { addressSchema } from "~/features/delivery/schemas";
import { gstinField } from "~/features/invoices/schemas";
import { idField, requiredTypedText, typedText } from "~/lib/forms/fields";
import { rupeesToPaise } from "~/lib/money";
import { requestLimits } from "~/lib/request-limits.mjs";
import { rentalAdminMessages } from "./admin-messages";
import { ADDRESS_PROOF_KINDS, ID_PROOF_KINDS, RENTAL_BOOKING_STATUSES, RENTAL_UNITS_MAX } from "./booking";
import { bookingMessages } from "./booking-messages";
import { RENTAL_TENURES } from "./offer";
import { DEDUCTION_LINES } from "./pipeline";

/*
 * The booking form's fields (decision 0043), checked in the browser as they are typed and again on the server.
 * What only the server can judge (the product's plans, the units free, the PIN code served, the earliest
 * start, the documents' bytes) is in booking.server.ts.
 */

const MEGABYTES = requestLimits.rentalDocumentBytes / (1024 * 1024);

const keysOf = <T extends Record<string, string>>(record: T) => Object.keys(record) as [keyof T & string];

/** An attached file within the size limit; its type is told by its bytes on the server. */
function documentFile(requiredMessage: string) {
  return z
    .instanceof(File, { message: requiredMessage })
    .refine((file) => file.size > 0, requiredMessage)
    .refine(
      (file) => file.size <= requestLimits.rentalDocumentBytes,
      bookingMessages.documentTooLarge(MEGABYTES),
    );
}

/** "2026-12-03": a day of the calendar. */
const day = z
  .string({
    required_error: bookingMessages.startRequired,
    invalid_type_error: bookingMessages.startRequired,
  })
  .trim()
  .refine((text) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!match) return false;
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, bookingMessages.startRequired);

export const bookingSchema = addressSchema
  .extend({
    months: z.coerce
      .number({
        required_error: bookingMessages.tenureRequired,
        invalid_type_error: bookingMessages.tenureRequired,
      })
      .int(bookingMessages.tenureRequired)
      .refine(
        (months) => (RENTAL_TENURES as readonly number[]).includes(months),
        bookingMessages.tenureRequired,
      ),
    units: z.coerce
      .number({
        required_error: bookingMessages.unitsInvalid(RENTAL_UNITS_MAX),
        invalid_type_error: bookingMessages.unitsInvalid(RENTAL_UNITS_MAX),
      })
      .int(bookingMessages.unitsInvalid(RENTAL_UNITS_MAX))
      .min(1, bookingMessages.unitsInvalid(RENTAL_UNITS_MAX))
      .max(RENTAL_UNITS_MAX, bookingMessages.unitsInvalid(RENTAL_UNITS_MAX)),
    startDate: day,
    customerType: z.enum(["individual", "business"], {
      errorMap: () => ({ message: bookingMessages.customerTypeRequired }),
    }),
    businessName: typedText({ max: 100 })
      .optional()
      .transform((value) => (value ? value : undefined)),
    gstin: gstinField,
    idProofKind: z.enum(keysOf(ID_PROOF_KINDS), {
      errorMap: () => ({ message: bookingMessages.idKindRequired }),
    }),
    idProof: documentFile(bookingMessages.idProofRequired),
    addressProofKind: z.enum(keysOf(ADDRESS_PROOF_KINDS), {
      errorMap: () => ({ message: bookingMessages.addressKindRequired }),
    }),
    addressProof: documentFile(bookingMessages.addressProofRequired),
    purchaseOrder: documentFile(bookingMessages.documentType).optional(),
    terms: z.literal("on", { errorMap: () => ({ message: bookingMessages.termsRequired }) }),
  })
  .superRefine((form, context) => {
    if (form.customerType !== "business") {
      if (form.purchaseOrder) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["purchaseOrder"],
          message: bookingMessages.purchaseOrderOnlyForBusiness,
        });
      }
      return;
    }
    if (!form.businessName) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["businessName"],
        message: bookingMessages.businessNameRequired,
      });
    }
    // Zod runs this even when a field failed: a GSTIN that failed its own check holds no string but has its message.
    if (form.gstin === undefined) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["gstin"],
        message: bookingMessages.gstinRequired,
      });
    }
  });

export type BookingValues = z.output<typeof bookingSchema>;

/** The file fields: never echoed back to the browser (a file input cannot be refilled). */
export const BOOKING_FILE_FIELDS = ["idProof", "addressProof", "purchaseOrder"] as const;

/** A move along a booking's pipeline, made on the status the staff member saw (`from`). */
export const REASON_MAX = 500;
export const MOVE_NOTE_MAX = 1000;

const deductionFields = Object.fromEntries(
  Array.from({ length: DEDUCTION_LINES }, (_, i) => [
    [`deduction${i + 1}Label`, typedText({ max: 120 }).optional()],
    [`deduction${i + 1}Amount`, z.string().max(16).optional()],
  ]).flat(),
) as Record<string, z.ZodOptional<z.ZodTypeAny>>;

export const bookingMoveSchema = z
  .object({
    from: z.enum(RENTAL_BOOKING_STATUSES, { errorMap: () => ({ message: rentalAdminMessages.noSuchMove }) }),
    to: z.enum(RENTAL_BOOKING_STATUSES, { errorMap: () => ({ message: rentalAdminMessages.noSuchMove }) }),
    reason: typedText({
      max: REASON_MAX,
      tooLong: rentalAdminMessages.reasonTooLong(REASON_MAX),
      multiline: true,
    })
      .optional()
      .transform((value) => value || undefined),
    note: typedText({
      max: MOVE_NOTE_MAX,
      tooLong: rentalAdminMessages.noteTooLong(MOVE_NOTE_MAX),
      multiline: true,
    })
      .optional()
      .transform((value) => value || ""),
    unitIds: z.array(idField(rentalAdminMessages.unitsTaken)).max(RENTAL_UNITS_MAX).default([]),
    /** An extension's new tenure, one of the booking's plans. */
    months: z.coerce.number().int().min(1).max(36).optional().catch(undefined),
    ...deductionFields,
  })
  .transform((form, context) => {
    const deductions: RentalDeduction[] = [];
    const lines = form as Record<string, unknown>;
    for (let line = 1; line <= DEDUCTION_LINES; line++) {
      const label = (lines[`deduction${line}Label`] as string | undefined) ?? "";
      const amountText = ((lines[`deduction${line}Amount`] as string | undefined) ?? "").trim();
      if (!label && !amountText) continue;
      const amount = rupeesToPaise(amountText);
      if (!label) {
        context.addIssue({
          code: "custom",
          path: [`deduction${line}Label`],
          message: rentalAdminMessages.deductionLabel,
        });
      }
      if (amount === undefined || amount <= 0) {
        context.addIssue({
          code: "custom",
          path: [`deduction${line}Amount`],
          message: rentalAdminMessages.deductionAmount,
        });
        continue;
      }
      if (label) deductions.push({ label, amount });
    }
    return {
      from: form.from,
      to: form.to,
      reason: form.reason,
      note: form.note,
      unitIds: form.unitIds,
      months: form.months as number | undefined,
      deductions,
    };
  });

export type BookingMoveForm = z.output<typeof bookingMoveSchema>;

/** A unit of the register, added or edited. */
export const rentalUnitSchema = z.object({
  productId: idField(rentalAdminMessages.productRequired),
  serialNumber: requiredTypedText(rentalAdminMessages.serialRequired, { max: 60 }),
  assetTag: requiredTypedText(rentalAdminMessages.assetTagRequired, { max: 40 }),
  configuration: typedText({ max: 200 }).optional().default(""),
  grade: z.enum(["A", "B", "C"], { errorMap: () => ({ message: rentalAdminMessages.gradeInvalid }) }),
  batteryHealth: z
    .string()
    .trim()
    .optional()
    .transform((typed, context) => {
      if (!typed) return null;
      const value = Number(typed);
      if (!/^\d{1,3}$/.test(typed) || value > 100) {
        context.addIssue({ code: "custom", message: rentalAdminMessages.batteryInvalid });
        return z.NEVER;
      }
      return value;
    }),
  notes: typedText({ max: 1000, multiline: true }).optional().default(""),
  status: z.enum(["available", "repair", "retired"]).optional(),
});

export type RentalUnitValues = z.output<typeof rentalUnitSchema>;
