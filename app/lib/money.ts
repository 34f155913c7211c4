const rupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** Formats integer paise as rupees with Indian digit grouping: 12345600 → "Rs. 1,23,456". */
export function formatRupees(paise: number): string {
  return `Rs. ${rupees.format(paise / 100)}`;
}

/** Parses a rupee amount typed by a shopper ("1,500", "1500.50") into paise; undefined if not a number. */
export function rupeesToPaise(text: string): number | undefined {
  const cleaned = text.replace(/[,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}
