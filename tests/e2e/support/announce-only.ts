import { request as httpRequest } from "node:http";
import type { APIRequestContext } from "@playwright/test";

/*
 * A post too large to be worth sending: the shop refuses a body on its Content-Length before reading it
 * (server/guards.mjs, bodyLimits), so these announce the size and send nothing.
 */

/**
 * A multipart post that announces `bytes` of body and sends none: the answer the shop gives on the headers
 * alone. (Sending the whole body races the shop closing the connection once it has refused it.)
 */
export function announceOnly(
  origin: string,
  path: string,
  bytes: number,
  cookie: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, origin), {
      method: "POST",
      headers: {
        "Content-Type": "multipart/form-data; boundary=----probe",
        "Content-Length": String(bytes),
        Origin: origin,
        Cookie: cookie,
      },
    });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, text });
      });
    });
    request.on("error", reject);
    request.flushHeaders();
  });
}

/** The session cookie a context holds, as a Cookie header. */
export async function cookieOf(context: APIRequestContext): Promise<string> {
  const { cookies } = await context.storageState();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}
