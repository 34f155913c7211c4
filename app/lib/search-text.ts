/**
 * Normalises a shopper's search text: control characters (which PostgreSQL refuses) read as spaces, trimmed,
 * inner whitespace collapsed, at most 100 characters (and never half a surrogate pair).
 */
export function normaliseSearch(text: string | null | undefined): string {
  return Array.from(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed.
    (text ?? "").replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, " ").trim(),
  )
    .slice(0, 100)
    .join("")
    .trim();
}

/** Escapes LIKE wildcards so a search for "100%" looks for the text, not a pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
