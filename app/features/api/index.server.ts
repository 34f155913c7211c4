export { apiFail, apiMethodNotAllowed, apiNotFound, apiOk } from "./answers.server";
export { apiMessages } from "./messages";
export { openApiDocument } from "./openapi.server";
export { productListFilters } from "./product-query";
export { apiAnswer, customerWrite, readApiBody, requireApiCustomer } from "./requests.server";
export {
  apiBlog,
  apiCard,
  apiCartLine,
  apiCustomer,
  apiOrder,
  apiProduct,
  apiProductDetail,
} from "./shapes.server";
