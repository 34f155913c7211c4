import http from "node:http";
import https from "node:https";

/*
 * One HTTP exchange with a time limit over the whole of it (answer and body), for the PhonePe client and the
 * simulator's webhook sender.
 *
 * By default it uses node:http(s) rather than the global fetch: the production server (server.mjs) calls
 * Remix's installGlobals(), whose fetch (@remix-run/web-fetch) answers an abort during a POST by cancelling the
 * request body stream it is still reading, an unhandled rejection that stops the whole process. A PhonePe that
 * does not answer within the time limit must cost one payment attempt, not the shop. A fetch can still be
 * passed (tests); its timer is cleared as soon as the body is read, so it never fires late.
 */

export type HttpInit = {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
};

export type HttpResult =
  | { kind: "answer"; status: number; statusText: string; ok: boolean; text: string }
  | { kind: "timeout" | "network"; status: number | undefined; error: unknown };

export function httpText(
  url: string,
  init: HttpInit,
  timeoutMs: number,
  fetchImpl?: typeof fetch,
): Promise<HttpResult> {
  return fetchImpl ? viaFetch(fetchImpl, url, init, timeoutMs) : viaNode(url, init, timeoutMs);
}

async function viaFetch(
  doFetch: typeof fetch,
  url: string,
  init: HttpInit,
  timeoutMs: number,
): Promise<HttpResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  let status: number | undefined;
  try {
    const response = await doFetch(url, { ...init, signal: controller.signal });
    status = response.status;
    const text = await response.text();
    return {
      kind: "answer",
      status: response.status,
      statusText: response.statusText,
      ok: response.ok,
      text,
    };
  } catch (error) {
    return { kind: timedOut ? "timeout" : "network", status, error };
  } finally {
    clearTimeout(timer);
  }
}

function viaNode(url: string, init: HttpInit, timeoutMs: number): Promise<HttpResult> {
  return new Promise((resolve) => {
    let settled = false;
    let status: number | undefined;
    let request: http.ClientRequest | undefined;
    const finish = (result: HttpResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      finish({ kind: "timeout", status, error: new Error(`No answer within ${timeoutMs} ms`) });
      request?.destroy();
    }, timeoutMs);

    let target: URL;
    try {
      target = new URL(url);
    } catch (error) {
      finish({ kind: "network", status, error });
      return;
    }
    const transport = target.protocol === "https:" ? https : http;
    const headers =
      init.body === undefined
        ? init.headers
        : { ...init.headers, "Content-Length": String(Buffer.byteLength(init.body)) };
    request = transport.request(target, { method: init.method, headers }, (response) => {
      status = response.statusCode;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", (error) => finish({ kind: "network", status, error }));
      response.on("end", () => {
        const code = response.statusCode ?? 0;
        finish({
          kind: "answer",
          status: code,
          statusText: response.statusMessage ?? "",
          ok: code >= 200 && code < 300,
          text: Buffer.concat(chunks).toString("utf8"),
        });
      });
    });
    request.on("error", (error) => finish({ kind: "network", status, error }));
    if (init.body !== undefined) request.write(init.body);
    request.end();
  });
}
