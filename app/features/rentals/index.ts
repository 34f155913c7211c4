/** The rentals feature (decision 0043): a rental product's offer, for the browser and the server alike. */

export { rentalAdminMessages } from "./admin-messages";
export {
  BOOKING_STATUS_TEXT,
  bookingReference,
  DOCUMENT_PURPOSES,
  RENTAL_BOOKING_STATUSES,
  RETURN_TURNAROUND_DAYS,
} from "./booking";
export { bookingMessages, rentalPaymentMessages } from "./booking-messages";
export { rentalMessages } from "./messages";
export {
  lowestRent,
  offerSummary,
  RENTAL_TENURES,
  type RentalOffer,
  rentalPriceColumns,
  sameOffer,
} from "./offer";
export { type RentalOfferView, rentalOfferView } from "./offer-view";
export { BOOKING_MOVES, type BookingMove, DEDUCTION_LINES } from "./pipeline";
export { RentalChargesTable } from "./RentalChargesTable";
export { RENTAL_FIELDS_NAME, RentalOfferFields, rentalFieldNames } from "./RentalOfferFields";
export { RentalOfferPanel } from "./RentalOfferPanel";
export { RentalUnitForm } from "./RentalUnitForm";
export { readRentalForm, rentalFormDefaults } from "./rental-form";
