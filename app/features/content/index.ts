export * from "./BlogCard";
export * from "./BlogPostForm";
export * from "./content-lists";
export * from "./messages";
export * from "./StaticPage";
