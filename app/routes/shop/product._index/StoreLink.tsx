import { Link, type LinkProps } from "@remix-run/react";

/**
 * A link from the store page to the store page (another filter, page or layout). The router knows this route
 * already, so the link does not ask it to discover one, and a page with some twenty such links sends no
 * `data-discover` attribute in each.
 */
export function StoreLink(props: LinkProps) {
  return <Link discover="none" {...props} />;
}
