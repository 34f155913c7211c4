import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { apiAnswer, apiBlog, apiMethodNotAllowed, apiNotFound, apiOk } from "~/features/api/index.server";
import { getBlog } from "~/features/content/index.server";
import { parseId } from "~/lib/params";

/** GET /api/blog/:id: one published post; 404 for a draft or an unknown id. */
export async function loader({ params }: LoaderFunctionArgs) {
  return apiAnswer(async () => {
    const id = parseId(params.id);
    const blog = id === undefined ? null : await getBlog(await getDb(), id);
    return blog ? apiOk(apiBlog(blog)) : apiNotFound();
  });
}

/** A call that only answers GET. */
export const action = () => apiMethodNotAllowed("GET");
