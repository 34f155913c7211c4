import { json, type LinksFunction, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/Breadcrumbs";
import { getDb } from "~/db/db.server";
import { BlogCard } from "~/features/content";
import { listBlogs, toBlogCard } from "~/features/content/index.server";
import blogStyles from "~/styles/blog.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: blogStyles }];

export const meta: MetaFunction = () => [
  { title: "Blogs | Kaveri Computers" },
  {
    name: "description",
    content:
      "Buying guides and tips on laptops, CCTV, biometrics and monitors from Kaveri Computers, Bengaluru.",
  },
];

export async function loader() {
  const blogs = await listBlogs(await getDb());
  return json({ blogs: blogs.map(toBlogCard) });
}

/** Shown as a list only: the rules' category list does not link or filter. */
const categories = ["Watch", "Tv", "Camera", "Laptop"] as const;

export default function Blogs() {
  const { blogs } = useLoaderData<typeof loader>();
  return (
    <div className="container page blogs-page">
      <Breadcrumbs current="Blogs" />
      <h1>Blogs</h1>
      <div className="blogs-layout">
        <aside className="blog-categories" aria-labelledby="blog-categories-heading">
          <h2 id="blog-categories-heading">Find By Categories</h2>
          <ul>
            {categories.map((category) => (
              <li key={category}>{category}</li>
            ))}
          </ul>
        </aside>
        {blogs.length > 0 ? (
          <ul className="blog-grid" aria-label="Blog posts">
            {blogs.map((blog) => (
              <li key={blog.id}>
                <BlogCard {...blog} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="blog-empty">No blogs yet. Please check back soon.</p>
        )}
      </div>
    </div>
  );
}
