import { z } from "zod";
import { contentAdminMessages } from "~/lib/admin-messages";
import { BLOG_LIMITS, REPLY_LIMITS } from "~/lib/form-limits";
import { idField, requiredTypedText } from "./fields";

/** The back office's content forms: blog posts, replies to enquiries, and the newsletter list's changes. */

// In lib/form-limits.ts, which pages may import without zod.
export { BLOG_LIMITS, REPLY_LIMITS };

/** The post as last loaded (its updated_at), so a save over someone else's newer change is refused. */
const version = z
  .string({ required_error: contentAdminMessages.postChangedMeanwhile })
  .datetime({ message: contentAdminMessages.postChangedMeanwhile });

/** A blog post's fields: the description is HTML, sanitised on the server before it is stored. */
export const blogPostSchema = z.object({
  title: requiredTypedText(contentAdminMessages.titleRequired, { max: BLOG_LIMITS.title }),
  category: requiredTypedText(contentAdminMessages.categoryRequired, { max: BLOG_LIMITS.category }),
  description: requiredTypedText(contentAdminMessages.descriptionRequired, {
    max: BLOG_LIMITS.description,
    multiline: true,
  }),
});

export type BlogPostValues = z.output<typeof blogPostSchema>;

/** The edit page's forms, told apart by the submit button's intent. */
export const blogPostChangeSchema = z.discriminatedUnion("intent", [
  blogPostSchema.extend({ intent: z.literal("save"), version }),
  z.object({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("unpublish") }),
  z.object({ intent: z.literal("picture-remove") }),
]);

/** A reply to an enquiry, sent by e-mail. */
export const enquiryReplySchema = z.object({
  subject: requiredTypedText(contentAdminMessages.subjectRequired, { max: REPLY_LIMITS.subject }),
  message: requiredTypedText(contentAdminMessages.messageRequired, {
    max: REPLY_LIMITS.message,
    multiline: true,
  }),
});

/** The enquiry page's forms. */
export const enquiryChangeSchema = z.discriminatedUnion("intent", [
  enquiryReplySchema.extend({ intent: z.literal("reply") }),
  z.object({ intent: z.literal("unread") }),
]);

/** The newsletter list's one change: unsubscribe an address. */
export const subscriberChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("unsubscribe"), id: idField(contentAdminMessages.subscriberNotFound) }),
]);
