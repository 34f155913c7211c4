import type { LinksFunction, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { Footer } from "~/components/layout/Footer";
import { Header, type HeaderProps } from "~/components/layout/Header";
import { Toasts, type ToastView } from "~/components/layout/Toasts";
import { NotFound } from "~/components/NotFound";
import { useNonce } from "~/components/nonce";
import type { ShopContact } from "~/features/settings";
import { isBackOffice } from "~/features/staff";
import { shopDescription, shopTitle } from "~/lib/shop";
import stylesheet from "~/styles/app.css?url";
import formStyles from "~/styles/forms.css?url";
import type { loader } from "./root-loader.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "stylesheet", href: formStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: shopTitle },
  { name: "description", content: shopDescription },
];

/** The frame's data is read in root-loader.server.ts, so every page's JavaScript leaves out what that needs. */
export { loader } from "./root-loader.server";

type RootData = {
  customer: HeaderProps["customer"];
  cart: HeaderProps["cart"];
  toast: ToastView | null;
  contact: ShopContact | null;
  year: number;
};

function Document({ children, data }: { children: ReactNode; data: RootData | undefined }) {
  const nonce = useNonce();
  const backOffice = isBackOffice(useLocation().pathname);
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#131921" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {backOffice ? null : (
          <Header
            customer={data?.customer ?? null}
            cart={data?.cart ?? { lines: 0, total: 0 }}
            contact={data?.contact}
          />
        )}
        <main id="main">{children}</main>
        {backOffice ? null : <Footer year={data?.year ?? new Date().getFullYear()} contact={data?.contact} />}
        <Toasts toast={data?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  return <Document data={data}>{children}</Document>;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The server logs its own errors once, without secrets (handleError in entry.server.tsx).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  // A refused request (too large a form, say) says why; app/read-form.server.ts words these messages.
  const reason = isRouteErrorResponse(error) ? messageOf(error.data) : undefined;
  return (
    <section className="container page error-page">
      <h1>Something Went Wrong</h1>
      <p>
        {status >= 500
          ? "We could not show this page just now. Please try again in a moment."
          : (reason ?? "That request could not be handled.")}
      </p>
      <p>
        <a href="/">Back to the home page</a>
      </p>
    </section>
  );
}

function messageOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || !("message" in data)) return undefined;
  return typeof data.message === "string" ? data.message : undefined;
}
