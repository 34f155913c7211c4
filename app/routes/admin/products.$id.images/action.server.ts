import { type ActionFunctionArgs, json } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { productAdminMessages } from "~/features/catalogue";
import { addProductImage, imageSlotsLeft, PRODUCT_LIMITS } from "~/features/catalogue/index.server";
import { imageUploadAction } from "~/features/images/index.server";
import { requireBackOffice } from "~/lib/auth.server";

export const notFound = () => json({ message: productAdminMessages.notFound }, { status: 404 });

/** A product's pictures: each upload is added at the end, up to PRODUCT_LIMITS.images. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const full = { message: productAdminMessages.tooManyImages(PRODUCT_LIMITS.images), status: 409 };
  return imageUploadAction(
    request,
    { id: params.id, member, db: await getDb() },
    {
      folder: "products",
      notFound,
      // The product must exist and have room for the picture.
      find: imageSlotsLeft,
      refusal: (slots) => (slots === 0 ? full : null),
      attach: async (db, by, id, picture) => {
        const added = await addProductImage(db, by, id, picture);
        return added.ok || added.problem === "not-found" ? added : { ok: false, refusal: full };
      },
      done: (id) => ({ to: `/admin/products/${id}`, message: productAdminMessages.imageAdded }),
    },
  );
}
