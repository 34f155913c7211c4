import { apiNotFound } from "~/features/api/index.server";

/** An address under /api that names no call: the API's 404, in JSON, whatever the method. */
export const loader = () => apiNotFound();
export const action = () => apiNotFound();
