/**
 * `fetchpriority="high"` for the image a page's first view is judged by (its largest), so the browser fetches
 * it before the scripts. React 18 does not know the attribute yet, so it is spread in lowercase, as HTML has it.
 */
export const highFetchPriority: Record<string, string> = { fetchpriority: "high" };
