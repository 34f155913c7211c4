/*
 * What the booking says to customers: one home for each text. Apart from messages.ts so that the product page,
 * which shows the offer, does not carry the booking form's words.
 */

export const bookingMessages = {
  tenureRequired: "Choose a tenure.",
  tenureNotOffered: "This tenure is not offered for this product: choose one of its plans.",
  unitsInvalid: (max: number) => `Enter how many units you need, from 1 to ${max}.`,
  unitsFreeOn: (available: number, day: string) =>
    available < 1
      ? `No unit is free from ${day}: choose a later start, or ask us for a quote.`
      : available === 1
        ? `Only 1 unit is free from ${day}: enter 1, choose a later start, or ask us for a quote.`
        : `Only ${available} units are free from ${day}: enter at most ${available}, choose a later start, or ask us for a quote.`,
  notBookable: "This product cannot be booked now. Please ask us for a quote.",
  startRequired: "Choose the day the rental starts.",
  startTooEarly: (pin: string, day: string) => `The earliest start we can deliver to ${pin} is ${day}.`,
  startTooLate: (day: string) => `Choose a start on or before ${day}.`,
  customerTypeRequired: "Say whether you rent as an individual or for a business.",
  businessNameRequired: "Enter the business's legal name.",
  gstinRequired: "Enter the business's GSTIN.",
  idKindRequired: "Choose which ID proof you are giving.",
  addressKindRequired: "Choose which address proof you are giving.",
  idProofRequired: "Attach your ID proof.",
  addressProofRequired: "Attach your address proof.",
  documentTooLarge: (megabytes: number) =>
    `This file is larger than ${megabytes} MB. Please attach a smaller one.`,
  documentType: "Attach a PDF, JPEG or PNG file.",
  documentUnreadable:
    "This file could not be read. Please attach a clear scan or photo as a PDF, JPEG or PNG.",
  pinNotServed: (pin: string) => `We do not deliver rentals to ${pin} yet. Please call us for a quote.`,
  purchaseOrderOnlyForBusiness: "A purchase order goes with a business booking only.",
  termsRequired: "Agree to the rental terms to send the request.",
  filesNotKept:
    "For your safety, attached files are not kept when a form is sent back: please attach them again.",
  requested: (reference: string) =>
    `Your rental request ${reference} is received. We check your documents and write to you within one business day.`,
  withdrawn: (reference: string) => `Your rental request ${reference} is withdrawn.`,
  tooManyOpen: (max: number) =>
    `You already have ${max} rental requests waiting for us. Please wait for our answer, or withdraw one in My Rentals.`,
  notWithdrawable: "This request can no longer be withdrawn: please call us.",
} as const;

/** What My Rentals says about paying a rental's charges through PhonePe. */
export const rentalPaymentMessages = {
  received: "Thank you: your payment is received. Its tax invoice is on this page.",
  notPayable: "This charge cannot be paid now: it is paid already, or the booking has ended.",
  beingRefunded:
    "This charge was no longer due when your payment arrived (paid another way, or the booking was cancelled). Your payment is being refunded.",
  refunded:
    "This charge was no longer due when your payment arrived (paid another way, or the booking was cancelled). Your payment has been refunded.",
} as const;
