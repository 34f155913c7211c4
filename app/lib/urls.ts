/**
 * Links to the shop's own pages, for mails, previews and the console: the public URL is configured without a
 * trailing slash (config.server.ts takes it off once), and this adds the path the same way everywhere.
 */

/** An absolute URL for a path on this site, e.g. for og:image and the canonical link. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin.replace(/\/$/, "")}/`).toString();
}
