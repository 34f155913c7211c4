import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { productMetaTags, productStoreLinks } from "~/features/catalogue";
import { productPageView } from "~/features/catalogue/index.server";
import { deliveryCheck } from "~/features/delivery/index.server";
import { cartLineFor } from "~/features/lists/index.server";
import { readShopSettings } from "~/features/settings/index.server";
import { config } from "~/lib/config.server";
import { parseId } from "~/lib/params";
import { currentCustomer } from "~/lib/request.server";
import { productShareText, whatsAppAskUrl, whatsAppShareUrl } from "~/lib/share";

const notFound = () => new Response("Product not found", { status: 404 });

/** The product, its reviews and popular products, whether it is in the cart, the WhatsApp links and the shopper's delivery date. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (id === undefined) throw notFound();
  const customer = await currentCustomer(request);
  const db = await getDb();
  const [view, cartLine, settings] = await Promise.all([
    productPageView(db, id, {
      versionNow: customer?.catalogueVersion,
      wished: customer?.wishlist,
      publicUrl: config().publicUrl,
      imageParam: new URL(request.url).searchParams.get("image"),
    }),
    cartLineFor(db, customer?.id, id),
    readShopSettings(db),
  ]);
  if (!view) throw notFound();
  const shareText = productShareText(view.product.title, view.product.discountedPrice);
  const whatsapp = {
    text: shareText,
    share: whatsAppShareUrl(shareText, view.seo.url),
    ask: whatsAppAskUrl(settings.whatsapp, view.product.title, view.seo.url),
  };
  const { check, setCookie } = await deliveryCheck(db, request, customer);
  // A delivery date is the shopper's own, and the time left to order changes by the minute.
  const headers: HeadersInit = check ? { "Cache-Control": "private, no-store" } : {};
  return json(
    {
      ...view,
      inCart: cartLine !== null,
      whatsapp,
      delivery: check,
      metaTags: productMetaTags(view.product.title, view.seo),
      storeLinks: productStoreLinks(view.product),
    },
    { headers: setCookie ? { ...headers, "Set-Cookie": setCookie } : headers },
  );
}
