// @ts-check

/**
 * The page a request is for, read the way Remix reads it when it picks the route, so that the server's rules
 * for a page (body limits, the password gate, no-store, the page cache) hold however its address is spelt:
 * - with JavaScript on, Remix fetches a page's data and posts its forms at the page's path with ".data" added
 *   ("/login.data"; the home page's is "/_root.data");
 * - dot segments are resolved ("/x/../login" is "/login", and so is "/login/x/..." once ".data" is gone);
 * - percent-encoded characters are decoded ("/log%69n" is "/login").
 * A path that cannot be decoded is returned resolved but as it is (the server refuses it before Remix).
 * @param {string} pathname
 */
export function pagePathOf(pathname) {
  let page = pathname;
  if (page.endsWith(".data")) {
    page = page.slice(0, -".data".length);
    if (page === "/_root") page = "/";
  }
  const resolved = new URL(page, "http://shop.invalid").pathname;
  try {
    return decodeURIComponent(resolved);
  } catch {
    return resolved;
  }
}
