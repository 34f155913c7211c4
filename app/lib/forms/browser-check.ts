import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";

/**
 * The browser's check of a form, loaded lazily by use-checked-form.ts (with zod and the form's schema): the
 * messages `parseWithZod` gives, so they are word for word the server's.
 */
export function zodErrors(formData: FormData, schema: ZodTypeAny): Record<string, string[] | null> {
  const submission = parseWithZod(formData, { schema });
  return submission.status === "error" ? (submission.error ?? {}) : {};
}
