/** Normalises a shopper's search text: trimmed, inner whitespace collapsed, at most 100 characters. */
export function normaliseSearch(text: string | null | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim().slice(0, 100);
}

/** Escapes LIKE wildcards so a search for "100%" looks for the text, not a pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
