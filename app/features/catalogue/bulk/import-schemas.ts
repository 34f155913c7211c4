import { z } from "zod";
import { catalogueImportMessages } from "./import-messages";

/*
 * The import's two forms. The file's size is the server's to refuse, before it reads the post
 * (app/lib/request-limits.mjs); its content is read and checked by catalogue-csv.ts and import-plan.server.ts.
 */

/** The catalogue's CSV import: one file, read and checked on the server (bulk/catalogue-csv.ts). */
export const catalogueImportSchema = z.object({
  file: z
    .instanceof(File, { message: catalogueImportMessages.fileRequired })
    .refine((file) => file.size > 0, catalogueImportMessages.fileRequired),
});

/** The preview's two buttons: import the file it showed (named by its hash), or discard it. */
export const catalogueCommitSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("commit"),
    fileHash: z.string().regex(/^[0-9a-f]{64}$/, catalogueImportMessages.otherFile),
  }),
  z.object({ intent: z.literal("discard") }),
]);
