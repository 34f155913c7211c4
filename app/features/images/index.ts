export { ImageUploadForm } from "./ImageUploadForm";
