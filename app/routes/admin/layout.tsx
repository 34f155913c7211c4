import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLoaderData,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { messageOf } from "~/components/layout/PageError";
import { getDb } from "~/db/db.server";
import { BACK_OFFICE_SECTIONS, staffRoleLabels } from "~/features/staff";
import { getSessionStaff } from "~/features/staff/index.server";
import { shop } from "~/lib/shop";
import adminStyles from "./admin.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

/** The back office's frame: who is signed in and what they may open. Each page checks the role itself. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await getSessionStaff(await getDb(), request);
  return json({ member: member ? { name: member.name, role: member.role } : null });
}

/** The back office's frame around a page: the header with its brand, and `nav` where someone is signed in. */
function AdminFrame({ nav, children }: { nav?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="admin">
      <header className="admin-header">
        <Link to="/admin" className="admin-brand">
          {shop.name} <span>Back office</span>
        </Link>
        {nav}
      </header>
      <div className="admin-main">{children}</div>
    </main>
  );
}

export default function AdminLayout() {
  const { member } = useLoaderData<typeof loader>();
  return (
    <AdminFrame
      nav={
        member ? (
          <nav aria-label="Back office" className="admin-nav">
            <ul>
              <li>
                <NavLink to="/admin" end>
                  Dashboard
                </NavLink>
              </li>
              {BACK_OFFICE_SECTIONS.filter(
                (section) => section.for === "staff" || member.role === "owner",
              ).map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to}>{section.label}</NavLink>
                </li>
              ))}
              <li>
                <a href="/">View shop</a>
              </li>
            </ul>
            <Form method="post" action="/admin/logout" className="admin-signed-in">
              <span>
                {member.name} ({staffRoleLabels[member.role]})
              </span>
              <button type="submit" className="button-small">
                Log out
              </button>
            </Form>
          </nav>
        ) : null
      }
    >
      <Outlet />
    </AdminFrame>
  );
}

/** A refused or failed back-office page, in the back office's own frame (a 403 says why, and shows no data). */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const heading = status === 403 ? "Not allowed" : status === 404 ? "Page not found" : "Something Went Wrong";
  const text =
    (isRouteErrorResponse(error) ? messageOf(error.data) : undefined) ??
    (status === 404
      ? "There is no such back-office page."
      : status >= 500
        ? "This page could not be shown just now. Please try again in a moment."
        : "That request could not be handled.");
  return (
    <AdminFrame>
      <h1>{heading}</h1>
      <p>{text}</p>
      <p>
        <Link to="/admin">Back to the dashboard</Link>
      </p>
    </AdminFrame>
  );
}
