export { getBlog, latestBlogs, listBlogs, sitemapEntries, toBlogCard } from "./blog.server";
export {
  blogCategories,
  createBlogPost,
  getBlogPost,
  listBlogPosts,
  setBlogPicture,
  setBlogPublished,
  updateBlogPost,
} from "./blog-admin.server";
export {
  createEnquiry,
  listEnquiries,
  markEnquiryUnread,
  openEnquiry,
  recordEnquiryReply,
  withdrawEnquiryReply,
} from "./enquiries.server";
export { enquiryReplyMail } from "./mail.server";
export {
  listSubscribers,
  SUBSCRIBERS_CSV_HEADER,
  subscribe,
  subscribersCsv,
  unsubscribe,
} from "./newsletter.server";
export {
  blogPostChangeSchema,
  blogPostSchema,
  contactSchema,
  enquiryChangeSchema,
  enquiryReplySchema,
  newsletterSchema,
  subscriberChangeSchema,
} from "./schemas";
