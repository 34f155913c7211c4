// The mails about a rental's money (decision 0043, section 5): a payment received, a month's rent coming due,
// and a month overdue (to the customer and the dealer's owners). Each notice is claimed by one update, so no
// instance sends it twice; a mail that cannot be sent gives its claim back for the next run.
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, rentalBookings, rentalCharges, taxDocuments } from "~/db/schema";
import { formatShopDay } from "~/features/delivery";
import { readShopContact } from "~/features/settings/index.server";
import { describeError } from "~/lib/errors.server";
import { type MailMessage, sendMail } from "~/lib/mail.server";
import { formatRupees } from "~/lib/money";
import { shop } from "~/lib/shop";
import { bookingReference } from "./booking";
import { mailOwners, rentalMail } from "./booking-mail.server";
import {
  billComingMonths,
  chargesForMail,
  claimChargeNotices,
  unclaimChargeNotice,
} from "./charge-billing.server";
import { chargeLabel, OVERDUE_AFTER_DAYS } from "./charges";
import { MOVE_SENTENCES } from "./pipeline";

const myRentals = (publicUrl: string) => new URL("/my-rentals", publicUrl).toString();

/** Tells the customer a charge is paid, with its invoice's number; after the commit, never undoing it. */
export async function sendChargePaidMail(
  db: Database,
  chargeId: number,
  publicUrl: string,
  send: (message: MailMessage) => Promise<unknown> = sendMail,
): Promise<boolean> {
  try {
    const [row] = await db
      .select({
        charge: rentalCharges,
        status: rentalBookings.status,
        email: customers.email,
        firstname: customers.firstname,
        invoice: taxDocuments.number,
      })
      .from(rentalCharges)
      .innerJoin(rentalBookings, eq(rentalBookings.id, rentalCharges.bookingId))
      .innerJoin(customers, eq(customers.id, rentalBookings.customerId))
      .leftJoin(
        taxDocuments,
        and(eq(taxDocuments.rentalChargeId, rentalCharges.id), eq(taxDocuments.kind, "invoice")),
      )
      .where(eq(rentalCharges.id, chargeId));
    if (!row) throw new Error("the charge is missing");
    const reference = bookingReference(row.charge.bookingId);
    const label = chargeLabel(row.charge.month, row.charge.deposit);
    await send(
      rentalMail({
        to: row.email,
        firstname: row.firstname,
        subject: `Your ${shop.name} rental ${reference}: payment received`,
        headline: `We have received ${formatRupees(row.charge.rent + row.charge.deposit)} for rental ${reference}.`,
        sentence: row.charge.month === 1 ? MOVE_SENTENCES.paid : undefined,
        lines: [
          `${label}, ${formatShopDay(row.charge.periodFrom)} to ${formatShopDay(row.charge.periodTo)}`,
          ...(row.invoice ? [`Tax invoice ${row.invoice} is on My Rentals.`] : []),
        ],
        myRentalsUrl: myRentals(publicUrl),
        contact: await readShopContact(db),
      }),
    );
    return true;
  } catch (error) {
    console.error(`Could not e-mail a rental payment's receipt to its customer: ${describeError(error)}`);
    return false;
  }
}

/**
 * Bills the months coming due, mails each customer their month's rent a week ahead, and tells customers and
 * the owners of months unpaid OVERDUE_AFTER_DAYS after they were due. Returns how many mails of each went.
 */
export async function sendChargeNotices(
  db: Database,
  publicUrl: string,
  now = new Date(),
  send: (message: MailMessage) => Promise<unknown> = sendMail,
): Promise<{ billed: number; due: number; overdue: number }> {
  const billed = await billComingMonths(db, now);
  const contact = await readShopContact(db);
  const told = { due: 0, overdue: 0 };
  const overdueLines: string[] = [];
  for (const kind of ["due", "overdue"] as const) {
    const charges = await chargesForMail(db, await claimChargeNotices(db, kind, now));
    for (const { charge, booking, email, firstname } of charges) {
      const reference = bookingReference(booking.id);
      const amount = formatRupees(charge.rent + charge.deposit);
      const dueOn = formatShopDay(charge.dueOn);
      const label = chargeLabel(charge.month, charge.deposit);
      try {
        await send(
          rentalMail({
            to: email,
            firstname,
            subject:
              kind === "due"
                ? `Your ${shop.name} rental ${reference}: ${label} is due on ${dueOn}`
                : `Your ${shop.name} rental ${reference}: ${label} is overdue`,
            headline:
              kind === "due"
                ? `${label} of rental ${reference}, ${amount}, is due on ${dueOn}.`
                : `${label} of rental ${reference}, ${amount}, was due on ${dueOn} and is not paid yet.`,
            sentence:
              kind === "due"
                ? "Pay it with PhonePe from My Rentals, or at our counter."
                : `Please pay it from My Rentals, or call us on ${contact.hotline}.`,
            lines: [
              `${booking.units} × ${booking.title}, ${formatShopDay(charge.periodFrom)} to ${formatShopDay(charge.periodTo)}`,
            ],
            myRentalsUrl: myRentals(publicUrl),
            follow: "Pay it on My Rentals:",
            contact,
          }),
        );
        told[kind]++;
        if (kind === "overdue") overdueLines.push(`${reference}: ${label}, ${amount}, due ${dueOn}`);
      } catch (error) {
        await unclaimChargeNotice(db, kind, charge.id);
        console.error(
          `Could not e-mail rental ${reference}'s ${kind} rent; tried again later: ${describeError(error)}`,
        );
      }
    }
  }
  if (overdueLines.length > 0) {
    await mailOwners(
      db,
      {
        subject: `Rental rent overdue by ${OVERDUE_AFTER_DAYS} days: ${overdueLines.length}`,
        lines: overdueLines,
        action: "Call the customers, or record a payment made at the counter",
        publicUrl,
      },
      send,
    );
  }
  return { billed, ...told };
}
