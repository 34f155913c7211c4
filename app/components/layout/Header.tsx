import { Form, Link, NavLink } from "@remix-run/react";
import { formatRupees } from "~/lib/money";
import { shop } from "~/lib/shop";
import { SearchBox } from "./SearchBox";

export type HeaderProps = {
  customer: { firstname: string } | null;
  cart: { lines: number; total: number };
};

const menu = [
  { to: "/", label: "Home", end: true },
  { to: "/product", label: "Our Store", end: false },
  { to: "/my-orders", label: "My Orders", end: false },
  { to: "/contact", label: "Contact", end: false },
];

export function Header({ customer, cart }: HeaderProps) {
  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          <p>New, refurbished and rental laptops, desktops, CCTV and biometrics</p>
          <p>
            Hotline: <a href={shop.hotlineHref}>{shop.hotline}</a>
          </p>
        </div>
      </div>
      <div className="header-main">
        <div className="container header-main-inner">
          <Link to="/" className="logo" aria-label={`${shop.name} home`}>
            <img src="/images/logo.svg" alt="" width="180" height="40" />
          </Link>
          <SearchBox />
          <nav className="header-links" aria-label="Your account">
            <Link to="/wishlist" className="header-link">
              <HeartIcon />
              <span>
                Favourite <br />
                wishlist
              </span>
            </Link>
            {customer ? (
              <Link to="/my-profile" className="header-link">
                <UserIcon />
                <span>
                  Welcome <br />
                  {customer.firstname}
                </span>
              </Link>
            ) : (
              <Link to="/login" className="header-link">
                <UserIcon />
                <span>
                  Log in <br />
                  My Account
                </span>
              </Link>
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
          {customer ? (
            <Form method="post" action="/logout" className="logout-form">
              <button type="submit" className="link-button">
                LogOut
              </button>
            </Form>
          ) : null}
        </div>
      </div>
    </header>
  );
}

function HeartIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.6 4.5c2 0 3.4 1 4.2 2.3h2.4c.8-1.3 2.2-2.3 4.2-2.3 3.6 0 5.7 3.8 4.2 7.2C19.5 16.4 12 21 12 21z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
    </svg>
  );
}

function UserIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

function CartIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2.5l2.2 11h10.6L21 7H7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="19" r="1.5" fill="currentColor" />
      <circle cx="17" cy="19" r="1.5" fill="currentColor" />
    </svg>
  );
}
