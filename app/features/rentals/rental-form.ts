import { PRODUCT_LIMITS } from "~/lib/form-limits";
import { rupeesForInput, rupeesToPaise } from "~/lib/money";
import { rentalMessages } from "./messages";
import { EARLY_CLOSURES, RENTAL_LIMITS, RENTAL_TENURES, type RentalOffer, type RentalPlan } from "./offer";

/*
 * The product form's rental offer fields, read on the server and in the browser's check alike (through the
 * product form's schema), for a product whose type is Rental: `rental.deposit`, `rental.rent1` …
 * `rental.rent24` (a blank rent: that tenure is not offered; the shortest offered is the minimum tenure),
 * `rental.earlyClosure` and `rental.closureFeeMonths`.
 */

export type RentalField =
  | "deposit"
  | "earlyClosure"
  | "closureFeeMonths"
  | `rent${(typeof RENTAL_TENURES)[number]}`;

export type RentalProblem = { field: RentalField; message: string };

export const rentFieldOf = (months: number) => `rent${months}` as RentalField;

const textOf = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** The offer the fields give, or what is wrong with them, each on its field. */
export function readRentalForm(form: Record<string, unknown>): {
  offer?: RentalOffer;
  problems: RentalProblem[];
} {
  const raw = typeof form.rental === "object" && form.rental !== null ? form.rental : {};
  const field = (name: RentalField) => textOf(Reflect.get(raw, name));
  const problems: RentalProblem[] = [];

  const plans: RentalPlan[] = [];
  for (const months of RENTAL_TENURES) {
    const typed = field(rentFieldOf(months));
    if (typed === "") continue;
    const paise = rupeesToPaise(typed);
    if (paise === undefined || paise <= 0 || paise > PRODUCT_LIMITS.maxPricePaise) {
      problems.push({ field: rentFieldOf(months), message: rentalMessages.rentInvalid(months) });
      continue;
    }
    plans.push({ months, monthlyRent: paise });
  }
  if (plans.length === 0 && problems.length === 0) {
    problems.push({ field: "rent1", message: rentalMessages.plansRequired });
  }
  // A longer tenure never rents for more a month than a shorter one.
  plans.forEach((plan, i) => {
    const shorter = plans[i - 1];
    if (shorter && plan.monthlyRent > shorter.monthlyRent) {
      problems.push({
        field: rentFieldOf(plan.months),
        message: rentalMessages.rentNotLower(plan.months, shorter.months),
      });
    }
  });

  const deposit = field("deposit") === "" ? 0 : rupeesToPaise(field("deposit"));
  if (deposit === undefined || deposit > PRODUCT_LIMITS.maxPricePaise) {
    problems.push({ field: "deposit", message: rentalMessages.depositInvalid });
  }

  const closure = field("earlyClosure") || "reprice";
  const earlyClosure = EARLY_CLOSURES.find((known) => known === closure);
  if (!earlyClosure) problems.push({ field: "earlyClosure", message: rentalMessages.closureInvalid });
  const feeText = field("closureFeeMonths");
  const closureFeeMonths = earlyClosure === "fee" ? Number(feeText || 1) : 0;
  if (
    earlyClosure === "fee" &&
    !(
      Number.isInteger(closureFeeMonths) &&
      closureFeeMonths >= 1 &&
      closureFeeMonths <= RENTAL_LIMITS.maxClosureFeeMonths
    )
  ) {
    problems.push({ field: "closureFeeMonths", message: rentalMessages.closureFeeInvalid });
  }

  if (problems.length > 0 || deposit === undefined || !earlyClosure) return { problems };
  return {
    offer: {
      deposit,
      // The shortest tenure offered is the minimum: one fact, not two that could disagree.
      minimumMonths: plans[0]?.months ?? 1,
      earlyClosure,
      closureFeeMonths,
      plans,
    },
    problems,
  };
}

/** A stored offer as the form's fields show it. */
export function rentalFormDefaults(offer: RentalOffer | undefined): Record<string, string> {
  if (!offer) return { earlyClosure: "reprice", closureFeeMonths: "1" };
  const fields: Record<string, string> = {
    deposit: rupeesForInput(offer.deposit),
    earlyClosure: offer.earlyClosure,
    closureFeeMonths: String(offer.closureFeeMonths || 1),
  };
  for (const plan of offer.plans) fields[rentFieldOf(plan.months)] = rupeesForInput(plan.monthlyRent);
  return fields;
}
