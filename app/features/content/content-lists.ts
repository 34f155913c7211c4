/**
 * The back office's content lists (blog posts, enquiries, newsletter subscribers) keep their filters and page
 * in the URL, so a link opens the same list. Their schemas (schemas.ts) read them, dropping anything invalid.
 */

export const BLOG_POSTS_PAGE_SIZE = 25;
export const ENQUIRIES_PAGE_SIZE = 25;
export const SUBSCRIBERS_PAGE_SIZE = 50;

export const BLOG_STATES = ["draft", "published"] as const;
export type BlogState = (typeof BLOG_STATES)[number];
export const blogStateLabels: Record<BlogState, string> = { draft: "Drafts", published: "Published" };

export const ENQUIRY_VIEWS = ["unread", "read"] as const;
export type EnquiryView = (typeof ENQUIRY_VIEWS)[number];
export const enquiryViewLabels: Record<EnquiryView, string> = { unread: "Unread", read: "Read" };

export type BlogListFilters = { state?: BlogState; page: number };
export type EnquiryListFilters = { show?: EnquiryView; page: number };
export type SubscriberListFilters = { q?: string; page: number };
