export * from "./images.server";
