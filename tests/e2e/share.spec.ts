import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";

const DELL =
  'Dell Inspiron 3520 Intel Core i5-1235U 15.6" FHD 120Hz Laptop, 8GB RAM, 512GB SSD, Windows 11 Home, MS Office 2021, Carbon Black';
/** The seeded shop settings' WhatsApp number. */
const DEALER_WHATSAPP = "918041256789";

async function productPath(request: APIRequestContext, title: string): Promise<string> {
  const response = await request.get(`/search-suggestions?q=${encodeURIComponent(title.slice(0, 40))}`);
  const { suggestions } = (await response.json()) as { suggestions: { id: number; title: string }[] };
  const match = suggestions.find((s) => s.title === title);
  if (!match) throw new Error(`no seeded product titled ${title}`);
  return `/product/${match.id}`;
}

const meta = (page: Page, key: string) => page.locator(`meta[property="${key}"], meta[name="${key}"]`);

test.describe("sharing on WhatsApp and link previews", () => {
  let dellPath = "";
  test.beforeAll(async ({ request }) => {
    dellPath = await productPath(request, DELL);
  });

  test("the product page shares its title, price and URL, and asks the dealer on WhatsApp", async ({
    page,
    baseURL,
  }) => {
    await page.goto(dellPath);
    const canonical = `${baseURL}${dellPath}`;
    const price = ((await page.locator(".product-price .offer-price").textContent()) ?? "").match(
      /Rs\. [\d,]+/,
    )?.[0];
    expect(price).toBeTruthy();

    const share = page.getByRole("link", { name: "Share on WhatsApp" });
    const shareHref = (await share.getAttribute("href")) ?? "";
    expect(shareHref).toBe(`https://wa.me/?text=${encodeURIComponent(`${DELL} — ${price} ${canonical}`)}`);
    expect(shareHref).toContain(encodeURIComponent(canonical));
    expect(shareHref).toContain(encodeURIComponent(DELL));
    await expect(share).toHaveAttribute("rel", /noopener/);

    const ask = page.getByRole("link", { name: "Ask about this on WhatsApp" });
    const askHref = (await ask.getAttribute("href")) ?? "";
    expect(askHref.startsWith(`https://wa.me/${DEALER_WHATSAPP}?text=`)).toBe(true);
    expect(new URL(askHref).searchParams.get("text")).toBe(
      `Hello, I'd like to know more about ${DELL} (${canonical})`,
    );
    expect(askHref).toContain(encodeURIComponent(canonical));
  });

  test("the product page previews with an absolute picture, its title and its price", async ({
    page,
    baseURL,
  }) => {
    await page.goto(dellPath);
    await expect(meta(page, "og:image")).toHaveAttribute("content", new RegExp(`^${baseURL}/`));
    await expect(meta(page, "og:title")).toHaveAttribute("content", DELL);
    await expect(meta(page, "og:site_name")).toHaveAttribute("content", "Kaveri Computers");
    await expect(meta(page, "og:url")).toHaveAttribute("content", `${baseURL}${dellPath}`);
    await expect(meta(page, "twitter:card")).toHaveAttribute("content", "summary_large_image");
    await expect(meta(page, "product:price:amount")).toHaveAttribute("content", /^\d+\.\d{2}$/);
    await expect(meta(page, "product:price:currency")).toHaveAttribute("content", "INR");
    const offer = ((await page.locator(".product-price .offer-price").textContent()) ?? "").replace(
      /\D/g,
      "",
    );
    await expect(meta(page, "product:price:amount")).toHaveAttribute("content", `${offer}.00`);
  });

  test("the home page previews with the shop's title and an absolute picture", async ({ page, baseURL }) => {
    await page.goto("/");
    await expect(meta(page, "og:title")).toHaveAttribute("content", /^Kaveri Computers/);
    await expect(meta(page, "og:type")).toHaveAttribute("content", "website");
    await expect(meta(page, "og:url")).toHaveAttribute("content", `${baseURL}/`);
    await expect(meta(page, "og:image")).toHaveAttribute("content", new RegExp(`^${baseURL}/images/`));
    await expect(meta(page, "twitter:card")).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  });

  test("a blog page previews with its title and an absolute picture", async ({ page, baseURL }) => {
    await page.goto("/blogs");
    const link = page.locator('main a[href^="/blog/"]').first();
    const path = (await link.getAttribute("href")) ?? "";
    await page.goto(path);
    const title = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await expect(meta(page, "og:title")).toHaveAttribute("content", title);
    await expect(meta(page, "og:type")).toHaveAttribute("content", "article");
    await expect(meta(page, "og:url")).toHaveAttribute("content", `${baseURL}${path}`);
    await expect(meta(page, "og:image")).toHaveAttribute("content", new RegExp(`^${baseURL}/`));
    await expect(meta(page, "twitter:card")).toHaveAttribute("content", "summary_large_image");
  });
});
