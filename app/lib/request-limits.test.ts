import { describe, expect, it } from "vitest";
import { readForm } from "~/lib/read-form.server";
import {
  acceptedBodies,
  csvTooLargeMessage,
  imageTooLargeMessage,
  refuseBody,
  requestLimits,
} from "./request-limits.mjs";

const MB = 1024 * 1024;
const upload = "/admin/products/12/images";
const multipart = "multipart/form-data; boundary=x";

describe("the delivery zones' CSV import limit", () => {
  it("takes a multipart body of up to 256 KB and its form on the import path only", () => {
    const ask = (pathname: string, contentLength: number, contentType = multipart) =>
      refuseBody({
        method: "POST",
        pathname,
        contentType,
        contentLength: String(contentLength),
        chunked: false,
      });
    expect(ask("/admin/zones/import", 256 * 1024)).toBeUndefined();
    expect(ask("/admin/zones/import", 300 * 1024)).toEqual({ status: 413, message: csvTooLargeMessage });
    expect(ask("/admin/zones/import", 100, "application/x-www-form-urlencoded")?.status).toBe(415);
    // The zone forms themselves are ordinary 64 KB forms.
    expect(ask("/admin/zones/new", 100 * 1024)?.status).toBe(413);
  });
});

describe("the picture upload's own body limit", () => {
  it("lets a multipart body of up to 5 MB and its form through on the upload path only", () => {
    expect(acceptedBodies(upload)).toEqual({
      types: ["multipart/form-data"],
      maxBytes: requestLimits.imageBytes + requestLimits.formBytes,
      tooLargeMessage: imageTooLargeMessage,
    });
    const ask = (pathname: string, contentLength: number, contentType = multipart) =>
      refuseBody({
        method: "POST",
        pathname,
        contentType,
        contentLength: String(contentLength),
        chunked: false,
      });
    expect(ask(upload, 5 * MB)).toBeUndefined();
    expect(ask(upload.toUpperCase(), 5 * MB)).toBeUndefined();
    // Sent by the page's JavaScript, at the page's path with ".data" added.
    expect(ask(`${upload}.data`, 5 * MB)).toBeUndefined();
    expect(ask(upload, 6 * MB)).toEqual({ status: 413, message: imageTooLargeMessage });
    // Elsewhere in the back office a form stays within 64 KB.
    expect(ask("/admin/products/12", 5 * MB)?.status).toBe(413);
    expect(ask("/admin/products/12/images/extra", 5 * MB)?.status).toBe(413);
    // The upload path takes nothing but multipart.
    expect(ask(upload, 100, "application/x-www-form-urlencoded")?.status).toBe(415);
    expect(ask(upload, 100, "application/json")?.status).toBe(415);
    // A blog post's picture has the same limit; its text form a larger one, every other form 64 KB.
    expect(ask("/admin/blogs/3/images", 5 * MB)).toBeUndefined();
    expect(ask("/admin/blogs/3/images", 6 * MB)?.status).toBe(413);
    const urlencoded = "application/x-www-form-urlencoded";
    expect(ask("/admin/blogs/3", 200 * 1024, urlencoded)).toBeUndefined();
    expect(ask("/admin/blogs/new", 200 * 1024, urlencoded)).toBeUndefined();
    expect(ask("/admin/blogs/3", 300 * 1024, urlencoded)?.status).toBe(413);
    expect(ask("/admin/blogs", 100 * 1024, urlencoded)?.status).toBe(413);
    expect(ask("/contact", 100 * 1024, urlencoded)?.status).toBe(413);
  });

  it("readForm counts the bytes of an upload sent without a length, and stops at the limit", async () => {
    const boundary = "x";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const body = (size: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(head));
          for (let sent = 0; sent < size; sent += MB)
            controller.enqueue(new Uint8Array(Math.min(MB, size - sent)));
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
        },
      });
    const post = (size: number) =>
      new Request(`http://shop.test${upload}`, {
        method: "POST",
        body: body(size),
        headers: { "Content-Type": multipart, "Transfer-Encoding": "chunked" },
        duplex: "half",
      } as RequestInit);
    const form = await readForm(post(2 * MB));
    expect((form.get("image") as File).size).toBe(2 * MB);
    const refused = await readForm(post(6 * MB)).then(
      () => null,
      (thrown: Response) => thrown,
    );
    expect(refused?.status).toBe(413);
    expect(await refused?.json()).toEqual({ message: imageTooLargeMessage });
  });
});
