/**
 * Reads a 10-digit Indian mobile number the way people type it: with spaces or dashes between the digits and
 * an optional leading +91, 91 or 0 (trunk prefix). Returns the bare 10 digits, or undefined when the text is
 * not a mobile number (Indian mobile numbers start with 6, 7, 8 or 9).
 *
 * normaliseIndianMobile("+91 98450 12345") === "9845012345"
 * normaliseIndianMobile("098450-12345") === "9845012345"
 */
export function normaliseIndianMobile(text: string): string | undefined {
  const compact = text.trim().replace(/[\s-]+/g, "");
  let digits = compact;
  if (compact.startsWith("+91")) digits = compact.slice(3);
  else if (/^91\d{10}$/.test(compact)) digits = compact.slice(2);
  else if (/^0\d{10}$/.test(compact)) digits = compact.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : undefined;
}
