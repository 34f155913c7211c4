/** The rentals feature's server side: offers read and written with the product they belong to. */

export {
  bookingPage,
  customerBookings,
  customerRentalData,
  requestBooking,
  withdrawBooking,
} from "./booking.server";
export { sendBookingMoveMail, sendBookingRequestedMail } from "./booking-mail.server";
export { billComingMonths } from "./charge-billing.server";
export { bookingTaxDocument } from "./charge-documents.server";
export { sendChargeNotices, sendChargePaidMail } from "./charge-mail.server";
export { chargeToPay, recordCounterPayment, settleRentalCharge } from "./charges.server";
export { purgeEndedRentalDocuments, readDocument } from "./documents.server";
export { eraseRentalsOf, openRentalsOf } from "./erasure.server";
export { insertRentalOffers, readRentalOffer, readRentalOffers, writeRentalOffer } from "./offer.server";
export { bookingHistory, depositBack, moveBooking } from "./pipeline.server";
export { rentalsToAttend, sendEndingReminders } from "./reminders.server";
export {
  BOOKING_FILE_FIELDS,
  type BookingMoveForm,
  bookingMoveSchema,
  bookingSchema,
  rentalUnitSchema,
} from "./schemas";
export { bookingForStaff, listBookings, rentalListSchema } from "./staff-bookings.server";
export { listUnits, rentalProducts, saveUnit, unitForEdit } from "./units.server";
