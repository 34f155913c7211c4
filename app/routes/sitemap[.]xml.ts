import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { sitemapEntries } from "~/features/content/index.server";
import { config } from "~/lib/config.server";

/** The sitemap protocol allows at most 50 000 URLs in one file; beyond that /sitemap.xml is an index. */
const SITEMAP_MAX_URLS = 50_000;

const STATIC_PATHS = [
  "/About",
  "/Contact",
  "/privacy-policy",
  "/refund-policy",
  "/shipping-policy",
  "/term-conditions",
  "/compare-product",
];

type UrlEntry = { path: string; lastmod?: Date };

const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function newest(dates: Date[]): Date | undefined {
  let latest: Date | undefined;
  for (const date of dates) if (!latest || date > latest) latest = date;
  return latest;
}

function urlset(base: string, entries: UrlEntry[]): string {
  const urls = entries.map(({ path, lastmod }) => {
    const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
    return `<url><loc>${escapeXml(`${base}${path}`)}</loc>${modified}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function sitemapIndex(base: string, parts: UrlEntry[][]): string {
  const sitemaps = parts.map((part, index) => {
    const lastmod = newest(part.flatMap((entry) => (entry.lastmod ? [entry.lastmod] : [])));
    const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
    return `<sitemap><loc>${escapeXml(`${base}/sitemap.xml?part=${index + 1}`)}</loc>${modified}</sitemap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join("\n")}\n</sitemapindex>\n`;
}

/** Every public page: home, store, blogs, the static pages, each product and each blog. */
export async function loader({ request }: LoaderFunctionArgs) {
  const base = config().publicUrl;
  const { products, blogs } = await sitemapEntries(await getDb());
  const productsChanged = newest(products.map((p) => p.updatedAt));
  const entries: UrlEntry[] = [
    { path: "/", lastmod: productsChanged },
    { path: "/product", lastmod: productsChanged },
    { path: "/blogs", lastmod: newest(blogs.map((b) => b.updatedAt)) },
    ...STATIC_PATHS.map((path) => ({ path })),
    ...products.map((p) => ({ path: `/product/${p.id}`, lastmod: p.updatedAt })),
    ...blogs.map((b) => ({ path: `/blog/${b.id}`, lastmod: b.updatedAt })),
  ];

  const parts: UrlEntry[][] = [];
  for (let start = 0; start < entries.length; start += SITEMAP_MAX_URLS) {
    parts.push(entries.slice(start, start + SITEMAP_MAX_URLS));
  }
  const partParam = new URL(request.url).searchParams.get("part");
  if (partParam === null) {
    const body = parts.length <= 1 ? urlset(base, entries) : sitemapIndex(base, parts);
    return new Response(body, { headers: XML_HEADERS });
  }
  const part = /^\d{1,6}$/.test(partParam) ? parts[Number(partParam) - 1] : undefined;
  if (!part) throw new Response("No such sitemap part", { status: 404 });
  return new Response(urlset(base, part), { headers: XML_HEADERS });
}
