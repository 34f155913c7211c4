import { z } from "zod";
import { addressSchema } from "~/features/delivery/schemas";
import { gstinField } from "~/features/invoices/schemas";
import { typedText } from "~/lib/forms/fields";
import { requestLimits } from "~/lib/request-limits.mjs";
import { ADDRESS_PROOF_KINDS, ID_PROOF_KINDS, RENTAL_UNITS_MAX } from "./booking";
import { bookingMessages } from "./booking-messages";
import { RENTAL_TENURES } from "./offer";

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
