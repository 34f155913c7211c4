export * from "./answers.server";
export * from "./messages";
export * from "./openapi.server";
export * from "./product-query";
export * from "./requests.server";
export * from "./shapes.server";
