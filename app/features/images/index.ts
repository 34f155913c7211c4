export { ImageUploadForm } from "./ImageUploadForm";
export { ImageUploadPage } from "./ImageUploadPage";
