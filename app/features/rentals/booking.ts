/*
 * A rental booking (decision 0043): a signed-in customer's request to rent units of a product for a tenure,
 * which the dealer checks, approves, delivers and takes back. What the browser and the server both need.
 */

export { RENTAL_UNITS_MAX } from "./offer";

/** A start date at most this many days after the earliest one: the dealer plans a season ahead, not more. */
export const START_DAYS_AHEAD = 60;

/**
 * Days a unit needs between coming back from one rental and going out on the next: picked up, inspected,
 * cleaned and its disk wiped. A unit out now counts as free for a start this long after its tenure ends.
 */
export const RETURN_TURNAROUND_DAYS = 3;

/** The document types accepted, told by their bytes on the server (the browser's claim is not believed). */
export const RENTAL_DOCUMENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type RentalDocumentType = (typeof RENTAL_DOCUMENT_TYPES)[number];

/**
 * The identity and address documents a customer may give. A full Aadhaar number is never asked for: only a
 * masked Aadhaar (the first eight digits hidden, as UIDAI issues it), or another document.
 */
export const ID_PROOF_KINDS = {
  "masked-aadhaar": "Masked Aadhaar (only the last 4 digits showing)",
  pan: "PAN card",
  passport: "Passport",
  "driving-licence": "Driving licence",
  "voter-id": "Voter ID",
} as const;

export const ADDRESS_PROOF_KINDS = {
  "masked-aadhaar": "Masked Aadhaar (only the last 4 digits showing)",
  passport: "Passport",
  "driving-licence": "Driving licence",
  "voter-id": "Voter ID",
  "utility-bill": "Electricity, gas or telephone bill (last 3 months)",
  "rent-agreement": "Registered rent agreement",
} as const;

export type IdProofKind = keyof typeof ID_PROOF_KINDS;
export type AddressProofKind = keyof typeof ADDRESS_PROOF_KINDS;

/** What each of a booking's documents proves, as staff and the customer read it. */
export const DOCUMENT_PURPOSES = {
  id_proof: "ID proof",
  address_proof: "Address proof",
  purchase_order: "Purchase order",
} as const;
export type DocumentPurpose = keyof typeof DOCUMENT_PURPOSES;

/** The words for a document's kind (a purchase order has one kind). */
export function documentKindText(kind: string): string {
  return (
    (ID_PROOF_KINDS as Record<string, string>)[kind] ??
    (ADDRESS_PROOF_KINDS as Record<string, string>)[kind] ??
    (kind === "purchase-order" ? "Purchase order" : kind)
  );
}

export const RENTAL_BOOKING_STATUSES = [
  "requested",
  "verified",
  "rejected",
  "approved",
  "paid",
  "delivered",
  "active",
  "return_requested",
  "picked_up",
  "inspected",
  "settled",
  "withdrawn",
  "cancelled",
] as const;
export type RentalBookingStatus = (typeof RENTAL_BOOKING_STATUSES)[number];

/** Each status as the customer and staff read it. */
export const BOOKING_STATUS_TEXT: Record<RentalBookingStatus, string> = {
  requested: "Requested",
  verified: "Documents checked",
  rejected: "Documents refused",
  approved: "Approved",
  paid: "Paid",
  delivered: "Delivered",
  active: "Active",
  return_requested: "Return requested",
  picked_up: "Picked up",
  inspected: "Inspected",
  settled: "Deposit settled",
  withdrawn: "Withdrawn",
  cancelled: "Cancelled",
};

/** The statuses a booking ends in: its documents are deleted a set time after (decision 0043). */
export const ENDED_STATUSES: readonly RentalBookingStatus[] = [
  "settled",
  "rejected",
  "withdrawn",
  "cancelled",
];

/** Before the dealer approves it, the customer may withdraw the request. */
export const WITHDRAWABLE_STATUSES: readonly RentalBookingStatus[] = ["requested", "verified"];

/** A booking's documents are deleted this many days after it ends: time to settle and answer a dispute. */
export const DOCUMENTS_KEPT_DAYS = 90;

/** "RENT-000042": the reference the customer quotes. */
export function bookingReference(id: number): string {
  return `RENT-${String(id).padStart(6, "0")}`;
}
