/** A positive database id from a URL segment, or undefined for anything else ("12abc", "-1", "1e3"). */
export function parseId(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
