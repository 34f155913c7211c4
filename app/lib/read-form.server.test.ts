import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readForm, readJson } from "./read-form.server";

const url = "http://shop.test/contact";
const apiUrl = "http://shop.test/api/user/login";

/** A body sent in pieces with no Content-Length, as a chunked upload arrives. */
function streamed(text: string, pieceSize = 8192): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + pieceSize));
      offset += pieceSize;
    },
  });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) {
      const body = (await thrown.json()) as { message: string };
      return { status: thrown.status, message: body.message };
    }
    throw thrown;
  }
  throw new Error("the form was read, not refused");
}

const post = (
  body: BodyInit | ReadableStream<Uint8Array>,
  headers: Record<string, string>,
  to: string = url,
) => new Request(to, { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readForm", () => {
  it("reads a form, and with a schema keeps only its fields (and the hidden ones every form has)", async () => {
    const schema = z.object({ name: z.string(), address: z.object({ city: z.string() }) });
    const form = await readForm(
      post("name=Asha&address.city=Mysuru&intent=send&smuggled=x", {
        "Content-Type": "application/x-www-form-urlencoded",
      }),
      schema,
    );
    expect([...form.keys()]).toEqual(["name", "address.city", "intent"]);
  });

  it("refuses a form that repeats a one-value field, and keeps every value of a list field", async () => {
    const schema = z.object({
      productId: z.string(),
      colours: z.array(z.string()).optional(),
      weekdays: z.union([z.string(), z.array(z.string())]),
      address: z.object({ city: z.string() }),
    });
    const read = (body: string) =>
      readForm(post(body, { "Content-Type": "application/x-www-form-urlencoded" }), schema);
    const form = await read("productId=4&colours=1&colours=2&weekdays=1&weekdays=3&address.city=Hubballi");
    expect([form.getAll("colours"), form.getAll("weekdays")]).toEqual([
      ["1", "2"],
      ["1", "3"],
    ]);
    for (const [body, field] of [
      ["productId=4&productId=5", "productId"],
      ["productId=4&intent=add&intent=remove", "intent"],
      ["productId=4&redirectTo=/a&redirectTo=/b", "redirectTo"],
      ["productId=4&address.city=a&address.city=b", "address.city"],
    ]) {
      expect(await refusal(read(body ?? ""))).toEqual({
        status: 400,
        message: `The form could not be read: it has more than one ${field} field. Please use the form on the page.`,
      });
    }
    // Fields the schema does not name are dropped before anything is counted.
    expect([...(await read("productId=4&smuggled=1&smuggled=2")).keys()]).toEqual(["productId"]);
  });

  it("refuses a body over the limit as it arrives, even without a Content-Length", async () => {
    const body = streamed(`comment=${"x".repeat(70 * 1024)}`);
    const answer = await refusal(
      readForm(
        post(body, { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" }),
      ),
    );
    expect(answer).toEqual({
      status: 413,
      message: "The form is too large (at most 64 KB). Please shorten it and try again.",
    });
  });

  it("refuses too many fields, the wrong type and broken multipart with a 4xx", async () => {
    const fields = Array.from({ length: 101 }, (_, n) => `f${n}=1`).join("&");
    expect(
      (await refusal(readForm(post(fields, { "Content-Type": "application/x-www-form-urlencoded" })))).status,
    ).toBe(413);
    expect((await refusal(readForm(post("a=1", { "Content-Type": "text/plain" })))).status).toBe(415);
    expect((await refusal(readForm(post("a=1", { "Content-Type": "multipart/form-data" })))).status).toBe(
      415,
    );
    const broken = await refusal(
      readForm(post("garbage", { "Content-Type": "multipart/form-data; boundary=xyz" })),
    );
    expect(broken.status).toBe(400);
  });

  it("reads bytes that are not UTF-8 as replacement characters, not an error", async () => {
    const form = await readForm(
      post("name=%FF%FEabc", { "Content-Type": "application/x-www-form-urlencoded" }),
    );
    expect(form.get("name")).toBe("\ufffd\ufffdabc");
  });
});

describe("readJson", () => {
  it("parses JSON, gives undefined for anything else, and refuses an endless body", async () => {
    expect(await readJson(post('{"a":1}', { "Content-Type": "application/json" }))).toEqual({ a: 1 });
    expect(await readJson(post("{not json", { "Content-Type": "application/json" }))).toBeUndefined();
    const huge = streamed(`"${"x".repeat(70 * 1024)}"`);
    // A JSON call's refusal names what it refuses: the JSON body.
    expect(await refusal(readJson(post(huge, { "Content-Type": "application/json" }, apiUrl)))).toEqual({
      status: 413,
      message: "The JSON body is too large (at most 64 KB).",
    });
  });
});

describe("every request body in the app", () => {
  it("is read through readForm or readJson, within the limits (a direct read has no cap)", () => {
    const appDir = path.resolve(import.meta.dirname, "..");
    const sources = readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter(
      (file) =>
        /\.(?:tsx?|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith("read-form.server.ts"),
    );
    const direct = /\brequest\s*\.\s*(?:body\b|(?:text|json|formData|arrayBuffer|blob|clone)\s*\()/;
    const offenders = sources.filter((file) => direct.test(readFileSync(path.join(appDir, file), "utf8")));
    expect(sources.length).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
  });
});
