import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogs, products } from "~/db/schema";
import { seedCatalogue } from "~/db/seed.server";
import { seedBlogs } from "~/db/seed-data";
import { getBlog, latestBlogs, listBlogs, sitemapEntries, toBlogCard } from "~/features/content/index.server";
import { databaseKind, openTestDatabase, type TestDatabase } from "./support/database";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedCatalogue(database.db);
});

afterAll(async () => {
  await database?.drop();
});

describe(`blogs (${databaseKind})`, () => {
  it("lists every published blog, newest first", async () => {
    const list = await listBlogs(database.db);
    expect(list).toHaveLength(seedBlogs.length);
    const byAge = [...seedBlogs].sort((a, b) => a.daysAgo - b.daysAgo).map((b) => b.title);
    expect(list.map((b) => b.title)).toEqual(byAge);
    for (let i = 1; i < list.length; i++) {
      expect(list[i - 1]?.publishedAt.getTime()).toBeGreaterThanOrEqual(list[i]?.publishedAt.getTime() ?? 0);
    }
    const first = list[0];
    expect(first?.title).toBe("How to Choose a Laptop for College in 2025: A Bengaluru Student's Guide");
    expect(first?.category).toBe("Laptop");
    expect(first?.description).toContain("<strong>which laptop will last all four years?</strong>");
    expect(first?.images[0]?.url).toBe("/images/blogs/college-laptop.svg");
    expect(first?.publishedAt).toBeInstanceOf(Date);
  });

  it("gives the home page the 4 newest blogs", async () => {
    const latest = await latestBlogs(database.db, 4);
    const all = await listBlogs(database.db);
    expect(latest).toHaveLength(4);
    expect(latest.map((b) => b.id)).toEqual(all.slice(0, 4).map((b) => b.id));
    expect(await latestBlogs(database.db, 0)).toEqual([]);
  });

  it("finds one blog by id and returns null for an unknown id", async () => {
    const [first] = await listBlogs(database.db);
    if (!first) throw new Error("the seed has blogs");
    expect(await getBlog(database.db, first.id)).toEqual(first);
    expect(await getBlog(database.db, 999_999)).toBeNull();
  });

  it("makes card data with plain text and the first image", async () => {
    const [first] = await listBlogs(database.db);
    if (!first) throw new Error("the seed has blogs");
    const card = toBlogCard(first);
    expect(card).toMatchObject({
      id: first.id,
      title: first.title,
      image: "/images/blogs/college-laptop.svg",
      date: first.publishedAt.toISOString(),
    });
    expect(card.summary.startsWith("Admission season is the busiest time of the year")).toBe(true);
    expect(card.summary).not.toMatch(/[<>]/);
    expect(card.summary.length).toBeGreaterThan(70);
    expect(toBlogCard({ ...first, images: [] }).image).toBeNull();
  });

  it("lists every product and published blog id for the sitemap, with their dates", async () => {
    const entries = await sitemapEntries(database.db);
    const [productCount] = await database.db.select({ n: count() }).from(products);
    const [blogCount] = await database.db.select({ n: count() }).from(blogs);
    expect(entries.products).toHaveLength(productCount?.n ?? -1);
    expect(entries.blogs).toHaveLength(blogCount?.n ?? -1);
    expect(entries.blogs).toHaveLength(seedBlogs.length);
    expect(entries.products.length).toBeGreaterThanOrEqual(60);
    for (const entry of entries.products) {
      expect(Object.keys(entry).sort()).toEqual(["id", "updatedAt"]);
      expect(entry.updatedAt).toBeInstanceOf(Date);
    }
    for (const entry of entries.blogs) {
      expect(Object.keys(entry).sort()).toEqual(["id", "updatedAt"]);
      expect(entry.updatedAt).toBeInstanceOf(Date);
    }
    expect(new Set(entries.products.map((p) => p.id)).size).toBe(entries.products.length);
    const blogIds = (await listBlogs(database.db)).map((b) => b.id).sort((a, b) => a - b);
    expect(entries.blogs.map((b) => b.id)).toEqual(blogIds);
  });
});
