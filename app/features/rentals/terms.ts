import { formatRupees } from "~/lib/money";
import { DOCUMENTS_KEPT_DAYS } from "./booking";
import { earlyClosureText, monthsText, type RentalOffer } from "./offer";

/*
 * The rental terms a customer agrees to when booking. Their version is stored with each booking, so what was
 * agreed can be shown later even after the terms change: change RENTAL_TERMS_VERSION with the words.
 */

export const RENTAL_TERMS_VERSION = "2026-11-28";

/** The terms as the booking page lists them, with this offer's own figures. */
export function rentalTerms(offer: RentalOffer): string[] {
  return [
    "The rent is paid monthly in advance. The first month's rent and the deposit are paid once the booking is approved, before delivery.",
    offer.deposit > 0
      ? `The deposit of ${formatRupees(offer.deposit)} per unit is refunded when the units come back, less itemised charges for damage or missing parts beyond normal wear.`
      : "There is no deposit; damage or missing parts beyond normal wear are charged at the end.",
    `The minimum tenure is ${monthsText(offer.minimumMonths)}. ${earlyClosureText(offer)}`,
    "The units stay the dealer's property. They may not be sold, pledged, sublet or opened, and go back in the condition they came in, with their chargers and accessories.",
    "The ID and address documents are used only to check this booking. Staff alone can see them, and they are deleted " +
      `${DOCUMENTS_KEPT_DAYS} days after the rental ends.`,
  ];
}
