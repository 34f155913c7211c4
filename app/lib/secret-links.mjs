// @ts-check
/**
 * Pages whose URL holds a one-time secret: a password reset link, the back office's set-up link and its
 * invitations. One home for the HTTP server (access log, Referrer-Policy) and the app (error log). Plain
 * JavaScript so that server.mjs, which Node runs as it is, can import it too.
 */
const SECRET_LINK = /^(\/reset-password\/|\/admin\/(?:setup|invite)\/)[^/?#]+/i;

/**
 * The URL or path with the secret taken out, for a log line.
 * @param {string} url
 */
export function redactUrl(url) {
  return url.replace(SECRET_LINK, "$1[redacted]");
}

/**
 * Whether the path holds a secret, so the page's Referer must name only the site (its own styles, scripts and
 * links would otherwise carry the token to whatever logs the Referer header).
 * @param {string} path
 */
export function holdsSecret(path) {
  return SECRET_LINK.test(path);
}
