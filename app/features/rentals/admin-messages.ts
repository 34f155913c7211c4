/** What the back office's rentals pages say to staff: one home for each text. */
export const rentalAdminMessages = {
  stale: (status: string) =>
    `This booking was moved by someone else meanwhile: it is now ${status}. Check it and try again.`,
  noSuchMove: "This move is not possible from the booking's status.",
  reasonRequired: "Say why, in a sentence the customer will read.",
  reasonTooLong: (max: number) => `Keep the reason within ${max} characters.`,
  noteTooLong: (max: number) => `Keep the note within ${max} characters.`,
  unitsCount: (units: number) =>
    `Choose exactly ${units === 1 ? "1 unit" : `${units} units`} for this booking.`,
  unitsTaken: "A unit chosen is no longer free: choose again from the list.",
  deductionLabel: "Say what the charge is for.",
  deductionAmount: "Enter the charge in rupees, like 1500.",
  deductionsOverDeposit: (deposit: string) =>
    `The charges add up to more than the deposit held (${deposit}).`,
  moved: (reference: string, status: string) => `Rental ${reference} is now ${status}.`,
  rentUnpaid: (month: number) =>
    `Month ${month}'s rent is not paid yet: record it paid before the deposit is settled.`,
  chargeRecorded: (reference: string, month: number) =>
    `Month ${month}'s rent of rental ${reference} is recorded as paid at the counter.`,
  noCashForRentals:
    "Cash on delivery is not allowed for rentals: turn it on in the settings, or take the payment first.",
  chargeNotDue: "That charge is not due any more: reload the page to see it as it is now.",
  tenureRequired: "Choose a longer tenure among the booking's plans.",
  // The unit register.
  serialRequired: "Enter the unit's serial number.",
  assetTagRequired: "Enter the unit's asset tag.",
  serialTaken: "Another unit has this serial number.",
  assetTagTaken: "Another unit has this asset tag.",
  productRequired: "Choose the rental product this unit is rented as.",
  gradeInvalid: "Choose grade A, B or C.",
  batteryInvalid: "Enter the battery health as a per cent from 0 to 100, or leave it empty.",
  unitOut: "This unit is out on a booking: its status changes when the booking brings it back.",
  unitSaved: (tag: string) => `Unit ${tag} is saved.`,
} as const;
