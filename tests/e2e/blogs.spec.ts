import { expect, type Locator, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { BACK_OFFICE_POST_TITLE } from "./support/content";

const NEWEST_TITLE = "How to Choose a Laptop for College in 2025: A Bengaluru Student's Guide";
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** What 'MMMM Do YYYY, h:mm a' in India (UTC+5:30, no daylight saving) gives for an ISO instant. */
function expectedIndianDate(iso: string): string {
  const ist = new Date(Date.parse(iso) + 330 * 60_000);
  const day = ist.getUTCDate();
  const suffix =
    day % 100 >= 11 && day % 100 <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[day % 10] ?? "th");
  const hour = ist.getUTCHours();
  const minute = String(ist.getUTCMinutes()).padStart(2, "0");
  return `${MONTHS[ist.getUTCMonth()]} ${day}${suffix} ${ist.getUTCFullYear()}, ${hour % 12 || 12}:${minute} ${hour < 12 ? "am" : "pm"}`;
}

async function expectIndianDate(time: Locator): Promise<void> {
  const iso = (await time.getAttribute("datetime")) ?? "";
  expect(Number.isNaN(Date.parse(iso))).toBe(false);
  await expect(time).toHaveText(expectedIndianDate(iso));
  await expect(time).toHaveText(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2} (am|pm)$/);
}

test.describe("blogs", () => {
  test("/blogs shows the static categories and a card for each of the 8 blogs", async ({ page }) => {
    await page.goto("/blogs");
    await expect(page).toHaveTitle("Blogs | Kaveri Computers");
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(breadcrumb).toContainText("Blogs");
    await expect(page.getByRole("heading", { level: 1, name: "Blogs" })).toBeVisible();

    const categories = page.getByRole("complementary", { name: "Find By Categories" });
    await expect(categories.getByRole("listitem")).toHaveText(["Watch", "Tv", "Camera", "Laptop"]);
    await expect(categories.getByRole("link")).toHaveCount(0);

    // The seed's posts: one the back-office spec is publishing at this moment is not among them.
    const cards = page
      .getByRole("list", { name: "Blog posts" })
      .getByRole("article")
      .filter({ hasNot: page.getByRole("heading", { name: BACK_OFFICE_POST_TITLE }) });
    await expect(cards).toHaveCount(8);
    for (const card of await cards.all()) {
      await expectIndianDate(card.locator("time"));
      const title = (await card.getByRole("heading", { level: 2 }).textContent()) ?? "";
      expect(title.length).toBeGreaterThan(10);
      const summary = (await card.locator(".blog-card-summary").textContent()) ?? "";
      expect(summary).toMatch(/^[^<>]{70}…$/);
      await expect(card.locator("img")).toHaveAttribute("src", /^\/images\/blogs\/.+\.svg$/);
      const readMore = card.getByRole("link", { name: `Read More about ${title}` });
      await expect(readMore).toHaveAttribute("href", /^\/blog\/\d+$/);
      await expect(readMore).toContainText("Read More");
    }

    const newest = cards.first();
    await expect(newest.getByRole("heading")).toHaveText(NEWEST_TITLE);
    await expect(newest.locator(".blog-card-summary")).toHaveText(
      "Admission season is the busiest time of the year at our SP Road counte…",
    );
    await expect(newest.locator("img")).toHaveAttribute("src", "/images/blogs/college-laptop.svg");
  });

  test("cards sit two per row on a desktop and one per row on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/blogs");
    const cards = page.getByRole("list", { name: "Blog posts" }).getByRole("article");
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
    expect(a && b && c).toBeTruthy();
    expect(Math.abs((a?.y ?? 0) - (b?.y ?? 1))).toBeLessThan(2);
    expect(c?.y ?? 0).toBeGreaterThan((a?.y ?? 0) + (a?.height ?? 0) - 1);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/blogs");
    const [p, q] = await Promise.all([0, 1].map((i) => cards.nth(i).boundingBox()));
    expect(q?.y ?? 0).toBeGreaterThan((p?.y ?? 0) + (p?.height ?? 0) - 1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });

  test("Read More opens the blog and the go-back link returns to the list", async ({ page }) => {
    await page.goto("/blogs");
    await page.getByRole("link", { name: `Read More about ${NEWEST_TITLE}` }).click();
    await expect(page).toHaveURL(/\/blog\/\d+$/);
    await expect(page).toHaveTitle(`${NEWEST_TITLE} | Kaveri Computers`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /^Admission season is the busiest time of the year/,
    );
    await expect(page.getByRole("heading", { level: 1, name: NEWEST_TITLE })).toBeVisible();
    await expect(
      page.getByRole("img", { name: "Student desk with a laptop, books and a graduation cap" }),
    ).toBeVisible();
    await expectIndianDate(page.locator("article time"));
    const body = page.locator(".blog-body");
    await expect(body.locator("strong", { hasText: "which laptop will last all four years?" })).toBeVisible();
    await expect(body.getByRole("heading", { name: "2. Never compromise on the SSD" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Go back to Blogs" }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(page.getByRole("heading", { level: 1, name: "Blogs" })).toBeVisible();
  });

  test("/blogs passes axe", async ({ page }) => {
    await page.goto("/blogs");
    await expectNoAxeViolations(page);
  });

  for (const path of ["/blog/999999", "/blog/abc", "/blog/0"]) {
    test(`${path} shows the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    });
  }

  test("sitemap.xml lists the pages, every product and every blog with absolute URLs", async ({
    request,
    page,
    baseURL,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/xml/);
    expect(response.headers()["cache-control"]).toBe("public, max-age=3600");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const path of [
      "/",
      "/product",
      "/blogs",
      "/About",
      "/Contact",
      "/privacy-policy",
      "/compare-product",
    ]) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    const productUrls = xml.match(/<loc>[^<]+\/product\/\d+<\/loc><lastmod>[^<]+<\/lastmod>/g) ?? [];
    expect(productUrls.length).toBeGreaterThanOrEqual(60);
    const blogUrls = xml.match(/<loc>[^<]+\/blog\/\d+<\/loc><lastmod>[^<]+<\/lastmod>/g) ?? [];
    // The seed's 8, and for a moment perhaps a post the back-office spec is publishing.
    expect(blogUrls.length).toBeGreaterThanOrEqual(8);

    // Every Read More link on /blogs is in the sitemap (but one the back-office spec may have published since),
    // and so is a product from the store.
    await page.goto("/blogs");
    for (const href of await page
      .getByRole("article")
      .filter({ hasNot: page.getByRole("heading", { name: BACK_OFFICE_POST_TITLE }) })
      .getByRole("link", { name: /^Read More/ })
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
      expect(xml).toContain(`<loc>${baseURL}${href}</loc>`);
    }
    await page.goto("/product");
    const productHref = await page.locator('.product-card a[href^="/product/"]').first().getAttribute("href");
    expect(productHref).toMatch(/^\/product\/\d+$/);
    expect(xml).toContain(`<loc>${baseURL}${productHref}</loc>`);
  });

  test("robots.txt keeps private pages out and points to the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    for (const path of [
      "/cart",
      "/checkout",
      "/my-orders",
      "/my-profile",
      "/wishlist",
      "/search-suggestions",
    ]) {
      expect(text).toContain(`Disallow: ${path}\n`);
    }
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });
});
