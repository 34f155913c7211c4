import { json } from "@remix-run/node";
import type { z } from "zod";
import { acceptedBodies, mediaTypeOf, refuseBody, requestLimits, tooLarge } from "~/lib/request-limits.mjs";

/** The answer to a body the shop will not read: its status and a message the error page shows. */
function refused(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ message }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** Reads at most `maxBytes` of the body, refusing (413) as soon as it goes past them. */
async function readCapped(request: Request, maxBytes: number, tooLargeMessage?: string): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Cancelling would destroy the socket before the answer is sent: stop reading and close after answering.
      reader.releaseLock();
      const { status, message } = tooLarge(maxBytes, tooLargeMessage);
      throw refused(status, message, { Connection: "close" });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The posted form, read within the shop's limits. Every action reads its form through here, so a body the
 * client chose (the wrong type, too large, too many fields, broken multipart) is answered with a 4xx and
 * a clear message, never a 500. With `schema`, fields the schema does not know are dropped: a rejected form
 * echoes back only what the shop asked for.
 */
export async function readForm(request: Request, schema?: z.ZodTypeAny): Promise<FormData> {
  const contentType = request.headers.get("Content-Type");
  const pathname = new URL(request.url).pathname;
  const refusal = refuseBody({
    method: request.method,
    pathname,
    contentType,
    contentLength: request.headers.get("Content-Length"),
    chunked: request.headers.has("Transfer-Encoding"),
  });
  if (refusal) throw refused(refusal.status, refusal.message);

  // The path's own limit: 64 KB for a form, more for a picture upload.
  const { maxBytes, tooLargeMessage } = acceptedBodies(pathname);
  const bytes = await readCapped(request, maxBytes, tooLargeMessage);
  let form: FormData;
  if (mediaTypeOf(contentType) === "multipart/form-data") {
    try {
      form = await new Response(new Uint8Array(bytes), {
        headers: { "Content-Type": contentType ?? "" },
      }).formData();
    } catch {
      throw refused(400, "The form could not be read. Please use the form on the page.");
    }
  } else {
    form = new FormData();
    // Bytes that are not UTF-8 become U+FFFD rather than an error.
    for (const [name, value] of new URLSearchParams(new TextDecoder().decode(bytes)))
      form.append(name, value);
  }
  let fields = 0;
  for (const _ of form.keys()) fields += 1;
  if (fields > requestLimits.formFields) {
    throw refused(413, `The form has too many fields (at most ${requestLimits.formFields}).`);
  }
  return schema ? onlyFieldsOf(form, schema) : form;
}

/**
 * A JSON body (the PhonePe webhook, the simulator's API), read within the JSON limit: undefined when it is
 * not JSON. Too large a body is refused with 413, as for forms.
 */
export async function readJson(request: Request): Promise<unknown> {
  const bytes = await readCapped(request, requestLimits.jsonBytes);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/** Top-level field names a zod schema knows (objects, unions of objects, and wrappers around them). */
export function fieldNamesOf(schema: z.ZodTypeAny): Set<string> {
  const names = new Set<string>();
  const visit = (node: z.ZodTypeAny): void => {
    const def = node._def as {
      typeName?: string;
      shape?: () => Record<string, unknown>;
      schema?: z.ZodTypeAny;
      innerType?: z.ZodTypeAny;
      in?: z.ZodTypeAny;
      options?: z.ZodTypeAny[] | Map<unknown, z.ZodTypeAny>;
      left?: z.ZodTypeAny;
      right?: z.ZodTypeAny;
    };
    if (def.shape) for (const name of Object.keys(def.shape())) names.add(name);
    for (const inner of [def.schema, def.innerType, def.in, def.left, def.right]) if (inner) visit(inner);
    if (def.options) for (const option of def.options.values()) visit(option);
  };
  visit(schema);
  return names;
}

/** The honeypot and the hidden fields every form may carry besides its schema's. */
const ALWAYS_KEPT = new Set(["website", "intent", "redirectTo"]);

function onlyFieldsOf(form: FormData, schema: z.ZodTypeAny): FormData {
  const known = fieldNamesOf(schema);
  const kept = new FormData();
  for (const [name, value] of form) {
    // Conform names nested fields "address.city" or "items[0]": their first segment is the schema's key.
    const key = name.split(/[.[]/, 1)[0] ?? name;
    if (known.has(key) || ALWAYS_KEPT.has(key)) kept.append(name, value);
  }
  return kept;
}
