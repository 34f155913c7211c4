import { parseStoreFilters, type StoreFilters } from "~/features/catalogue";

/**
 * The product list's query as the earlier shop's clients build it by hand (decision 0045):
 * `?brand=HP&&tags=&category=Laptops&price[gte]=1000&price[lte]=&sort=-price`, with empty `&&` pairs, bracket
 * keys sent as they are or percent-encoded, empty values for filters not chosen, and `page` for the next 100.
 * Read into the store's own filters, so the store's checks apply: a value the store would drop is dropped.
 */
export function productListFilters(url: URL): StoreFilters {
  // URLSearchParams skips the empty pairs and keeps `[` and `]` in a key, sent as they are or encoded.
  const given = new URLSearchParams(url.search);
  const first = (...keys: string[]) => {
    for (const key of keys) {
      const value = given.get(key)?.trim();
      if (value) return value;
    }
    return undefined;
  };
  const store = new URLSearchParams();
  const set = (key: string, value: string | undefined) => {
    if (value !== undefined) store.set(key, value);
  };
  set("brand", first("brand"));
  set("category", first("category"));
  set("tag", first("tags", "tag")?.toLowerCase());
  set("minPrice", first("price[gte]", "minPrice"));
  set("maxPrice", first("price[lte]", "maxPrice"));
  set("sort", first("sort"));
  set("page", first("page"));
  return parseStoreFilters(store);
}
