import { ENDED_STATUSES, type RentalBookingStatus } from "./booking";

/*
 * The dealer's pipeline for a rental booking (decision 0043): from each status, the moves staff may make, and
 * what each move needs on its form. One table, read by the booking's page (which buttons it shows) and by the
 * server (which moves it accepts).
 */

/** "cash": the deposit and first month taken in cash at the door, offered only where the dealer allows it. */
export type MoveNeeds = "reason" | "units" | "deductions" | "tenure" | "cash" | undefined;
export type BookingMove = { to: RentalBookingStatus; label: string; needs?: MoveNeeds };

const cancel: BookingMove = { to: "cancelled", label: "Cancel the booking", needs: "reason" };

export const BOOKING_MOVES: Record<RentalBookingStatus, readonly BookingMove[]> = {
  requested: [
    { to: "verified", label: "Documents verified" },
    { to: "rejected", label: "Refuse the documents", needs: "reason" },
    cancel,
  ],
  verified: [{ to: "approved", label: "Approve with these units", needs: "units" }, cancel],
  approved: [
    { to: "paid", label: "Deposit and first month received" },
    { to: "delivered", label: "Delivered, deposit and first month paid in cash", needs: "cash" },
    cancel,
  ],
  paid: [{ to: "delivered", label: "Delivered and handed over" }, cancel],
  delivered: [{ to: "active", label: "Rental started" }],
  // Returned before the tenure ends, the offer's rule for closing early is charged (pipeline.server.ts).
  active: [
    { to: "return_requested", label: "Return requested" },
    { to: "active", label: "Extend the tenure", needs: "tenure" },
  ],
  return_requested: [{ to: "picked_up", label: "Picked up" }],
  picked_up: [{ to: "inspected", label: "Inspected", needs: "deductions" }],
  inspected: [{ to: "settled", label: "Deposit settled" }],
  settled: [],
  rejected: [],
  withdrawn: [],
  cancelled: [],
};

/** The move from `from` to `to`, if the pipeline has it. */
export function moveOf(from: RentalBookingStatus, to: string): BookingMove | undefined {
  return BOOKING_MOVES[from].find((move) => move.to === to);
}

/** Whether a booking in this status has ended (its units are back, its documents' clock runs). */
export const hasEnded = (status: RentalBookingStatus) => ENDED_STATUSES.includes(status);

/** How many deduction lines the inspection form offers. */
export const DEDUCTION_LINES = 5;

/** What each move tells the customer, in a sentence of the mail. */
export const MOVE_SENTENCES: Partial<Record<RentalBookingStatus, string>> = {
  verified: "We have checked your documents. Next we set aside the units for you.",
  rejected: "We could not accept the documents you sent.",
  approved:
    "Your booking is approved and the units are set aside for you. Please pay the deposit and the first month's rent.",
  paid: "We have received the deposit and the first month's rent. We will deliver on the start date.",
  delivered: "The units have been delivered and handed over.",
  active: "Your rental is running.",
  return_requested: "We have your return request and will call to fix a day to pick the units up.",
  picked_up: "We have picked the units up. We inspect them and then settle your deposit.",
  inspected: "We have inspected the units.",
  settled: "Your deposit has been settled.",
  cancelled: "Your booking has been cancelled.",
};
