import { formatRupees } from "~/lib/money";
import { rentalMessages } from "./messages";

/*
 * A rental product's offer (decision 0043): the rent for each tenure offered, a refundable deposit per unit, a
 * minimum tenure and the rule for closing early. Data, never prose: the product page, the store's card, the
 * price filter and (later) the booking read the same values. Money in paise, GST included, as every shop price.
 */

/** The tenures, in months, a dealer can offer a plan for: those Indian rental shops quote. */
export const RENTAL_TENURES = [1, 3, 6, 12, 24] as const;
export type RentalTenure = (typeof RENTAL_TENURES)[number];

export const EARLY_CLOSURES = ["reprice", "fee"] as const;
export type EarlyClosure = (typeof EARLY_CLOSURES)[number];

export type RentalPlan = { months: number; monthlyRent: number };

export type RentalOffer = {
  /** Paise per unit, refunded at the end less deductions. */
  deposit: number;
  minimumMonths: number;
  earlyClosure: EarlyClosure;
  /** With "fee": the months of rent the fee is; 0 with "reprice". */
  closureFeeMonths: number;
  /** Shortest tenure first. */
  plans: RentalPlan[];
};

/**
 * At most this many units in one booking (the database holds it too): a training lab's batch. More is a quote
 * (the contact page). Here rather than with the booking, so the product page's plan chooser carries no more.
 */
export const RENTAL_UNITS_MAX = 20;

/** The limits the form and the database both hold (migration 0019). */
export const RENTAL_LIMITS = { maxMonths: 36, maxClosureFeeMonths: 3 } as const;

/** The plans in tenure order. */
export function sortedPlans(plans: readonly RentalPlan[]): RentalPlan[] {
  return [...plans].sort((a, b) => a.months - b.months);
}

/** The lowest monthly rent offered: the store's "from" price, and what the price filter reads. */
export function lowestRent(offer: Pick<RentalOffer, "plans">): number {
  return Math.min(...offer.plans.map((plan) => plan.monthlyRent));
}

/** The highest monthly rent offered (the shortest tenure's): what a rental's MRP column holds. */
export function highestRent(offer: Pick<RentalOffer, "plans">): number {
  return Math.max(...offer.plans.map((plan) => plan.monthlyRent));
}

/** What a rental's price columns hold, so the store lists, sorts and filters it by its monthly rent. */
export function rentalPriceColumns(offer: Pick<RentalOffer, "plans">) {
  return { originalPrice: highestRent(offer), discountedPrice: lowestRent(offer) };
}

/** What is paid before a booking is delivered: the first month's rent and the deposit, for `units` units. */
export function upFront(offer: Pick<RentalOffer, "deposit">, plan: RentalPlan, units = 1) {
  const firstMonth = plan.monthlyRent * units;
  const deposit = offer.deposit * units;
  return { firstMonth, deposit, total: firstMonth + deposit };
}

/** How much less a month costs on this plan than on the shortest one, in whole per cent (0 for none). */
export function savingPercent(offer: Pick<RentalOffer, "plans">, plan: RentalPlan): number {
  const highest = highestRent(offer);
  return highest > plan.monthlyRent ? Math.floor(((highest - plan.monthlyRent) * 100) / highest) : 0;
}

/** The early-closure rule in words, from its data. */
export function earlyClosureText(offer: Pick<RentalOffer, "earlyClosure" | "closureFeeMonths">): string {
  return offer.earlyClosure === "fee"
    ? rentalMessages.closureFee(offer.closureFeeMonths)
    : rentalMessages.closureReprice;
}

/** "Rs. 1,899 / month". */
export const perMonth = (paise: number) => `${formatRupees(paise)} / month`;

/** "1 month", "12 months". */
export const monthsText = (months: number) => `${months} ${months === 1 ? "month" : "months"}`;

/** Whether two offers (or none) say the same: the same deposit, rule and plans. */
export function sameOffer(a: RentalOffer | undefined, b: RentalOffer | undefined): boolean {
  const key = (offer: RentalOffer | undefined) =>
    offer
      ? JSON.stringify([offer.deposit, offer.earlyClosure, offer.closureFeeMonths, sortedPlans(offer.plans)])
      : "";
  return key(a) === key(b);
}

/** An offer as the audit trail reads it: "3 months Rs. 2,499 / month; 12 months Rs. 1,899 / month". */
export function offerSummary(offer: RentalOffer | undefined): Record<string, string> | null {
  if (!offer) return null;
  return {
    plans: sortedPlans(offer.plans)
      .map((plan) => `${monthsText(plan.months)} ${perMonth(plan.monthlyRent)}`)
      .join("; "),
    deposit: formatRupees(offer.deposit),
    closing: earlyClosureText(offer),
  };
}

/**
 * Whole months from one day to another ("YYYY-MM-DD"), a month begun counting as used, at least 1: how long a
 * rental returned early was kept.
 */
export function monthsUsed(from: string, to: string): number {
  const [fromYear = 0, fromMonth = 0, fromDay = 0] = from.split("-").map(Number);
  const [toYear = 0, toMonth = 0, toDay = 0] = to.split("-").map(Number);
  const months = (toYear - fromYear) * 12 + (toMonth - fromMonth) + (toDay > fromDay ? 1 : 0);
  return Math.max(1, months);
}

/**
 * What closing a rental early costs under its offer's rule, for `units` units booked at `bookedRent` a month
 * and kept `used` months: with "reprice", the months used charged again at the plan for the longest tenure
 * they reach (the shortest plan when they reach none), less what the booked plan charged for them; with
 * "fee", the fee's months of the booked rent.
 */
export function closingCharge(
  offer: Pick<RentalOffer, "earlyClosure" | "closureFeeMonths" | "plans">,
  bookedRent: number,
  units: number,
  used: number,
): number {
  if (offer.earlyClosure === "fee") return offer.closureFeeMonths * bookedRent * units;
  const plans = sortedPlans(offer.plans);
  const reached = plans.filter((plan) => plan.months <= used).at(-1) ?? plans[0];
  if (!reached) return 0;
  return Math.max(0, reached.monthlyRent - bookedRent) * used * units;
}
