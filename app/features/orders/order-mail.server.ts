// The customer's mails that carry a tax invoice: the online payment confirmed (with the order made), and a
// cash order delivered with its cash collected. Sent after the commit; a mail or a PDF that cannot be made is
// logged (without the address) and never undoes the order.
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customers, orders } from "~/db/schema";
import { renderTaxDocumentPdf, taxDocumentOf } from "~/features/invoices/index.server";
import { readShopContact } from "~/features/settings/index.server";
import { describeError } from "~/lib/errors.server";
import { type MailMessage, orderPaidMail, sendMail, type TaxInvoiceFile } from "~/lib/mail.server";
import { formatRupees } from "~/lib/money";
import { type StatusNotice, sendStatusMail } from "./admin-orders.server";
import { deliveryNote } from "./order-notes";

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
