import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";

type StaticPageCase = {
  link: string;
  path: string;
  title: string;
  phrases: string[];
};

const pages: StaticPageCase[] = [
  {
    link: "Privacy Policy",
    path: "/privacy-policy",
    title: "Privacy Policy",
    phrases: [
      "name, e-mail address and mobile number",
      "delivery addresses",
      "your orders",
      "sessions cookie",
      "We do not sell your data",
      "Payments are made through PhonePe",
      "support@kavericomputers.in",
    ],
  },
  {
    link: "Refund Policy",
    path: "/refund-policy",
    title: "Refund Policy",
    phrases: [
      "Refund requests are allowed within 7 days of the order.",
      "Refunds are credited in 7-10 business days",
      "Returns are accepted only for defective or damaged goods.",
      "PhonePe",
    ],
  },
  {
    link: "Shipping Policy",
    path: "/shipping-policy",
    title: "Shipping Policy",
    phrases: [
      "We ship only within India.",
      "Standard shipping takes 5-7 business days; express takes 2-3 business days.",
      "Orders are processed in 1-2 business days.",
      "An order placed after 4 PM goes to the next business day.",
      "flat shipping fee of Rs. 100",
    ],
  },
  {
    link: "Terms & Conditions",
    path: "/term-conditions",
    title: "Terms & Conditions",
    phrases: [
      "We ship only within India.",
      "Orders are processed in 1-2 business days.",
      "An order placed after 4 PM goes to the next business day.",
      "Standard shipping takes 5-7 business days; express takes 2-3 business days.",
      "Returns are accepted only for defective or damaged goods.",
      "Refund requests are allowed within 7 days of the order.",
      "Refunds are credited in 7-10 business days.",
      "Payments are made through PhonePe.",
      "flat shipping fee of Rs. 100",
    ],
  },
  {
    link: "About Us",
    path: "/About",
    title: "About Us",
    phrases: [
      "serving Bengaluru for 12 years",
      "New laptops and desktops",
      "Refurbished laptops and desktops",
      "Rental laptops and desktops",
      "CCTV and biometric installation",
      "IT accessories",
      "SP Road, Bengaluru",
      "Monday to Friday, 10 AM to 8 PM",
      "Why buy from us",
    ],
  },
];

async function expectStaticPage(page: Page, { title, phrases }: StaticPageCase) {
  await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`${title} | Kaveri Computers`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Kaveri Computers.{20,}/);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(breadcrumb).toContainText(title);
  const article = page.locator("article.static-article");
  for (const phrase of phrases) await expect(article).toContainText(phrase);
}

test.describe("static pages", () => {
  for (const entry of pages) {
    test(`${entry.title} opens from the footer, states its facts and passes axe`, async ({ page }) => {
      await page.goto("/");
      const information = page.locator("footer.site-footer").getByRole("navigation", { name: "Information" });
      await information.getByRole("link", { name: entry.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${entry.path}$`));
      await expectStaticPage(page, entry);
      await expectNoAxeViolations(page);
    });
  }

  test("About Us answers at /About, /about and /ABOUT and says 12 years", async ({ page }) => {
    const about = pages.find((p) => p.path === "/About");
    if (!about) throw new Error("About Us case missing");
    for (const path of ["/About", "/about", "/ABOUT"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expectStaticPage(page, about);
      await expect(page.locator("article.static-article")).toContainText("12 years");
    }
  });

  test("policy addresses ignore letter case", async ({ page }) => {
    for (const path of ["/Privacy-Policy", "/REFUND-POLICY", "/Shipping-Policy", "/Term-Conditions"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("article.static-article h1")).toBeVisible();
    }
  });

  test("text pages fit a 360 px phone without sideways scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const { path, title } of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await expectNoAxeViolations(page);
  });
});
