/** What the rentals feature says to shoppers and staff: one home for each text. */
export const rentalMessages = {
  closureReprice:
    "Closing before the tenure ends: the months used are charged again at the plan for that shorter tenure.",
  closureFee: (months: number) =>
    `Closing before the tenure ends costs ${months === 1 ? "one month's" : `${months} months'`} rent.`,
  notInCart: "Rentals are booked, not bought: choose a plan on the product's page.",
  onRequest: "Rented by quote: tell us your dates and how many you need.",
  // The back office's rental offer fields.
  plansRequired: "Give the monthly rent of at least one tenure.",
  rentInvalid: (months: number) =>
    `Enter the monthly rent for ${months} ${months === 1 ? "month" : "months"} in rupees, like 1899.`,
  rentNotLower: (months: number, shorter: number) =>
    `The rent for ${months} months must not be above the rent for ${shorter} ${shorter === 1 ? "month" : "months"}.`,
  depositInvalid: "Enter the deposit in rupees (0 for none), like 10000.",
  closureInvalid: "Choose how a rental closed early is charged.",
  closureFeeInvalid: "A fee of 1 to 3 months' rent.",
} as const;
