import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { PageError } from "~/components/layout/PageError";
import { Toasts, type ToastView } from "~/components/layout/Toasts";
import { useNonce } from "~/components/nonce";
import { shopDescription, shopTitle } from "~/lib/shop";
import { readToast } from "~/lib/toast.server";
import stylesheet from "~/styles/app.css?url";
import formStyles from "~/styles/forms.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "stylesheet", href: formStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: shopTitle },
  { name: "description", content: shopDescription },
];

/**
 * What every page shows, shop or back office: the toast a form left behind. The shop's frame and the back
 * office's read their own data in their layouts (routes/shop/layout.tsx, routes/admin/layout.tsx).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const flash = await readToast(request);
  return json({ toast: flash.toast satisfies ToastView | null }, { headers: flash.headers });
}

/**
 * After a refused form (a 4xx answer) single fetch reloads no loader by default; the root still reloads, because
 * with JavaScript a refusal's toast rides the flash cookie, which only this loader reads (app/lib/toast.server.ts).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 ? true : defaultShouldRevalidate;

/** The document around every page: the shop's and the back office's layouts draw their own frames inside. */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const toast = useRouteLoaderData<typeof loader>("root")?.toast ?? null;
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
        {children}
        <Toasts toast={toast} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Only when even the frame's data could not be read: the error, without the shop's header and footer. */
export function ErrorBoundary() {
  return (
    <main id="main">
      <PageError />
    </main>
  );
}
