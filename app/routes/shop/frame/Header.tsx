import { Form, Link, NavLink } from "@remix-run/react";
import { CartIcon, HeartOutlineIcon, UserIcon } from "~/components/icons";
import type { ShopContact } from "~/features/settings";
import { formatRupees } from "~/lib/money";
import { shop } from "~/lib/shop";
import { SearchBox } from "./SearchBox";

export type HeaderProps = {
  customer: { firstname: string } | null;
  cart: { lines: number; total: number };
  /** From the settings; none on the error page of a request whose root loader failed. */
  contact?: ShopContact | null;
};

const menu = [
  { to: "/", label: "Home", end: true },
  { to: "/product", label: "Our Store", end: false },
  { to: "/my-orders", label: "My Orders", end: false },
  { to: "/contact", label: "Contact", end: false },
];

// The header's parts that never change, built once when the module loads instead of at every render.
const tagline = <p className="tagline">New, refurbished and rental laptops, desktops, CCTV and biometrics</p>;

const logo = (
  <Link to="/" className="logo" aria-label={`${shop.name} home`}>
    <img src="/images/logo.svg" alt="" width="180" height="40" />
  </Link>
);

const wishlistLink = (
  <Link to="/wishlist" className="header-link">
    <HeartOutlineIcon />
    <span>
      Favourite <br />
      wishlist
    </span>
  </Link>
);

const logInLink = (
  <Link to="/login" className="header-link">
    <UserIcon />
    <span>
      Log in <br />
      My Account
    </span>
  </Link>
);

const menuNav = (
  <nav aria-label="Main">
    <ul className="menu">
      {menu.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} prefetch="intent">
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  </nav>
);

const logOutForm = (
  <Form method="post" action="/logout" className="logout-form">
    <button type="submit" className="link-button">
      LogOut
    </button>
  </Form>
);

export function Header({ customer, cart, contact }: HeaderProps) {
  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          {tagline}
          {contact && (
            <p>
              Hotline: <a href={contact.hotlineHref}>{contact.hotline}</a>
            </p>
          )}
        </div>
      </div>
      <div className="header-main">
        <div className="container header-main-inner">
          {logo}
          <SearchBox />
          <nav className="header-links" aria-label="Your account">
            {wishlistLink}
            {customer ? (
              <Link to="/my-profile" className="header-link">
                <UserIcon />
                <span>
                  Welcome <br />
                  {customer.firstname}
                </span>
              </Link>
            ) : (
              logInLink
            )}
            <Link
              to="/cart"
              className="header-link cart-link"
              aria-label={`Cart: ${cart.lines} ${cart.lines === 1 ? "item" : "items"}, ${formatRupees(cart.total)}`}
            >
              <CartIcon />
              <span className="cart-badge" data-testid="cart-count">
                {cart.lines}
              </span>
              <span className="cart-total" data-testid="cart-total">
                {formatRupees(cart.total)}
              </span>
            </Link>
          </nav>
        </div>
      </div>
      <div className="header-menu">
        <div className="container header-menu-inner">
          {menuNav}
          {customer ? logOutForm : null}
        </div>
      </div>
    </header>
  );
}
