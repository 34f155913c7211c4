// The customer's order mails, in one place: what each says (orderStatusMail, orderPaidMail), and their sending
// after the commit: a new status, the online payment confirmed (with the order made), and a cash order
// delivered with its cash collected, the last two with the tax invoice. A mail or a PDF that cannot be made is
// logged (without the address) and never undoes the order.
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, orders } from "~/db/schema";
import { isErasedEmail } from "~/features/accounts/index.server";
import { renderTaxDocumentPdf, taxDocumentOf } from "~/features/invoices/index.server";
import { readShopContact } from "~/features/settings/index.server";
import { describeError } from "~/lib/errors.server";
import {
  DEFAULT_CONTACT,
  displayName,
  escapeHtml,
  htmlMail,
  type MailAttachment,
  type MailContact,
  type MailMessage,
  sendMail,
  signature,
} from "~/lib/mail.server";
import { formatRupees } from "~/lib/money";
import { shop } from "~/lib/shop";
import { deliveryNote } from "./order-notes";
import type { OrderStatus } from "./order-status";

/** The order's tax invoice as a PDF file, when it has been issued. */
export async function invoiceFile(db: Database, orderId: number): Promise<TaxInvoiceFile | undefined> {
  const invoice = await taxDocumentOf(db, orderId, "invoice");
  if (!invoice) return undefined;
  return { number: invoice.number, pdf: await renderTaxDocumentPdf(invoice) };
}

/** "Your order is confirmed", with the tax invoice attached: once, by whoever made the order from a payment. */
export async function sendOrderPaidMail(
  db: Database,
  orderId: number,
  publicUrl: string,
  send: (message: MailMessage) => Promise<unknown> = sendMail,
): Promise<boolean> {
  try {
    const [order] = await db
      .select({
        email: customers.email,
        firstname: customers.firstname,
        paid: orders.totalPriceAfterDiscount,
        shippingMethod: orders.shippingMethod,
        promisedBy: orders.promisedBy,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.id, orderId));
    const invoice = await invoiceFile(db, orderId);
    if (!order || !invoice) throw new Error("the order or its invoice is missing");
    await send(
      orderPaidMail({
        to: order.email,
        firstname: order.firstname,
        orderId,
        paid: formatRupees(order.paid),
        details: [deliveryNote(order)],
        invoice,
        myOrdersUrl: new URL("/my-orders", publicUrl).toString(),
        contact: await readShopContact(db),
      }),
    );
    return true;
  } catch (error) {
    console.error(
      `Could not e-mail order #${orderId}'s confirmation to its customer: ${describeError(error)}`,
    );
    return false;
  }
}

/** The status mail of a cash order delivered with its cash collected: its tax invoice goes with it. */
export async function sendStatusMailWithInvoice(
  db: Database,
  notice: StatusNotice,
  publicUrl: string,
): Promise<boolean> {
  let invoice: TaxInvoiceFile | undefined;
  try {
    invoice = await invoiceFile(db, notice.orderId);
  } catch (error) {
    console.error(
      `Could not make order #${notice.orderId}'s invoice PDF for its mail: ${describeError(error)}`,
    );
  }
  return sendStatusMail(db, { ...notice, invoice }, publicUrl);
}

/** What the customer is told after a change of status (mailed after the commit). */
export type StatusNotice = {
  to: string;
  firstname: string;
  orderId: number;
  status: OrderStatus;
  courier: string | null;
  trackingNumber: string | null;
  /** The delivery promised and, for a cash order, what is to pay at the door (app/features/orders/order-notes.ts). */
  details: string[];
  /** The tax invoice issued with the change, attached to the mail (a cash order's cash collected). */
  invoice?: TaxInvoiceFile | undefined;
};

/**
 * E-mails the customer an order's new status, with a link to My Orders. Called after the change is
 * committed: a mail that cannot be sent is logged (without the address) and never undoes the change.
 */
export async function sendStatusMail(
  db: Database,
  notice: StatusNotice,
  publicUrl: string,
  send: (message: MailMessage) => Promise<unknown> = sendMail,
): Promise<boolean> {
  // An erased customer's order (refunded after the erasure, say) has nobody left to tell.
  if (isErasedEmail(notice.to)) return false;
  try {
    await send(
      orderStatusMail({
        ...notice,
        myOrdersUrl: new URL("/my-orders", publicUrl).toString(),
        contact: await readShopContact(db),
      }),
    );
    return true;
  } catch (error) {
    console.error(
      `Could not e-mail order #${notice.orderId}'s new status (${notice.status}) to its customer: ${describeError(error)}`,
    );
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------
// What the mails say

export type OrderStatusMailInput = {
  to: string;
  firstname: string;
  orderId: number;
  /** The order's new status (app/features/orders/order-status.ts). */
  status: string;
  /** Given when the order was shipped with them. */
  courier?: string | null | undefined;
  trackingNumber?: string | null | undefined;
  /** Lines about the delivery promised and the cash due at the door (app/features/orders/order-notes.ts). */
  details?: readonly string[] | undefined;
  /** The tax invoice issued with this change (a cash order's cash collected), sent along as a PDF. */
  invoice?: TaxInvoiceFile | undefined;
  /** The absolute link to /my-orders. */
  myOrdersUrl: string;
  /** The dealer's hotline and address as the settings have them (readShopContact). */
  contact?: MailContact | undefined;
};

/** A tax invoice's number and its PDF, for a mail to carry. */
export type TaxInvoiceFile = { number: string; pdf: Buffer };

function invoiceAttachment(invoice: TaxInvoiceFile): MailAttachment {
  return {
    filename: `Tax-invoice-${invoice.number.replace(/\//g, "-")}.pdf`,
    content: invoice.pdf,
    contentType: "application/pdf",
  };
}

const invoiceSentence = (number: string) =>
  `Your tax invoice ${number} is attached; you can also download it from My Orders.`;

/** What each status means to the customer, in a sentence. */
const STATUS_SENTENCES: Record<string, string> = {
  Processed: "We have packed your order and it is getting ready to leave our shop.",
  Shipped: "Your order has left our shop and is on its way to you.",
  "Out for delivery": "Your order is out for delivery and should reach you soon.",
  Delivered: "Your order has been delivered. Thank you for shopping with us.",
  Cancelled: "Your order has been cancelled.",
  Refunded:
    "Your order has been refunded. The money goes back to the account you paid from, usually within 7-10 business days.",
};

/** The notice that an order moved along its life cycle: its id, its new status, and the courier when shipped. */
export function orderStatusMail({
  to,
  firstname,
  orderId,
  status,
  courier,
  trackingNumber,
  details = [],
  invoice,
  myOrdersUrl,
  contact = DEFAULT_CONTACT,
}: OrderStatusMailInput): MailMessage {
  if (!/^https?:\/\//.test(myOrdersUrl))
    throw new Error("The My Orders link must be an absolute http(s) URL");
  const name = displayName(firstname);
  const greeting = name ? `Hello ${name},` : "Hello,";
  const headline = `Your order #${orderId} is now ${status}.`;
  const sentence = STATUS_SENTENCES[status];
  const shipping: string[] = [];
  if (courier) shipping.push(`Courier: ${courier}`);
  if (trackingNumber) shipping.push(`Tracking number: ${trackingNumber}`);
  shipping.push(...details);
  if (invoice) shipping.push(invoiceSentence(invoice.number));
  const follow = "You can follow your orders on My Orders:";
  const sign = signature(contact);

  const subject = `Your ${shop.name} order #${orderId} is ${status}`;
  const text = [
    greeting,
    sentence ? `${headline} ${sentence}` : headline,
    ...(shipping.length > 0 ? [shipping.join("\n")] : []),
    `${follow}\n${myOrdersUrl}`,
    sign.text,
  ].join("\n\n");

  const link = escapeHtml(myOrdersUrl);
  const html = htmlMail(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p><strong>${escapeHtml(headline)}</strong>${sentence ? ` ${escapeHtml(sentence)}` : ""}</p>
${shipping.length > 0 ? `<p>${shipping.map(escapeHtml).join("<br>")}</p>\n` : ""}<p>${escapeHtml(follow)} <a href="${link}">${link}</a></p>`,
    contact,
  );
  return { to, subject, text, html, ...(invoice ? { attachments: [invoiceAttachment(invoice)] } : {}) };
}

export type OrderPaidMailInput = {
  to: string;
  firstname: string;
  orderId: number;
  /** "Rs. 45,100": what was paid. */
  paid: string;
  /** The delivery promised (app/features/orders/order-notes.ts). */
  details: readonly string[];
  invoice: TaxInvoiceFile;
  /** The absolute link to /my-orders. */
  myOrdersUrl: string;
  /** The dealer's hotline and address as the settings have them (readShopContact). */
  contact?: MailContact | undefined;
};

/** The notice that an online payment went through and the order is placed, with its tax invoice attached. */
export function orderPaidMail({
  to,
  firstname,
  orderId,
  paid,
  details,
  invoice,
  myOrdersUrl,
  contact = DEFAULT_CONTACT,
}: OrderPaidMailInput): MailMessage {
  if (!/^https?:\/\//.test(myOrdersUrl))
    throw new Error("The My Orders link must be an absolute http(s) URL");
  const name = displayName(firstname);
  const greeting = name ? `Hello ${name},` : "Hello,";
  const headline = `Thank you: we have your payment of ${paid} for order #${orderId}.`;
  const follow = "You can follow your orders on My Orders:";
  const sign = signature(contact);
  const subject = `Your ${shop.name} order #${orderId} is confirmed`;
  const lines = [...details, invoiceSentence(invoice.number)];
  const text = [greeting, headline, lines.join("\n"), `${follow}\n${myOrdersUrl}`, sign.text].join("\n\n");
  const link = escapeHtml(myOrdersUrl);
  const html = htmlMail(
    subject,
    `<p>${escapeHtml(greeting)}</p>
<p><strong>${escapeHtml(headline)}</strong></p>
<p>${lines.map(escapeHtml).join("<br>")}</p>
<p>${escapeHtml(follow)} <a href="${link}">${link}</a></p>`,
    contact,
  );
  return { to, subject, text, html, attachments: [invoiceAttachment(invoice)] };
}
