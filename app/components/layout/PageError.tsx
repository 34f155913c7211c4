import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { NotFound } from "~/components/NotFound";

/** A page that could not be shown: the 404 page, or what went wrong in the shopper's words. */
export function PageError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // The server logs its own errors once, without secrets (handleError in entry.server.tsx).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  // A refused request (too large a form, say) says why; app/lib/read-form.server.ts words these messages.
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

/** The message a refusal carries in its body, if it carries one. */
export function messageOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null || !("message" in data)) return undefined;
  return typeof data.message === "string" ? data.message : undefined;
}
