/*
 * One HTTP exchange with a time limit over the whole of it (answer and body), for the PhonePe client and the
 * simulator's webhook sender. It uses the global fetch, which is Node's own: server.mjs calls
 * installGlobals({ nativeFetch: true }), so an abort is an ordinary rejection of this exchange (the polyfill's
 * fetch once turned it into an unhandled rejection that stopped the process). A fetch can be passed (tests).
 */

export type HttpInit = {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
};

export type HttpResult =
  | { kind: "answer"; status: number; statusText: string; ok: boolean; text: string }
  | { kind: "timeout" | "network"; status: number | undefined; error: unknown };

export async function httpText(
  url: string,
  init: HttpInit,
  timeoutMs: number,
  fetchImpl: typeof fetch = fetch,
): Promise<HttpResult> {
  const signal = AbortSignal.timeout(timeoutMs);
  let status: number | undefined;
  try {
    const response = await fetchImpl(url, { ...init, signal });
    status = response.status;
    const text = await response.text();
    return { kind: "answer", status, statusText: response.statusText, ok: response.ok, text };
  } catch (error) {
    return { kind: signal.aborted ? "timeout" : "network", status, error };
  }
}
