import { apiMethodNotAllowed, apiOk, openApiDocument } from "~/features/api/index.server";
import { config } from "~/lib/config.server";

/** GET /api/openapi.json: the JSON API's OpenAPI 3.1 document. */
export function loader() {
  return apiOk(openApiDocument(config().publicUrl));
}

/** A call that only answers GET. */
export const action = () => apiMethodNotAllowed("GET");
