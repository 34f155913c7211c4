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

const wholeRupees = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** Whole paise taken apart for printing: the sign, the whole rupees and the two digits of paise. */
function rupeesAndPaise(paise: number): { sign: string; rupees: number; paise: string } {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not an amount in paise: ${paise}`);
  const magnitude = Math.abs(paise);
  return {
    sign: paise < 0 ? "-" : "",
    rupees: Math.floor(magnitude / 100),
    paise: String(magnitude % 100).padStart(2, "0"),
  };
}

/**
 * Integer paise as rupees and paise, always two decimals, Indian grouping: 4_510_000 → "45,100.00". Worked out
 * in integers, so no amount is rounded by floating point; for the figures of tax documents.
 */
export function formatRupeeFigures(paise: number): string {
  const parts = rupeesAndPaise(paise);
  return `${parts.sign}${wholeRupees.format(parts.rupees)}.${parts.paise}`;
}

/** Paise as rupees with two decimals and no grouping, "45100.00" or "-12.05" (GSTN's files): from the integer. */
export function plainRupeeFigures(paise: number): string {
  const parts = rupeesAndPaise(paise);
  return `${parts.sign}${parts.rupees}.${parts.paise}`;
}

/** Paise as the rupees a form's field shows, decimals only when there are paise: 4599900 → "45999", 4599950 → "45999.50". */
export function rupeesForInput(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const rest = paise % 100;
  return rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, "0")}`;
}

/** Integer paise with the rupee sign, to the paisa: 4_510_000 → "₹45,100.00", -150 → "-₹1.50". */
export function formatRupeesExact(paise: number): string {
  const figures = formatRupeeFigures(paise);
  return figures.startsWith("-") ? `-₹${figures.slice(1)}` : `₹${figures}`;
}
