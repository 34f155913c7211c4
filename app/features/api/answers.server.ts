import { json } from "@remix-run/node";
import { apiMessages } from "./messages";

/*
 * The API's answers: JSON, never kept by a cache (they are a customer's, or change with every sale), and every
 * refusal as the earlier shop's clients read it, `{status: "fail", message}` with its 4xx.
 */

const HEADERS = { "Cache-Control": "no-store" };

export function apiOk<T>(data: T, status = 200) {
  return json(data, { status, headers: HEADERS });
}

export function apiFail(status: number, message: string) {
  return json({ status: "fail" as const, message }, { status, headers: HEADERS });
}

export const apiNotFound = () => apiFail(404, apiMessages.notFound);

/**
 * A refusal thrown before the API's own code ran (readJson's 413, a route's 404) in the API's shape: its
 * message kept, its status kept. Anything else is thrown on, as a server error.
 */
export async function asApiFailure(thrown: unknown): Promise<Response> {
  if (!(thrown instanceof Response) || thrown.status < 400 || thrown.status >= 500) throw thrown;
  const body: unknown = await thrown
    .clone()
    .json()
    .catch(() => null);
  const message =
    typeof body === "object" && body !== null && "message" in body && typeof body.message === "string"
      ? body.message
      : apiMessages.notFound;
  const failure = apiFail(thrown.status, message);
  // readForm closes the connection after refusing a body it stopped reading.
  const connection = thrown.headers.get("Connection");
  if (connection) failure.headers.set("Connection", connection);
  return failure;
}

/** A call made with a method its path does not take (the loader of a POST-only call, say). */
export const apiMethodNotAllowed = (allowed: string) =>
  json(
    { status: "fail" as const, message: apiMessages.methodNotAllowed },
    { status: 405, headers: { ...HEADERS, Allow: allowed } },
  );
