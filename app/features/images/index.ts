export * from "./ImageUploadForm";
