import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { FormError } from "~/components/forms/FieldError";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { inputProps } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { useIsPending } from "~/components/forms/use-is-pending";
import { formatRupees } from "~/lib/money";

type Cash = {
  due: number;
  collected: number | null;
  collectedBy: string | null;
  collectedWhen: string | null;
  state: string;
  canCollect: boolean;
  canRefuse: boolean;
};

/**
 * A cash order's money: to confirm by phone while Ordered (Change status: Processed confirms, Cancelled
 * cancels), then at the door either "Delivered, cash collected" with the amount, or "Refused at the door".
 */
export function CashPanel({
  orderId,
  status,
  mobile,
  cash,
  lastResult,
}: {
  orderId: number;
  status: string;
  /** Null once the customer's account is erased. */
  mobile: string | null;
  cash: Cash;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const collecting = useIsPending({ intent: "collect" });
  const refusing = useIsPending({ intent: "refuse" });
  const [form, fields] = useCheckedForm(`collect-cash-${orderId}`, lastResult, ["amount"], {
    defaultValue: { amount: String(cash.due / 100) },
    loadSchema: () => import("~/features/orders/schemas").then((forms) => forms.collectCashSchema),
  });
  const { key: amountKey, ...amountProps } = inputProps(fields.amount, { type: "text" });
  return (
    <section className="admin-panel" aria-labelledby="cash-heading">
      <h2 id="cash-heading">Cash on delivery</h2>
      <dl className="admin-facts">
        <div>
          <dt>To collect</dt>
          <dd>{formatRupees(cash.due)}</dd>
        </div>
        <div>
          <dt>State</dt>
          <dd>{cash.state}</dd>
        </div>
        {cash.collected !== null ? (
          <div>
            <dt>Collected</dt>
            <dd>
              {formatRupees(cash.collected)} by {cash.collectedBy ?? "—"}, {cash.collectedWhen}
            </dd>
          </div>
        ) : null}
      </dl>
      {status === "Ordered" && mobile ? (
        <p className="admin-flag">
          Call the customer on <a href={`tel:+91${mobile}`}>{mobile}</a> to confirm the order, then move it to
          Processed (or Cancelled: its items go back in stock).
        </p>
      ) : null}
      <FormError id={form.errorId} errors={form.errors} />
      {cash.canCollect ? (
        <Form method="post" className="stack-form" {...form.props} aria-label="Delivered, cash collected">
          <input type="hidden" name="from" value={status} />
          <FieldFrame id={fields.amount.id} label="Cash collected (rupees)" field={fields.amount}>
            <input key={amountKey} {...amountProps} inputMode="decimal" autoComplete="off" />
          </FieldFrame>
          <button type="submit" name="intent" value="collect" disabled={collecting}>
            {collecting ? "Saving…" : "Delivered, cash collected"}
          </button>
        </Form>
      ) : null}
      {cash.canRefuse ? (
        <Form method="post" className="stack-form" aria-label="Refused at the door">
          <input type="hidden" name="from" value={status} />
          <button type="submit" name="intent" value="refuse" className="button-secondary" disabled={refusing}>
            {refusing ? "Saving…" : "Refused at the door"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
