import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { contentAdminMessages } from "~/features/content";
import { getBlogPost, setBlogPicture } from "~/features/content/index.server";
import { imageUploadAction } from "~/features/images/index.server";
import { requireBackOffice } from "~/lib/auth.server";

export const notFound = () => json({ message: contentAdminMessages.postNotFound }, { status: 404 });

/** A post's picture: one per post; a new one replaces the old, whose file is deleted. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  return imageUploadAction(
    request,
    { id: params.id, member, db: await getDb() },
    {
      folder: "blogs",
      notFound,
      find: getBlogPost,
      attach: (db, by, id, { url, alt }, post) => setBlogPicture(db, by, id, { url, alt: alt || post.title }),
      done: (id) => ({ to: `/admin/blogs/${id}`, message: contentAdminMessages.pictureChanged }),
    },
  );
}
