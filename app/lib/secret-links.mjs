// @ts-check
/**
 * Pages whose URL holds a one-time secret: a password reset link, the back office's set-up link and its
 * invitations. One home for the HTTP server (access log, Referrer-Policy) and the app (error log). Plain
 * JavaScript so that server.mjs, which Node runs as it is, can import it too.
 */
const SECRET_LINK = /^(\/reset-password\/|\/admin\/(?:setup|invite)\/)[^/?#]+/i;
/** The same links anywhere in a text: an absolute URL in a request line, a URL quoted in an error message. */
const SECRET_LINKS_IN_TEXT = /(\/reset-password\/|\/admin\/(?:setup|invite)\/)[^/?#\s'"]+/gi;

/**
 * The URL, path or log text with every such secret taken out, for a log line.
 * @param {string} text
 */
export function redactUrl(text) {
  return text.replace(SECRET_LINKS_IN_TEXT, "$1[redacted]");
}

/**
 * Whether the path holds a secret, so the page's Referer must name only the site (its own styles, scripts and
 * links would otherwise carry the token to whatever logs the Referer header).
 * @param {string} path
 */
export function holdsSecret(path) {
  return SECRET_LINK.test(path);
}
