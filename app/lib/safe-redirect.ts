/** Returns `to` when it is a path on this site, else `fallback`: never an open redirect. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return fallback;
  return to;
}
