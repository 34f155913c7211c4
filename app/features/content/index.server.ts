export * from "./blog.server";
export * from "./blog-admin.server";
export * from "./enquiries.server";
export * from "./mail.server";
export * from "./newsletter.server";
export * from "./schemas";
