import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RentalChargesTable } from "./RentalChargesTable";

const charges = [
  {
    id: 1,
    label: "Deposit and month 1's rent",
    period: "1 Dec 2026 to 31 Dec 2026",
    dueOn: "1 Dec 2026",
    amount: "Rs. 23,000",
    status: "Due",
    paid: "PhonePe",
    mine: false,
  },
  {
    id: 2,
    label: "Month 2's rent",
    period: "1 Jan 2027 to 31 Jan 2027",
    dueOn: "1 Jan 2027",
    amount: "Rs. 5,000",
    status: "Overdue",
    paid: null,
    mine: true,
  },
];

/** My Rentals and the back office's booking page draw the same table; only what follows a status differs. */
describe("RentalChargesTable", () => {
  it("shows each charge with its status, or who it was paid by, and the reader's action under it", () => {
    const html = renderToStaticMarkup(
      createElement(RentalChargesTable<(typeof charges)[number]>, {
        charges,
        className: "rental-charges",
        caption: "Payments",
        action: (charge) =>
          charge.mine ? createElement("a", { href: "/pay" }, `Pay ${charge.amount}`) : null,
      }),
    );
    expect(html).toContain('<table class="rental-charges"><caption>Payments</caption><thead><tr>');
    for (const heading of ["For", "Period", "Due", "Amount", "Status"])
      expect(html).toContain(`<th scope="col">${heading}</th>`);
    expect(html).toContain(
      '<tr><th scope="row">Deposit and month 1&#x27;s rent</th><td>1 Dec 2026 to 31 Dec 2026</td>' +
        "<td>1 Dec 2026</td><td>Rs. 23,000</td><td>Paid (PhonePe)</td></tr>",
    );
    expect(html).toContain('<td>Overdue<a href="/pay">Pay Rs. 5,000</a></td>');
  });

  it("has no caption where the page's heading names it", () => {
    const html = renderToStaticMarkup(
      createElement(RentalChargesTable, { charges, className: "admin-table", action: () => null }),
    );
    expect(html).toMatch(/^<table class="admin-table"><thead>/);
    expect(html).not.toContain("<caption>");
  });
});
