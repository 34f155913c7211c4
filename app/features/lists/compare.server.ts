import { createCookie } from "@remix-run/node";
import { and, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { cardColumns, coloursFor, readSpecs, shownInShop } from "~/features/catalogue/index.server";
import { config } from "~/lib/config.server";
import { parseCompareList, serialiseCompareList } from "./compare-list";

let cookie: ReturnType<typeof createCookie> | undefined;

function compareCookie() {
  cookie ??= createCookie("compare", {
    httpOnly: true,
    sameSite: "lax",
    secure: config().cookieSecure,
    path: "/",
    maxAge: 30 * 24 * 60 * 60,
  });
  return cookie;
}

export async function readCompareList(request: Request): Promise<number[]> {
  return parseCompareList(await compareCookie().parse(request.headers.get("Cookie")));
}

export async function compareListCookie(ids: number[]): Promise<string> {
  return compareCookie().serialize(serialiseCompareList(ids));
}

/**
 * The products being compared, in the order they were added, with their colours and specifications (hidden
 * products left out).
 */
export async function compareProducts(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  const [rows, colourRows, specs] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .where(and(shownInShop, inArray(products.id, ids))),
    coloursFor(db, ids),
    readSpecs(db, ids),
  ]);
  return ids.flatMap((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) return [];
    const { images, ...rest } = row;
    return [
      {
        ...rest,
        image: images[0]?.url ?? null,
        specs: specs.get(id) ?? {},
        colours: colourRows
          .filter((c) => c.productId === id)
          .map(({ id, name, value }) => ({ id, name, value })),
      },
    ];
  });
}
