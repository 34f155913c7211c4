import { z } from "zod";
import { listId } from "~/lib/list-filters";
import { normaliseSearch } from "~/lib/search-text";
import { type AuditArea, isAuditArea } from "./audit";

/**
 * The audit trail's filters in the URL (app/lib/admin-list.server.ts): an area, a member, a subject, and the
 * entry to continue before (the trail pages by position, so a page stays put while changes are recorded).
 */
export const auditFiltersSchema = z.object({
  area: z
    .string()
    .refine((area): area is AuditArea => isAuditArea(area))
    .transform((area) => area as AuditArea)
    .optional()
    .catch(undefined),
  member: listId,
  subject: z
    .string()
    .transform((subject) => normaliseSearch(subject) || undefined)
    .optional()
    .catch(undefined),
  before: listId,
});
