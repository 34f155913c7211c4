/** The rentals feature's server side: offers read and written with the product they belong to. */

export {
  type BookingPage,
  type BookingRequest,
  bookingPage,
  type CustomerBooking,
  customerBookings,
  customerRentalData,
  requestBooking,
  withdrawBooking,
} from "./booking.server";
export { sendBookingMoveMail, sendBookingRequestedMail } from "./booking-mail.server";
export { sendChargeNotices, sendChargePaidMail } from "./charge-mail.server";
export {
  billComingMonths,
  bookingTaxDocument,
  bookingTaxDocuments,
  type ClaimedRefund,
  chargesOf,
  chargeToPay,
  chargeView,
  recordCounterPayment,
  type SettledCharge,
  settleRentalCharge,
} from "./charges.server";
export { checkDocument, documentsOf, purgeEndedRentalDocuments, readDocument } from "./documents.server";
export { eraseRentalsOf, openRentalsOf } from "./erasure.server";
export { insertRentalOffers, readRentalOffer, readRentalOffers, writeRentalOffer } from "./offer.server";
export { bookingHistory, depositBack, type MoveResult, moveBooking } from "./pipeline.server";
export { ENDING_NOTICE_DAYS, rentalsToAttend, sendEndingReminders } from "./reminders.server";
export {
  BOOKING_FILE_FIELDS,
  type BookingMoveForm,
  type BookingValues,
  bookingMoveSchema,
  bookingSchema,
  type RentalUnitValues,
  rentalUnitSchema,
} from "./schemas";
export {
  bookingForStaff,
  listBookings,
  type RentalListFilters,
  rentalListSchema,
} from "./staff-bookings.server";
export {
  freeUnits,
  listUnits,
  rentalProducts,
  saveUnit,
  UNIT_STATUS_TEXT,
  unitForEdit,
  unitsOf,
} from "./units.server";
