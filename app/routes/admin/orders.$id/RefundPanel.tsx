import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/forms/FieldError";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { inputProps, textareaProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { REFUND_STATE_LABELS, type RefundState } from "~/features/orders";
import { ORDER_NOTE_MAX } from "~/lib/form-limits";
import { formatRupees } from "~/lib/money";

type Refund = { state: RefundState; amount: number; refundId: string | null };

/**
 * The refund of the order's payment and where PhonePe has it; with none yet, owners (only) may ask for one,
 * once. Staff see no form, and the server refuses their post whatever the page shows.
 */
export function RefundPanel({
  refund,
  paid,
  isOwner,
  lastResult,
}: {
  refund: Refund | null;
  paid: number;
  isOwner: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  // A refund refused because one was made meanwhile: the form is gone, its message stays with the refund.
  const refusal = refund ? lastResult?.error?.[""]?.[0] : undefined;
  return (
    <section className="admin-panel" aria-labelledby="refund-heading">
      <h2 id="refund-heading">Refund</h2>
      {refusal ? (
        <p className="form-error" role="alert">
          {refusal}
        </p>
      ) : null}
      {refund ? (
        <dl className="admin-facts">
          <div>
            <dt>PhonePe state</dt>
            <dd>{REFUND_STATE_LABELS[refund.state]}</dd>
          </div>
          <div>
            <dt>Amount</dt>
            <dd>
              {formatRupees(refund.amount)}
              {refund.amount < paid ? ` of ${formatRupees(paid)} (part)` : " (all of it)"}
            </dd>
          </div>
          <div>
            <dt>PhonePe refund id</dt>
            <dd className="admin-code">{refund.refundId ?? "Not given yet"}</dd>
          </div>
        </dl>
      ) : isOwner ? (
        <RefundForm paid={paid} lastResult={lastResult} />
      ) : (
        <p>No refund. Only an owner can refund an order.</p>
      )}
    </section>
  );
}

function RefundForm({
  paid,
  lastResult,
}: {
  paid: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const refunding = useIsPending({ intent: "refund" });
  const [form, fields] = useCheckedForm("refund-order", lastResult, ["amount", "note"], {
    loadSchema: () => import("~/features/orders/schemas").then((forms) => forms.refundOrderSchema),
  });
  const { key: amountKey, ...amountProps } = inputProps(fields.amount, { type: "text" });
  const { key: noteKey, ...noteProps } = textareaProps(fields.note);
  return (
    <Form method="post" className="stack-form" {...form.props} aria-label="Refund through PhonePe">
      <p className="field-hint">
        PhonePe refunds an order once: the whole {formatRupees(paid)} makes the order Refunded, less leaves
        its status as it is.
      </p>
      <FormError id={form.errorId} errors={form.errors} />
      <FieldFrame
        id={fields.amount.id}
        label="Amount to refund (rupees)"
        field={fields.amount}
        hint={`More than Rs. 0, at most ${formatRupees(paid)}`}
      >
        <input key={amountKey} {...amountProps} inputMode="decimal" autoComplete="off" />
      </FieldFrame>
      <FieldFrame id={fields.note.id} label="Reason (optional, for the history)" field={fields.note}>
        <textarea key={noteKey} {...noteProps} rows={2} maxLength={ORDER_NOTE_MAX} />
      </FieldFrame>
      <button type="submit" name="intent" value="refund" disabled={refunding}>
        {refunding ? "Asking PhonePe…" : "Refund through PhonePe"}
      </button>
    </Form>
  );
}
