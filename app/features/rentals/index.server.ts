/** The rentals feature's server side: offers read and written with the product they belong to. */
export { insertRentalOffers, readRentalOffer, readRentalOffers, writeRentalOffer } from "./offer.server";
