import type { RentalOffer } from "~/features/rentals";

/*
 * The seed's rental offers, by the product's exact title (migration 0019 gives an existing shop's seed rentals
 * the same). Rents by tenure and deposits per unit in paise, GST included; the deposits were the sentences
 * the descriptions carried.
 */
const offer = (deposit: number, plans: [months: number, rupees: number][]): RentalOffer => ({
  deposit: deposit * 100,
  minimumMonths: plans[0]?.[0] ?? 1,
  earlyClosure: "reprice",
  closureFeeMonths: 0,
  plans: plans.map(([months, rupees]) => ({ months, monthlyRent: rupees * 100 })),
});

export const seedRentalOffers: Record<string, RentalOffer> = {
  "Dell Latitude 3440 Core i5 12th Gen Laptop on Rent (per month)": offer(10_000, [
    [1, 2_799],
    [3, 2_499],
    [6, 2_199],
    [12, 1_899],
  ]),
  "HP ProBook 450 G8 Core i5 11th Gen Laptop on Rent (per month)": offer(8_000, [
    [1, 2_499],
    [3, 2_299],
    [6, 1_999],
    [12, 1_799],
  ]),
  "Apple MacBook Air M1 on Rent (per month) - 8GB, 256GB": offer(20_000, [
    [1, 4_499],
    [3, 3_999],
    [6, 3_599],
    [12, 3_199],
  ]),
  "Dell OptiPlex Core i5 Desktop with 19 inch Monitor on Rent (per month)": offer(5_000, [
    [1, 1_499],
    [3, 1_349],
    [6, 1_199],
    [12, 999],
  ]),
  "4 Camera CCTV Surveillance Kit on Rent (per month) for Events, Sites and Weddings": offer(7_500, [
    [1, 1_999],
    [3, 1_799],
    [6, 1_599],
  ]),
  "Biometric Attendance Machine on Rent (per month) - eSSL, with Software Set-up": offer(3_000, [
    [1, 799],
    [3, 699],
    [6, 599],
    [12, 499],
  ]),
  "Laptops on Rent for Training Labs, Exams and Projects (per month) - Core i5, 8GB RAM, bulk orders": offer(
    5_000,
    [
      [1, 1_699],
      [3, 1_499],
      [6, 1_299],
    ],
  ),
};
