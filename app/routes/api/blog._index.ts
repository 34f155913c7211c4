import { getDb } from "~/db/db.server";
import { apiAnswer, apiBlog, apiMethodNotAllowed, apiOk } from "~/features/api/index.server";
import { listBlogs } from "~/features/content/index.server";

/** GET /api/blog: the published posts, newest first, as a bare list. */
export async function loader() {
  return apiAnswer(async () => apiOk((await listBlogs(await getDb())).map(apiBlog)));
}

/** A call that only answers GET. */
export const action = () => apiMethodNotAllowed("GET");
