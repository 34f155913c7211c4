import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { normalisePinCode } from "~/features/delivery";
import { placeOfPin } from "~/features/delivery/index.server";

/**
 * The city and state India Post gives a PIN code, for the checkout to fill in with JavaScript: public data,
 * the same for everyone, so browsers and CDNs may keep it a day. 404 for a PIN code the directory lacks.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const pin = normalisePinCode(new URL(request.url).searchParams.get("pin") ?? "");
  const place = pin ? await placeOfPin(pin) : undefined;
  if (!place) return json({ error: "Unknown PIN code" }, { status: 404 });
  return json(
    { city: place.district, state: place.states[0] },
    { headers: { "Cache-Control": "public, max-age=86400" } },
  );
}
