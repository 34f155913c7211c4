import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { startServer } from "~/startup.server";

// Runs once when the server imports the build: checks the configuration, then opens, migrates and
// seeds the database before the first request needs it.
startServer();

/**
 * The shop defers no data, so the whole document is rendered at once and sent as one body: compression then
 * works on the page as a whole (a stream is flushed chunk by chunk and compresses far worse), which halves
 * the bytes a phone downloads and the server's work per page (see the Benchmark section of the README).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const markup = renderToString(<RemixServer context={remixContext} url={request.url} />);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${markup}`, { headers: responseHeaders, status: responseStatusCode });
}
