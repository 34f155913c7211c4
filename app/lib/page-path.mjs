// @ts-check

/**
 * The page a request is for. With JavaScript on, Remix fetches a page's data and posts its forms at the page's
 * path with ".data" added ("/login.data"; the home page's is "/_root.data"), so the server's rules for a page
 * (body limits, the password gate, no-store) read the path without it.
 * @param {string} pathname
 */
export function pagePathOf(pathname) {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}
