/** The rentals feature's server side: offers read and written with the product they belong to. */

export {
  type BookingPage,
  type BookingRequest,
  bookingPage,
  type CustomerBooking,
  customerBookings,
  requestBooking,
  withdrawBooking,
} from "./booking.server";
export { sendBookingRequestedMail } from "./booking-mail.server";
export { BOOKING_FILE_FIELDS, type BookingValues, bookingSchema } from "./schemas";
export { checkDocument, documentsOf, purgeEndedRentalDocuments, readDocument } from "./documents.server";
export { eraseRentalsOf, openRentalsOf } from "./erasure.server";
export { insertRentalOffers, readRentalOffer, readRentalOffers, writeRentalOffer } from "./offer.server";
export {
  bookingForStaff,
  listBookings,
  type RentalListFilters,
  rentalListSchema,
} from "./staff-bookings.server";
