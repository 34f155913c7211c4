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
  const { tooLargeMessage } = acceptedBodies(new URL(request.url).pathname);
  const bytes = await readCapped(request, requestLimits.jsonBytes, tooLargeMessage);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

type SchemaDef = {
  typeName?: string;
  shape?: () => Record<string, z.ZodTypeAny>;
  schema?: z.ZodTypeAny;
  innerType?: z.ZodTypeAny;
  in?: z.ZodTypeAny;
  options?: z.ZodTypeAny[] | Map<unknown, z.ZodTypeAny>;
  left?: z.ZodTypeAny;
  right?: z.ZodTypeAny;
};

/** The schemas a wrapper (optional, default, a refinement, a union, an intersection…) is made of. */
function partsOf(def: SchemaDef): z.ZodTypeAny[] {
  const parts = [def.schema, def.innerType, def.in, def.left, def.right].filter(
    (part): part is z.ZodTypeAny => part !== undefined,
  );
  if (def.options) parts.push(...def.options.values());
  return parts;
}

/**
 * A schema's top-level fields (objects, unions of objects, and wrappers around them), each with whether it takes several values (a list of checkboxes or options:
 * the field's type is an array, or a union with one).
 */
function fieldsOf(schema: z.ZodTypeAny): Map<string, boolean> {
  const fields = new Map<string, boolean>();
  const visit = (node: z.ZodTypeAny): void => {
    const def = node._def as SchemaDef;
    if (def.shape) {
      for (const [name, field] of Object.entries(def.shape()))
        fields.set(name, (fields.get(name) ?? false) || takesSeveral(field));
    }
    for (const part of partsOf(def)) visit(part);
  };
  visit(schema);
  return fields;
}

function takesSeveral(node: z.ZodTypeAny): boolean {
  const def = node._def as SchemaDef;
  if (def.typeName === "ZodArray" || def.typeName === "ZodSet") return true;
  // An array's own element type is not a wrapper: only look through wrappers and unions.
  return def.typeName !== "ZodObject" && partsOf(def).some(takesSeveral);
}

/** The honeypot and the hidden fields every form may carry besides its schema's; each is one value. */
const ALWAYS_KEPT = new Set(["website", "intent", "redirectTo"]);

/** Said when a form carries a field twice that the page's form sends once: no browser sends that. */
export const repeatedFieldMessage = (name: string) =>
  `The form could not be read: it has more than one ${name} field. Please use the form on the page.`;

/**
 * The fields of `form` that `schema` (or ALWAYS_KEPT) names. A field the schema takes one value of, sent
 * twice, refuses the form (400) rather than leaving the first value to win where the action reads it.
 */
function onlyFieldsOf(form: FormData, schema: z.ZodTypeAny): FormData {
  const known = fieldsOf(schema);
  const kept = new FormData();
  const seen = new Set<string>();
  for (const [name, value] of form) {
    // Conform names nested fields "address.city" or "items[0]": their first segment is the schema's key.
    const key = name.split(/[.[]/, 1)[0] ?? name;
    if (!known.has(key) && !ALWAYS_KEPT.has(key)) continue;
    const several = name === key && known.get(key) === true;
    if (!several && seen.has(name)) throw refused(400, repeatedFieldMessage(name.slice(0, 40)));
    seen.add(name);
    kept.append(name, value);
  }
  return kept;
}
