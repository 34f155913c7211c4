import { formatRupees } from "~/lib/money";
import { rentalMessages } from "./messages";
import {
  earlyClosureText,
  lowestRent,
  monthsText,
  perMonth,
  RENTAL_UNITS_MAX,
  type RentalOffer,
  savingPercent,
  sortedPlans,
  upFront,
} from "./offer";

/**
 * A rental's offer as the product page shows it, worded on the server so the page's JavaScript carries only
 * the markup: each plan's rent, saving and what is paid up front, the deposit, the minimum tenure and the
 * early-closure rule. No offer (a rental quoted on request): the page says so and links to ask.
 */
export type RentalOfferView =
  | {
      kind: "plans";
      heading: string;
      from: string;
      plans: { months: number; tenure: string; rent: string; saving: string | null; upFront: string }[];
      /** The deposit, the minimum tenure and the closing rule, each with its label. */
      terms: [term: string, value: string][];
      upFrontNote: string;
      quote: string;
      maxUnits: number;
    }
  | { kind: "on-request"; heading: string; text: string; quote: string };

/** Where to ask for what the form does not take. */
const QUOTE = `More than ${RENTAL_UNITS_MAX} units, or other terms?`;

export function rentalOfferView(offer: RentalOffer | undefined): RentalOfferView {
  if (!offer || offer.plans.length === 0) {
    return { kind: "on-request", heading: "Rent this", text: rentalMessages.onRequest, quote: "" };
  }
  return {
    kind: "plans",
    heading: "Rental plans",
    from: perMonth(lowestRent(offer)),
    plans: sortedPlans(offer.plans).map((plan) => {
      const saving = savingPercent(offer, plan);
      return {
        months: plan.months,
        tenure: monthsText(plan.months),
        rent: perMonth(plan.monthlyRent),
        saving: saving > 0 ? `${saving}% less` : null,
        upFront: formatRupees(upFront(offer, plan).total),
      };
    }),
    terms: [
      [
        "Refundable deposit",
        offer.deposit > 0 ? `${formatRupees(offer.deposit)} per unit, refunded at the end` : "None",
      ],
      ["Minimum tenure", monthsText(offer.minimumMonths)],
      ["Closing early", earlyClosureText(offer)],
    ],
    upFrontNote: "Paid up front: the first month's rent (GST included) and the deposit, per unit.",
    quote: QUOTE,
    maxUnits: RENTAL_UNITS_MAX,
  };
}
