export { BlogCard, DEFAULT_BLOG_IMAGE } from "./BlogCard";
export { BlogPostForm } from "./BlogPostForm";
export {
  BLOG_POSTS_PAGE_SIZE,
  BLOG_STATES,
  blogStateLabels,
  ENQUIRIES_PAGE_SIZE,
  ENQUIRY_VIEWS,
  enquiryViewLabels,
  SUBSCRIBERS_PAGE_SIZE,
} from "./content-lists";
export { contactMessages, contentAdminMessages, enquiryProblems, newsletterMessages } from "./messages";
export { StaticPage, staticPageMeta } from "./StaticPage";
