import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { getDatabaseHandle, getDb } from "~/db/db.server";
import { readCatalogueVersion } from "~/features/catalogue/index.server";
import { refreshDatabaseGauges } from "~/features/operations/index.server";
import { config } from "~/lib/config.server";
import { DATABASE_RETRY_AFTER_SECONDS, describeError, isDatabaseUnavailable } from "~/lib/errors.server";
import { deferHydration } from "~/lib/hydrate-after-paint.server";
import { redactUrl } from "~/lib/secret-links.mjs";
import { shopReady, startServer } from "~/lib/startup.server";
import { ServiceBusyError } from "~/lib/work-gate.server";

// Runs once when the server imports the build: checks the configuration, then opens, migrates and
// seeds the database before the first request needs it.
startServer();

/** Settles when the database is ready: server.mjs warms the first pages then, and only then listens. */
export { shopReady };

/** The catalogue version, for the visitors' page cache in server.mjs (server/page-cache.mjs). */
export async function catalogueVersionForPageCache(): Promise<number> {
  return readCatalogueVersion(await getDb());
}

/** The bearer token /metrics answers to, for server.mjs (server/metrics.mjs); undefined: not served. */
export function metricsTokenForServer(): string | undefined {
  return config().metricsToken;
}

/** Reads the gauges that come from the database, just before server.mjs answers /metrics. */
export async function refreshMetricsForScrape(): Promise<void> {
  await refreshDatabaseGauges(await getDatabaseHandle());
}

/**
 * The shop defers no data, so the whole document is rendered before a byte is sent, and sent as one body:
 * compression then works on the page as a whole (a stream is flushed chunk by chunk and compresses far worse),
 * which halves the bytes a phone downloads and the server's work per page (docs/benchmark.md). Bots and
 * browsers get the same complete page, so there is no isbot (decision 0017). React renders with its streaming
 * renderer because single fetch hands the page's data to the browser through a suspending script; the stream
 * is gathered into one string when everything is ready.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? "";
  const markup = await renderWhole(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    request.signal,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // React writes the doctype itself when the root is <html>; a second one is a parse error and wasted bytes.
  const doctype = markup.startsWith("<!DOCTYPE html>") ? "" : "<!DOCTYPE html>";
  return new Response(`${doctype}${deferHydration(markup)}`, {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

/** How long a render may wait for its data before it is cut short (Remix stops waiting on data just before). */
export const streamTimeout = 5_000;

/**
 * The element rendered in full, as one string. A render that fails before its first byte rejects, and Remix
 * renders the error page instead; one the client gives up on is abandoned.
 */
function renderWhole(element: ReactElement, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString("utf8"));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      onAllReady: () => pipe(sink),
      onShellError: reject,
    });
    const stop = setTimeout(abort, streamTimeout + 1_000);
    sink.on("finish", () => clearTimeout(stop));
    signal.addEventListener("abort", () => abort(), { once: true });
  });
}

/**
 * Every error a loader, action or render throws, logged as one line that carries no secret (a failed query's
 * parameters can hold a password hash or an address). A database outage or a full password-work queue is
 * reported to server.mjs, which answers 503 with Retry-After instead of 500, so a balancer, PhonePe and the
 * shopper know to try again.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // Remix's own refusals (no such route, a method the route has no action for) are the client's mistake,
  // answered with their 4xx: not a server error.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // Remix still answers the old "?_data=" requests (a page opened before single fetch was on, or a probe) and
  // says so through here; nothing failed.
  if (error instanceof Error && error.message.startsWith("Warning: Single fetch-enabled apps")) return;
  // A reset or set-up link's token never reaches the log.
  const where = `${request.method} ${redactUrl(new URL(request.url).pathname)}`;
  if (isDatabaseUnavailable(error)) {
    context.reportUnavailable?.(DATABASE_RETRY_AFTER_SECONDS);
    console.error(`[503] database unavailable during ${where}: ${describeError(error)}`);
    return;
  }
  if (error instanceof ServiceBusyError) {
    context.reportUnavailable?.(error.retryAfterSeconds);
    console.warn(`[503] busy during ${where}: password work queue full`);
    return;
  }
  const stack =
    error instanceof Error ? (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line)) : [];
  console.error(
    `[500] ${where}: ${describeError(error)}${stack.length ? `\n${stack.slice(0, 8).join("\n")}` : ""}`,
  );
};
