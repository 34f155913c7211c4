import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminList } from "~/components/admin/AdminList";
import { adminMeta } from "~/components/admin/admin-meta";
import { FilterSelect, optionsOf } from "~/components/admin/FilterSelect";
import { getDb } from "~/db/db.server";
import { BLOG_STATES, blogStateLabels } from "~/features/content";
import { listBlogPosts } from "~/features/content/index.server";
import { blogListSchema } from "~/features/content/schemas";
import { readAdminList } from "~/lib/admin-list.server";
import { formatLongDate } from "~/lib/dates";

export const meta: MetaFunction = () => adminMeta("Blogs");

/** Drafts and published posts, newest first; the filter and page live in the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { filters } = await readAdminList(request, blogListSchema);
  const list = await listBlogPosts(await getDb(), filters);
  return json({
    state: filters.state ?? null,
    ...list,
    rows: list.rows.map((post) => ({
      id: post.id,
      title: post.title,
      category: post.category,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      createdAt: post.createdAt.toISOString(),
    })),
  });
}

export default function BlogPosts() {
  const { state, rows, total, page, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="admin-title">
        <h1>Blogs</h1>
        <Link to="/admin/blogs/new" className="button">
          New post
        </Link>
      </div>
      <AdminList
        filters={{
          label: "Filter posts",
          fields: (
            <>
              <FilterSelect
                label="Show"
                name="state"
                value={state}
                everything="All posts"
                options={optionsOf(BLOG_STATES, (value) => blogStateLabels[value])}
              />
              <button type="submit" className="button-small">
                Show
              </button>
            </>
          ),
        }}
        count={`${total === 1 ? "1 post" : `${total} posts`}${state ? ` (${blogStateLabels[state].toLowerCase()})` : ""}`}
        table={
          rows.length > 0 ? (
            <table className="admin-table admin-list">
              <caption className="visually-hidden">Blog posts, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Category</th>
                  <th scope="col">State</th>
                  <th scope="col">Written</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((post) => (
                  <tr key={post.id}>
                    <td data-label="Title">
                      <Link to={`/admin/blogs/${post.id}`}>{post.title}</Link>
                    </td>
                    <td data-label="Category">{post.category}</td>
                    <td data-label="State">
                      {post.publishedAt ? (
                        <span className="admin-badge admin-badge-on">
                          Published {formatLongDate(post.publishedAt)}
                        </span>
                      ) : (
                        <span className="admin-badge">Draft</span>
                      )}
                    </td>
                    <td data-label="Written">{formatLongDate(post.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null
        }
        empty={<p>{state ? "No posts of this kind." : "No blog posts yet."}</p>}
        pages={{ page, pages, label: "Blog post pages" }}
      />
    </>
  );
}
