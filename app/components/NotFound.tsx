import { Link } from "@remix-run/react";

export function NotFound() {
  return (
    <section className="container page not-found">
      <h1>Page Not Found</h1>
      <p>Sorry, we could not find that page. It may have moved, or the link may be mistyped.</p>
      <p className="not-found-actions">
        <Link to="/" className="button">
          Go to Home
        </Link>
        <Link to="/product" className="button button-secondary">
          Browse Our Store
        </Link>
      </p>
    </section>
  );
}
