import { describe, expect, it } from "vitest";
import { rentalBookingStatus, rentalDocumentPurpose } from "~/db/schema";
import { DOCUMENT_PURPOSES, RENTAL_BOOKING_STATUSES } from "./booking";

// The database's enums and the feature's lists are written twice (the schema cannot import the feature): kept equal here.
describe("a rental booking's statuses and document purposes", () => {
  it("are the database's, in its order", () => {
    expect(rentalBookingStatus.enumValues).toEqual([...RENTAL_BOOKING_STATUSES]);
    expect(rentalDocumentPurpose.enumValues).toEqual(Object.keys(DOCUMENT_PURPOSES));
  });
});
