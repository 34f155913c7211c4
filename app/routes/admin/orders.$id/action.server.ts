import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { orderAdminMessages } from "~/features/orders";
import {
  collectCash,
  moveOrder,
  orderPageSchema,
  refundOrder,
  refuseAtDoor,
  sendStatusMail,
  sendStatusMailWithInvoice,
} from "~/features/orders/index.server";
import { phonePeClientFromConfig } from "~/features/payments/index.server";
import { requireBackOffice, requireOwner } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { replyInvalid, replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { formatRupees } from "~/lib/money";
import { parseId } from "~/lib/params";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

export const notFound = () => json({ message: orderAdminMessages.notFound }, { status: 404 });

/**
 * Staff and owners move the order along its life cycle; owners (only) refund it. Both are checked on the
 * server whatever the page showed: a refund posted by a staff member gets 403.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const formData = await readForm(request, orderPageSchema);
  // Before the form is even looked at: a staff member's refund is refused, not corrected.
  if (formData.get("intent") === "refund") await requireOwner(request);
  const submission = parseWithZod(formData, { schema: orderPageSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw new Response("Unknown form", { status: 400 });
    return replyInvalid(submission, {}, { intent: String(formData.get("intent")) });
  }
  const db = await getDb();
  const actor = { id: member.id, name: member.name };
  const here = `/admin/orders/${id}`;
  const form = submission.value;
  switch (form.intent) {
    case "move": {
      const moved = await moveOrder(db, actor, {
        orderId: id,
        from: form.from,
        to: form.to,
        courier: form.courier,
        trackingNumber: form.trackingNumber,
        note: form.note,
      });
      if (!moved.ok) {
        if (moved.problem === "not-found") throw notFound();
        const message =
          moved.problem === "stale"
            ? orderAdminMessages.stale(moved.current)
            : orderAdminMessages.notAllowed(form.from, form.to);
        return replyWithError(submission, message, { status: 409 }, { intent: form.intent });
      }
      // After the commit; a mail that cannot be sent is logged and never undoes the move.
      void sendStatusMail(db, moved.notice, config().publicUrl);
      return toasts().redirectWithSuccess(here, orderAdminMessages.moved(id, form.to), { status: 303 });
    }
    case "refund": {
      const refunded = await refundOrder(db, phonePeClientFromConfig(), actor, {
        orderId: id,
        amount: form.amount,
        note: form.note,
      });
      if (!refunded.ok) {
        switch (refunded.problem) {
          case "not-found":
            throw notFound();
          case "too-large":
            return replyWithError(
              submission,
              orderAdminMessages.refundAmountTooLarge(formatRupees(refunded.paid)),
              { status: 400, field: "amount" },
              { intent: form.intent },
            );
          case "cash-order":
            return replyWithError(
              submission,
              orderAdminMessages.refundCash,
              { status: 409 },
              { intent: form.intent },
            );
          case "not-positive":
            return replyWithError(
              submission,
              orderAdminMessages.refundAmountNotPositive,
              { status: 400, field: "amount" },
              { intent: form.intent },
            );
          default:
            return replyWithError(
              submission,
              orderAdminMessages.refundedBefore,
              { status: 409 },
              {
                intent: form.intent,
              },
            );
        }
      }
      if (refunded.notice) void sendStatusMail(db, refunded.notice, config().publicUrl);
      const amount = formatRupees(form.amount);
      if (refunded.state === "FAILED") {
        return toasts().redirectWithError(here, orderAdminMessages.refundRefused(amount), { status: 303 });
      }
      if (refunded.state === "REQUESTED") {
        return toasts().redirectWithWarning(here, orderAdminMessages.refundQueued(amount), { status: 303 });
      }
      return toasts().redirectWithSuccess(here, orderAdminMessages.refundRequested(amount), { status: 303 });
    }
    case "collect":
    case "refuse": {
      const done =
        form.intent === "collect"
          ? await collectCash(db, actor, {
              orderId: id,
              from: form.from,
              amount: form.amount,
              note: form.note,
            })
          : await refuseAtDoor(db, actor, { orderId: id, from: form.from, note: form.note });
      if (!done.ok) {
        if (done.problem === "not-found") throw notFound();
        const message =
          done.problem === "stale"
            ? orderAdminMessages.stale(done.current)
            : done.problem === "not-cash"
              ? orderAdminMessages.notCash
              : done.problem === "too-much"
                ? orderAdminMessages.collectTooMuch(formatRupees(done.due))
                : form.intent === "collect"
                  ? orderAdminMessages.cannotCollect(form.from)
                  : orderAdminMessages.cannotRefuse(form.from);
        const field = done.problem === "too-much" ? "amount" : undefined;
        return replyWithError(
          submission,
          message,
          { status: done.problem === "too-much" ? 400 : 409, ...(field ? { field } : {}) },
          { intent: form.intent },
        );
      }
      if (form.intent === "collect") void sendStatusMailWithInvoice(db, done.notice, config().publicUrl);
      else void sendStatusMail(db, done.notice, config().publicUrl);
      return toasts().redirectWithSuccess(
        here,
        form.intent === "collect"
          ? orderAdminMessages.cashCollected(id, formatRupees(form.amount))
          : orderAdminMessages.refusedAtDoor(id),
        { status: 303 },
      );
    }
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}
