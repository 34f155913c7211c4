export {
  deleteUploadedImage,
  IMAGE_MAX_SIDE,
  imageProblemReplies,
  storeUploadedImage,
} from "./images.server";
export { imageUploadAction } from "./upload.server";
