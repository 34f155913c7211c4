// The page lives in the form's module: one file for the browser to load, not two.
export { ImageUploadForm, ImageUploadPage } from "./ImageUploadForm";
