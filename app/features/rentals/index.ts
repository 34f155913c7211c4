/** The rentals feature (decision 0043): a rental product's offer, for the browser and the server alike. */

export { rentalAdminMessages } from "./admin-messages";
export {
  ADDRESS_PROOF_KINDS,
  BOOKING_STATUS_TEXT,
  bookingReference,
  DOCUMENT_PURPOSES,
  DOCUMENTS_KEPT_DAYS,
  documentKindText,
  ID_PROOF_KINDS,
  RENTAL_BOOKING_STATUSES,
  RENTAL_UNITS_MAX,
  RETURN_TURNAROUND_DAYS,
  type RentalBookingStatus,
} from "./booking";
export { bookingMessages, rentalPaymentMessages } from "./booking-messages";
export { rentalMessages } from "./messages";
export {
  EARLY_CLOSURES,
  type EarlyClosure,
  earlyClosureText,
  highestRent,
  lowestRent,
  monthsText,
  offerSummary,
  perMonth,
  RENTAL_LIMITS,
  RENTAL_TENURES,
  type RentalOffer,
  type RentalPlan,
  rentalPriceColumns,
  sameOffer,
  savingPercent,
  sortedPlans,
  upFront,
} from "./offer";
export { type RentalOfferView, rentalOfferView } from "./offer-view";
export { BOOKING_MOVES, type BookingMove, DEDUCTION_LINES } from "./pipeline";
export { RENTAL_FIELDS_NAME, RentalOfferFields, rentalFieldNames } from "./RentalOfferFields";
export { RentalOfferPanel } from "./RentalOfferPanel";
export { RentalUnitForm } from "./RentalUnitForm";
export {
  type RentalField,
  type RentalProblem,
  readRentalForm,
  rentalFormDefaults,
  rentFieldOf,
} from "./rental-form";
