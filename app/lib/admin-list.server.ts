import { redirect } from "@remix-run/node";
import type { z } from "zod";
import { requireBackOffice } from "~/lib/auth.server";
import { firstValues } from "~/lib/list-filters";
import { canonicalListUrl, listQuery } from "~/lib/list-query";

type ListFilters = Record<string, string | number | undefined>;

/**
 * The start of every back-office list's loader: the member signed in (else the log-in page or 403, as for
 * every back-office page), the list's filters read from the URL by its schema with anything unusable dropped,
 * and one URL per list: a request whose query is not the canonical one (fields in the schema's order, empty
 * ones and page 1 left out) is redirected to it, so a shared link opens the same page.
 * `tidy: false` keeps the address as asked: the audit trail and the refunds without an order read an unusable
 * value as none there (their links are made by the shop, never typed into a filter form).
 */
export async function readAdminList<Filters extends ListFilters>(
  request: Request,
  schema: z.ZodType<Filters, z.ZodTypeDef, unknown>,
  { tidy = true }: { tidy?: boolean } = {},
): Promise<{ filters: Filters }> {
  await requireBackOffice(request);
  const url = new URL(request.url);
  const filters = schema.parse(firstValues(url.searchParams));
  const query = listQuery(filters);
  const canonical = tidy ? canonicalListUrl(url, query) : null;
  if (canonical) throw redirect(canonical);
  return { filters };
}
