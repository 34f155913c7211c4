import type { ReactNode } from "react";

/** A rental's charge as chargeView (charges.server.ts) words it. */
type ChargeRow = {
  id: number;
  label: string;
  period: string;
  dueOn: string;
  amount: string;
  status: string;
  paid: string | null;
};

/**
 * A rental's charges, month by month, as My Rentals and the back office's booking page show them. `action`
 * adds what the reader may do about a charge under its status (pay it, record it paid at the counter).
 */
export function RentalChargesTable<Charge extends ChargeRow>({
  charges,
  className,
  caption,
  action,
}: {
  charges: readonly Charge[];
  className: string;
  caption?: string;
  action: (charge: Charge) => ReactNode;
}) {
  return (
    <table className={className}>
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">For</th>
          <th scope="col">Period</th>
          <th scope="col">Due</th>
          <th scope="col">Amount</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {charges.map((charge) => (
          <tr key={charge.id}>
            <th scope="row">{charge.label}</th>
            <td>{charge.period}</td>
            <td>{charge.dueOn}</td>
            <td>{charge.amount}</td>
            <td>
              {charge.paid ? `Paid (${charge.paid})` : charge.status}
              {action(charge)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
