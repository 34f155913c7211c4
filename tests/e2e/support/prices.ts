/** The shop's own price text ("Rs. 1,23,456", "MRP Rs. 59,990") as a number of rupees, and back. */
export const rupees = (text: string | null): number => Number((text ?? "").replace(/[^\d]/g, ""));
export const shown = (amount: number): string => `Rs. ${amount.toLocaleString("en-IN")}`;
