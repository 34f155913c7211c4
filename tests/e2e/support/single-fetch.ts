import type { APIResponse } from "@playwright/test";
import { decode } from "turbo-stream";

/*
 * Remix's single fetch, as the shop's JavaScript uses it: a page's data is fetched, and its forms posted, at the
 * page's path with ".data" added, and the answer is a turbo-stream. These read it the way the browser does.
 */

/** The address the shop's JavaScript fetches a page's data from, asking for one route's loader. */
export function dataUrl(path: string, routeId?: string): string {
  const url = new URL(path, "http://shop.invalid");
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  if (routeId) url.searchParams.set("_routes", routeId);
  return `${url.pathname}${url.search}`;
}

/** A redirect as single fetch sends it: 202 with the target in the body, so the browser's fetch does not follow. */
type DataRedirect = { redirect: string; status: number };
type RouteResult = { data?: unknown; error?: unknown };

/** The answer's decoded body: a redirect, or each route's data or error. */
export async function readData(answer: APIResponse): Promise<DataRedirect | Record<string, RouteResult>> {
  const body = await answer.body();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(body));
      controller.close();
    },
  });
  const decoded = await decode(stream, {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === "SingleFetchRedirect") return { value: rest[0] };
        if (type === "ErrorResponse")
          return { value: { status: rest[1], statusText: rest[2], data: rest[0] } };
        if (type === "SanitizedError") return { value: { name: rest[0], message: rest[1] } };
        return undefined;
      },
    ],
  });
  await decoded.done;
  return decoded.value as DataRedirect | Record<string, RouteResult>;
}

/** Where a data answer sends the browser, or undefined when it is not a redirect. */
export async function redirectOf(answer: APIResponse): Promise<string | undefined> {
  if (answer.status() !== 202) return undefined;
  const value = await readData(answer);
  return typeof value.redirect === "string" ? value.redirect : undefined;
}

/** One route's loader data from a data answer (which must hold it). */
export async function routeData<T>(answer: APIResponse, routeId: string): Promise<T> {
  const value = (await readData(answer)) as Record<string, RouteResult>;
  const result = value[routeId];
  if (!result || !("data" in result)) {
    throw new Error(`no data for ${routeId} in ${answer.url()}: ${JSON.stringify(value)}`);
  }
  return result.data as T;
}
