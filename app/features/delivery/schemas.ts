import { z } from "zod";
import { nameField, requiredTypedText, typedText } from "~/lib/forms/fields";
import { INDIAN_STATES } from "~/lib/indian-states";
import { fieldMessages } from "~/lib/messages";
import { requestLimits } from "~/lib/request-limits.mjs";
import { addressMessages } from "./messages";
import { PIN_CODE_PATTERN } from "./pin-codes";
import { checkZone, type ZoneValues, zoneMessages } from "./zones";

/**
 * The back office's delivery zone forms (owners): add, edit, delete, import. The rules are app/features/delivery/zones.ts's,
 * shared with the CSV import; zod only carries them to Conform (fields and their messages).
 */

/** Conform gives an empty field as undefined. */
const text = z.string().optional().default("");
const checkbox = z
  .literal("on")
  .optional()
  .transform((value) => value === "on");

const zoneFields = {
  name: text,
  pinList: text,
  delivers: checkbox,
  standardMin: text,
  standardMax: text,
  expressMin: text,
  expressMax: text,
  cashOnDelivery: checkbox,
};

type ZoneFieldsOut = { [K in keyof typeof zoneFields]: z.output<(typeof zoneFields)[K]> };

/** The zone the fields make, or each wrong field's message as a zod issue on that field. */
function zoneOf(fields: ZoneFieldsOut, context: z.RefinementCtx): ZoneValues {
  const checked = checkZone(fields);
  if (checked.ok) return checked.zone;
  for (const [field, message] of Object.entries(checked.errors)) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
  }
  return z.NEVER;
}

/** The new zone form. */
export const zoneCreateSchema = z.object(zoneFields).transform(zoneOf);

/**
 * The zone's updated_at when the form was opened, to the microsecond: a save made on an older copy is refused.
 * Anything else in the field is a stale copy too.
 */
const versionField = z
  .string({ required_error: zoneMessages.stale, invalid_type_error: zoneMessages.stale })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/, zoneMessages.stale);

/** The edit page's forms, told apart by the submit button's intent. */
export const zoneEditSchema = z
  .discriminatedUnion("intent", [
    z.object({ intent: z.literal("save"), version: versionField, ...zoneFields }),
    z.object({ intent: z.literal("delete") }),
  ])
  .transform((form, context) => {
    if (form.intent === "delete") return { intent: "delete" as const };
    const { intent: _, version, ...fields } = form;
    return { intent: "save" as const, version, zone: zoneOf(fields, context) };
  });

/** A CSV file of zones: its bytes are read and checked on the server (app/features/delivery/zones-csv.ts). */
export const zoneImportSchema = z.object({
  file: z
    .instanceof(File, { message: zoneMessages.fileRequired })
    .refine((file) => file.size > 0, zoneMessages.fileRequired)
    .refine((file) => file.size <= requestLimits.csvBytes, zoneMessages.fileTooLarge),
});

const required = (message: string, max = 200) => requiredTypedText(message, { max });

/** A delivery address (checkout, a rental booking). India only; the state from the full list; a 6-digit PIN code (not starting with 0). */
export const addressSchema = z.object({
  firstname: nameField(addressMessages.firstnameRequired),
  lastname: nameField(addressMessages.lastnameRequired),
  address: required(addressMessages.addressRequired),
  other: typedText({ max: 200 })
    .optional()
    .transform((value) => (value ? value : undefined)),
  city: required(addressMessages.cityRequired, 80),
  state: z.enum(INDIAN_STATES, { errorMap: () => ({ message: addressMessages.stateRequired }) }),
  country: z.literal("India", {
    errorMap: () => ({ message: addressMessages.countryRequired }),
  }),
  pincode: z
    .string({
      required_error: addressMessages.pincodeRequired,
      invalid_type_error: addressMessages.pincodeRequired,
    })
    .transform((typed, context) => {
      const digits = typed.replace(/\s+/g, "");
      if (digits === "") {
        context.addIssue({ code: z.ZodIssueCode.custom, message: addressMessages.pincodeRequired });
        return z.NEVER;
      }
      if (!PIN_CODE_PATTERN.test(digits)) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: fieldMessages.pincodeInvalid });
        return z.NEVER;
      }
      return digits;
    }),
});

export type AddressValues = z.output<typeof addressSchema>;
