import { z } from "zod";
import { addressSchema } from "~/features/delivery/schemas";
import { gstMessages } from "~/features/invoices";
import { gstinField } from "~/features/invoices/schemas";
import { shopDayBounds } from "~/lib/dates";
import { COURIER_MAX, ORDER_NOTE_MAX, TRACKING_MAX, TRACKING_MIN } from "~/lib/form-limits";
import { typedText } from "~/lib/forms/fields";
import { choice, firstValues, listPage, listText } from "~/lib/list-filters";
import { rupeesToPaise } from "~/lib/money";
import { checkoutChoiceMessages, orderAdminMessages } from "./messages";
import { ORDER_SEARCH_MAX, type OrderFilters } from "./order-filters";
import { ORDER_STATUSES, SHIPPED } from "./order-status";

/**
 * The back office's order page: moving an order along its life cycle, (owners) a refund, and a cash order's
 * end at the door.
 */

// In lib/form-limits.ts, which pages may import without zod.
export { COURIER_MAX, ORDER_NOTE_MAX, TRACKING_MAX, TRACKING_MIN };

/** "1,23,45,678.50" at most: anything longer is no amount an order of this shop was paid. */
const AMOUNT_TEXT_MAX = 16;

const status = (message: string) => z.enum(ORDER_STATUSES, { errorMap: () => ({ message }) });

const note = typedText({
  max: ORDER_NOTE_MAX,
  tooLong: orderAdminMessages.noteTooLong(ORDER_NOTE_MAX),
  multiline: true,
}).optional();

const courier = typedText({ max: COURIER_MAX, tooLong: orderAdminMessages.courierTooLong(COURIER_MAX) });

/** Letters, digits and hyphens, as couriers print them (Blue Dart, DTDC, India Post "EE123456789IN"). */
const trackingNumber = z
  .string()
  .trim()
  .regex(
    new RegExp(`^[A-Za-z0-9-]{${TRACKING_MIN},${TRACKING_MAX}}$`),
    orderAdminMessages.trackingInvalid(TRACKING_MIN, TRACKING_MAX),
  );

const moveFields = {
  /** The status the staff member saw: a stale one is refused (someone else moved the order meanwhile). */
  from: status(orderAdminMessages.chooseStatus),
  to: status(orderAdminMessages.chooseStatus),
  courier: courier.optional(),
  trackingNumber: trackingNumber.optional(),
  note,
};

/** Rupees as typed ("1,500", "1500.50"), as paise; more than 0. Whether it fits the order is the server's. */
function rupeeAmount(messages: { required: string; notPositive: string }) {
  return z
    .string({ required_error: messages.required, invalid_type_error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(AMOUNT_TEXT_MAX, orderAdminMessages.refundAmountInvalid)
    .transform((typed, context) => {
      const paise = rupeesToPaise(typed);
      if (paise === undefined) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: orderAdminMessages.refundAmountInvalid });
        return z.NEVER;
      }
      if (paise <= 0) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: messages.notPositive });
        return z.NEVER;
      }
      return paise;
    });
}

const refundAmount = rupeeAmount({
  required: orderAdminMessages.refundAmountRequired,
  notPositive: orderAdminMessages.refundAmountNotPositive,
});

/** A cash order at the door: the cash collected (Delivered), or refused (Cancelled, stock back). */
const collectFields = {
  from: status(orderAdminMessages.chooseStatus),
  amount: rupeeAmount({
    required: orderAdminMessages.collectAmountRequired,
    notPositive: orderAdminMessages.collectAmountNotPositive,
  }),
  note,
};
const refuseFields = { from: status(orderAdminMessages.chooseStatus), note };

const refundFields = { amount: refundAmount, note };

/** A courier and a tracking number only go with Shipped. */
function shippingDetailsOnlyWhenShipped(
  move: { to: string; courier?: string | undefined; trackingNumber?: string | undefined },
  context: z.RefinementCtx,
) {
  if (move.to === SHIPPED) return;
  for (const field of ["courier", "trackingNumber"] as const) {
    if (move[field]) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: [field],
        message: orderAdminMessages.shippingDetailsOnlyWhenShipped,
      });
    }
  }
}

/** The status form's fields, checked in the browser as they are typed (the intent comes with the button). */
export const moveOrderSchema = z.object(moveFields).superRefine(shippingDetailsOnlyWhenShipped);

/** The refund form's fields, checked in the browser as they are typed. */
export const refundOrderSchema = z.object(refundFields);

/** The cash-collected form's fields, checked in the browser as they are typed. */
export const collectCashSchema = z.object(collectFields);

/** The order page's two forms, told apart by the submit button's intent. */
export const orderPageSchema = z
  .discriminatedUnion("intent", [
    z.object({ intent: z.literal("move"), ...moveFields }),
    z.object({ intent: z.literal("refund"), ...refundFields }),
    z.object({ intent: z.literal("collect"), ...collectFields }),
    z.object({ intent: z.literal("refuse"), ...refuseFields }),
  ])
  .superRefine((form, context) => {
    if (form.intent === "move") shippingDetailsOnlyWhenShipped(form, context);
  });

export type OrderPageForm = z.output<typeof orderPageSchema>;

/**
 * Place Order: the address with the shipping and payment choices, and a business buyer's GSTIN and name. A
 * post without choices (an older page, a script) is Standard shipping paid online, the choices the page
 * starts with; the server prices them.
 */
export const checkoutSchema = addressSchema
  .extend({
    shipping: z
      .enum(["standard", "express"], {
        errorMap: () => ({ message: checkoutChoiceMessages.shippingRequired }),
      })
      .default("standard"),
    payment: z
      .enum(["phonepe", "cod"], { errorMap: () => ({ message: checkoutChoiceMessages.paymentRequired }) })
      .default("phonepe"),
    gstin: gstinField,
    businessName: typedText({ max: 100 })
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .superRefine((form, context) => {
    // Zod runs this even when the GSTIN failed: only a GSTIN that passed asks for the name.
    if (typeof form.gstin === "string" && !form.businessName) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["businessName"],
        message: gstMessages.businessNameRequired,
      });
    }
  });

export type CheckoutValues = z.output<typeof checkoutSchema>;

/** The order list's filters in the URL (app/lib/admin-list.server.ts), in the order its canonical URL has them. */
export const orderFiltersSchema = z
  .object({
    status: choice(ORDER_STATUSES),
    from: listDay(),
    to: listDay(),
    q: listText(ORDER_SEARCH_MAX),
    page: listPage,
  })
  // "From" after "to" was meant the other way round ("YYYY-MM-DD" sorts as text).
  .transform((filters): OrderFilters => {
    const { from, to } = filters;
    return from && to && from > to ? { ...filters, from: to, to: from } : filters;
  });

export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  return orderFiltersSchema.parse(firstValues(params));
}

/** The refunds that have no order: only a page. */
export const unorderedRefundsSchema = z.object({ page: listPage });

/** An India calendar day, "YYYY-MM-DD", that exists; else no filter. */
function listDay() {
  return z
    .string()
    .trim()
    .refine((day) => shopDayBounds(day) !== undefined)
    .optional()
    .catch(undefined);
}
