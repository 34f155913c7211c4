// The customer's rental mails: what each says, and their sending after the commit. A mail that cannot be sent
// is logged (without the address) and never undoes the booking.
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { staff } from "~/db/schema";
import { formatShopDay } from "~/features/delivery";
import { readShopContact } from "~/features/settings/index.server";
import { describeError } from "~/lib/errors.server";
import {
  DEFAULT_CONTACT,
  displayName,
  escapeHtml,
  htmlMail,
  type MailContact,
  type MailMessage,
  sendMail,
  signature,
} from "~/lib/mail.server";
import { formatRupees } from "~/lib/money";
import { shop } from "~/lib/shop";
import { BOOKING_STATUS_TEXT, bookingReference, type RentalBookingStatus } from "./booking";
import { bookingForMail } from "./booking.server";
import { monthsText, perMonth, upFront } from "./offer";
import { MOVE_SENTENCES } from "./pipeline";
import type { MoveNotice } from "./pipeline.server";

/** The parts every rental mail has: a headline, an optional sentence after it, lines of facts, a link. */
export type RentalMailParts = {
  to: string;
  firstname: string;
  subject: string;
  headline: string;
  sentence?: string | undefined;
  lines?: readonly string[];
  /** A paragraph after the lines: what happens next. */
  next?: string | undefined;
  /** The absolute link to /my-rentals, and the words before it. */
  myRentalsUrl: string;
  follow?: string;
  contact?: MailContact | undefined;
};

/** One shape for the customer's rental mails, in text and in HTML. */
export function rentalMail({
  to,
  firstname,
  subject,
  headline,
  sentence,
  lines = [],
  next,
  myRentalsUrl,
  follow = "You can follow it on My Rentals:",
  contact = DEFAULT_CONTACT,
}: RentalMailParts): MailMessage {
  if (!/^https?:\/\//.test(myRentalsUrl))
    throw new Error("The My Rentals link must be an absolute http(s) URL");
  const name = displayName(firstname);
  const greeting = name ? `Hello ${name},` : "Hello,";
  const sign = signature(contact);
  const text = [
    greeting,
    sentence ? `${headline} ${sentence}` : headline,
    ...(lines.length > 0 ? [lines.join("\n")] : []),
    ...(next ? [next] : []),
    `${follow}\n${myRentalsUrl}`,
    sign.text,
  ].join("\n\n");
  const link = escapeHtml(myRentalsUrl);
  const html = htmlMail(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p><strong>${escapeHtml(headline)}</strong>${sentence ? ` ${escapeHtml(sentence)}` : ""}</p>
${lines.length > 0 ? `<p>${lines.map(escapeHtml).join("<br>")}</p>\n` : ""}${next ? `<p>${escapeHtml(next)}</p>\n` : ""}<p>${escapeHtml(follow)} <a href="${link}">${link}</a></p>`,
    contact,
  );
  return { to, subject, text, html };
}

/**
 * Mails the dealer's active owners a list about rentals (ending soon, rent overdue) with a link to the back
 * office's active rentals; a mail that cannot be sent is logged without its address.
 */
export async function mailOwners(
  db: Database,
  {
    subject,
    lines,
    action,
    publicUrl,
  }: { subject: string; lines: readonly string[]; action: string; publicUrl: string },
  send: (message: MailMessage) => Promise<unknown> = sendMail,
): Promise<void> {
  const contact = await readShopContact(db);
  const owners = await db
    .select({ email: staff.email })
    .from(staff)
    .where(and(eq(staff.role, "owner"), isNull(staff.disabledAt)));
  const link = new URL("/admin/rentals?status=active", publicUrl).toString();
  for (const owner of owners) {
    try {
      await send({
        to: owner.email,
        subject,
        text: [`${subject}.`, lines.join("\n"), `${action}:\n${link}`].join("\n\n"),
        html: htmlMail(
          subject,
          `<p>${lines.map(escapeHtml).join("<br>")}</p>\n<p><a href="${escapeHtml(link)}">Active rentals</a></p>`,
          contact,
        ),
      });
    } catch (error) {
      console.error(`Could not e-mail an owner "${subject}": ${describeError(error)}`);
    }
  }
}

export type BookingRequestedMailInput = {
  to: string;
  firstname: string;
  reference: string;
  /** The booking's facts, one line each: product, plan, start, what is paid up front. */
  facts: readonly string[];
  /** The absolute link to /my-rentals. */
  myRentalsUrl: string;
  contact?: MailContact | undefined;
};

/** "We have your rental request": its reference, what was asked for, and what happens next. */
export function bookingRequestedMail({
  to,
  firstname,
  reference,
  facts,
  myRentalsUrl,
  contact = DEFAULT_CONTACT,
}: BookingRequestedMailInput): MailMessage {
  return rentalMail({
    to,
    firstname,
    subject: `Your ${shop.name} rental request ${reference}`,
    headline: `We have your rental request ${reference}.`,
    lines: facts,
    next: "We check your documents and the units, and write to you within one business day. Nothing is paid until we approve the booking.",
    myRentalsUrl,
    contact,
  });
}

/** E-mails the customer their request's reference and facts; called after the booking is committed. */
export async function sendBookingRequestedMail(
  db: Database,
  bookingId: number,
  publicUrl: string,
  send: (message: MailMessage) => Promise<unknown> = sendMail,
): Promise<boolean> {
  const reference = bookingReference(bookingId);
  try {
    const row = await bookingForMail(db, bookingId);
    if (!row) throw new Error("the booking is missing");
    const { booking } = row;
    const paid = upFront({ deposit: booking.deposit }, booking, booking.units);
    await send(
      bookingRequestedMail({
        to: row.email,
        firstname: row.firstname,
        reference,
        facts: [
          `Product: ${booking.title}`,
          `Plan: ${booking.units} × ${monthsText(booking.months)} at ${perMonth(booking.monthlyRent)}`,
          `Start: ${formatShopDay(booking.startDate)}, delivered to PIN code ${booking.address.pincode}`,
          `Paid once approved: ${formatRupees(paid.total)} (first month ${formatRupees(paid.firstMonth)}, refundable deposit ${formatRupees(paid.deposit)})`,
        ],
        myRentalsUrl: new URL("/my-rentals", publicUrl).toString(),
        contact: await readShopContact(db),
      }),
    );
    return true;
  } catch (error) {
    console.error(`Could not e-mail rental request ${reference} to its customer: ${describeError(error)}`);
    return false;
  }
}

/** The notice that a booking moved along the pipeline: its new status, why (a refusal), and the details. */
export function bookingMoveMail({
  reference,
  status,
  reason,
  details,
  ...parts
}: {
  to: string;
  firstname: string;
  reference: string;
  status: RentalBookingStatus;
  reason: string | undefined;
  details: readonly string[];
  myRentalsUrl: string;
  contact?: MailContact | undefined;
}): MailMessage {
  const statusName = BOOKING_STATUS_TEXT[status];
  return rentalMail({
    ...parts,
    subject: `Your ${shop.name} rental ${reference}: ${statusName}`,
    headline: `Your rental ${reference} is now ${statusName}.`,
    sentence: MOVE_SENTENCES[status],
    lines: [...(reason ? [`Reason: ${reason}`] : []), ...details],
  });
}

/** Mails the customer a booking's move; called after the commit, never undoing it. */
export async function sendBookingMoveMail(
  db: Database,
  notice: MoveNotice,
  publicUrl: string,
  send: (message: MailMessage) => Promise<unknown> = sendMail,
): Promise<boolean> {
  const reference = bookingReference(notice.bookingId);
  try {
    await send(
      bookingMoveMail({
        ...notice,
        reference,
        myRentalsUrl: new URL("/my-rentals", publicUrl).toString(),
        contact: await readShopContact(db),
      }),
    );
    return true;
  } catch (error) {
    console.error(
      `Could not e-mail rental ${reference}'s new status to its customer: ${describeError(error)}`,
    );
    return false;
  }
}
