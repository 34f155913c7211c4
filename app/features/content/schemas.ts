import { z } from "zod";
import { BLOG_LIMITS, REPLY_LIMITS } from "~/lib/form-limits";
import { idField, requiredTypedText } from "~/lib/forms/fields";
import { choice, firstValues, listPage } from "~/lib/list-filters";
import { fieldMessages } from "~/lib/messages";
import { normaliseIndianMobile } from "~/lib/mobile";
import { normaliseSearch } from "~/lib/search-text";
import { isTypedText } from "~/lib/text";
import {
  BLOG_STATES,
  type BlogListFilters,
  ENQUIRY_VIEWS,
  type EnquiryListFilters,
  type SubscriberListFilters,
} from "./content-lists";
import { contactMessages, contentAdminMessages } from "./messages";

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

export const CONTACT_LIMITS = { name: 100, email: 254, comment: 2000 } as const;

/**
 * The Contact Us enquiry form, checked on the server and (through Conform) in the browser. Values are trimmed;
 * the mobile number comes out as its bare 10 digits.
 */
export const contactSchema = z.object({
  name: requiredTypedText(contactMessages.nameRequired, {
    max: CONTACT_LIMITS.name,
    tooLong: fieldMessages.nameTooLong(CONTACT_LIMITS.name),
  }),
  email: z
    .string({
      required_error: contactMessages.emailRequired,
      invalid_type_error: contactMessages.emailRequired,
    })
    .trim()
    .min(1, contactMessages.emailRequired)
    // An empty address gets only "Email is Required", not "Email Should be valid" as well.
    .pipe(
      z
        .string()
        .max(CONTACT_LIMITS.email, fieldMessages.emailTooLong(CONTACT_LIMITS.email))
        .email(contactMessages.emailInvalid),
    ),
  mobile: z
    .string({
      required_error: contactMessages.mobileRequired,
      invalid_type_error: contactMessages.mobileRequired,
    })
    .transform((typed, context) => {
      const mobile = normaliseIndianMobile(typed);
      if (mobile === undefined) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: contactMessages.mobileRequired });
        return z.NEVER;
      }
      return mobile;
    }),
  comment: requiredTypedText(contactMessages.commentRequired, {
    max: CONTACT_LIMITS.comment,
    tooLong: fieldMessages.commentTooLong(CONTACT_LIMITS.comment),
    multiline: true,
  }),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;

export const newsletterSchema = z.object({
  email: z
    // A value that is no text at all (a file, in a crafted post) is an address that is not valid either.
    .string({
      required_error: contactMessages.emailRequired,
      invalid_type_error: contactMessages.emailInvalid,
    })
    .trim()
    .min(1, contactMessages.emailRequired)
    .email(contactMessages.emailInvalid)
    .max(254, contactMessages.emailInvalid),
});

/** The back office's lists of posts, enquiries and subscribers: their filters in the URL (app/lib/admin-list.server.ts). */
export const blogListSchema = z.object({ state: choice(BLOG_STATES), page: listPage });
export const enquiryListSchema = z.object({ show: choice(ENQUIRY_VIEWS), page: listPage });
export const subscriberListSchema = z.object({
  // A search as typed, tidied (control characters read as spaces, at most 100 characters).
  q: z
    .string()
    .transform(normaliseSearch)
    .refine((q) => q !== "" && isTypedText(q))
    .optional()
    .catch(undefined),
  page: listPage,
});

export function parseBlogListFilters(params: URLSearchParams): BlogListFilters {
  return blogListSchema.parse(firstValues(params));
}

export function parseEnquiryListFilters(params: URLSearchParams): EnquiryListFilters {
  return enquiryListSchema.parse(firstValues(params));
}

export function parseSubscriberListFilters(params: URLSearchParams): SubscriberListFilters {
  return subscriberListSchema.parse(firstValues(params));
}
