import { Link, useLocation } from "@remix-run/react";

/**
 * Previous/next links for a back-office list: the same URL with `page` changed, so filters stay in the URL and
 * the list works without JavaScript.
 */
export function Pager({ page, pages, label }: { page: number; pages: number; label: string }) {
  const location = useLocation();
  if (pages <= 1) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return query ? `?${query}` : location.pathname;
  };
  return (
    <nav className="admin-pager" aria-label={label}>
      {page > 1 ? (
        <Link to={to(page - 1)} rel="prev">
          Previous
        </Link>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={to(page + 1)} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
