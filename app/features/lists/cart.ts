/** Sum of quantity × unit price over cart lines, in paise (shared by the server and the optimistic cart). */
export function subtotal(lines: { quantity: number; unitPrice: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
}
