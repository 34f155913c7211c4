import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { searchSuggestions } from "~/features/catalogue/index.server";

/** Live suggestions for the header search box (JSON, used only with JavaScript on). */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const { suggestions, used } = await searchSuggestions(await getDb(), q);
  return json({ suggestions, used: used ?? null }, { headers: { "Cache-Control": "private, max-age=30" } });
}
