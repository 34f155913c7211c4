import { config } from "~/config.server";
import { apiOk, openApiDocument } from "~/features/api/index.server";

/** GET /api/openapi.json: the JSON API's OpenAPI 3.1 document. */
export function loader() {
  return apiOk(openApiDocument(config().publicUrl));
}
