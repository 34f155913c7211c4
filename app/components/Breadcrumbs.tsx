import { Link } from "@remix-run/react";

export type Crumb = { label: string; to: string };

/** Home, then `trail`, then the page itself: one ordered list, the separators drawn by CSS. */
export function Breadcrumbs({ trail = [], current }: { trail?: Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {[{ label: "Home", to: "/" }, ...trail].map((crumb) => (
          <li key={crumb.to}>
            <Link to={crumb.to}>{crumb.label}</Link>
          </li>
        ))}
        <li>
          <span aria-current="page">{current}</span>
        </li>
      </ol>
    </nav>
  );
}
