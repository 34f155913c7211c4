import { Link, useLocation } from "@remix-run/react";

/**
 * Previous/next links for a back-office list: the same URL with `page` changed, so filters stay in the URL and
 * the list works without JavaScript. `path` names the list's own page when this one is another (a form's
 * answer drawn at the form's address).
 */
export function Pager({
  page,
  pages,
  label,
  path,
}: {
  page: number;
  pages: number;
  label: string;
  path?: string;
}) {
  const location = useLocation();
  if (pages <= 1) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(path ? "" : location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    const base = path ?? location.pathname;
    return query ? `${base}?${query}` : base;
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
