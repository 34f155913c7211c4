import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminList } from "~/components/admin/AdminList";
import { adminMeta } from "~/components/admin/admin-meta";
import { Toasts } from "~/components/layout/Toasts";
import { getDb } from "~/db/db.server";
import { contentAdminMessages } from "~/features/content";
import { listSubscribers, subscriberChangeSchema, unsubscribe } from "~/features/content/index.server";
import { parseSubscriberListFilters, subscriberListSchema } from "~/features/content/schemas";
import { readAdminList } from "~/lib/admin-list.server";
import { requireBackOffice } from "~/lib/auth.server";
import { formatLongDate } from "~/lib/dates";
import { replyWithError } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms/zod-forms.server";
import { listQuery, listUrl } from "~/lib/list-query";
import { readForm } from "~/lib/read-form.server";
import { toasts } from "~/lib/toast.server";

export const meta: MetaFunction = () => adminMeta("Newsletter");

/** Newsletter sign-ups, newest first, searched by address; the search and page live in the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { filters } = await readAdminList(request, subscriberListSchema);
  const list = await listSubscribers(await getDb(), filters);
  return json({
    q: filters.q ?? "",
    ...list,
    rows: list.rows.map((row) => ({
      id: row.id,
      email: row.email,
      createdAt: row.createdAt.toISOString(),
      unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
    })),
  });
}

/** Unsubscribe an address, then back to the same search and page. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireBackOffice(request);
  const formData = await readForm(request, subscriberChangeSchema);
  const submission = parseWithZod(formData, { schema: subscriberChangeSchema });
  if (submission.status !== "success") {
    if (submission.error?.intent) throw new Response("Unknown form", { status: 400 });
    return replyWithError(submission, contentAdminMessages.subscriberNotFound, { status: 404 });
  }
  // Back to the same search and page, canonical.
  const filters = parseSubscriberListFilters(new URL(request.url).searchParams);
  const back = listUrl("/admin/newsletter", listQuery(filters));
  const change = submission.value;
  switch (change.intent) {
    case "unsubscribe": {
      const done = await unsubscribe(await getDb(), { id: member.id, name: member.name }, change.id);
      if (!done.ok)
        return replyWithError(submission, contentAdminMessages.subscriberNotFound, { status: 404 });
      return toasts().redirectWithSuccess(back, contentAdminMessages.unsubscribed(done.email), {
        status: 303,
      });
    }
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

export default function Newsletter() {
  const { q, rows, total, page, pages, subscribed, unsubscribed } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const pendingId =
    navigation.formData?.get("intent") === "unsubscribe" ? navigation.formData.get("id") : null;
  return (
    <>
      <Toasts toast={answer?.toast ?? null} />
      <div className="admin-title">
        <h1>Newsletter</h1>
        {/* A file, not a page: a plain link so the browser downloads it. */}
        <a href="/admin/newsletter.csv" className="button" download>
          Download CSV
        </a>
      </div>
      <AdminList
        summary={
          <p className="admin-count">
            {subscribed === 1 ? "1 subscriber" : `${subscribed} subscribers`}
            {unsubscribed > 0 ? ` · ${unsubscribed} unsubscribed` : ""}. The CSV holds the subscribed
            addresses only.
          </p>
        }
        filters={{
          label: "Search subscribers",
          role: "search",
          fields: (
            <>
              <label>
                <span>Email</span>
                <input type="search" name="q" defaultValue={q} autoComplete="off" />
              </label>
              <button type="submit" className="button-small">
                Search
              </button>
            </>
          ),
        }}
        count={
          q ? (
            <p className="admin-count">
              {total === 1 ? "1 address matches" : `${total} addresses match`} “{q}”.
            </p>
          ) : null
        }
        table={
          rows.length > 0 ? (
            <table className="admin-table admin-list">
              <caption className="visually-hidden">Newsletter sign-ups, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Since</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td data-label="Email">{row.email}</td>
                    <td data-label="Since">{formatLongDate(row.createdAt)}</td>
                    <td data-label="State">
                      {row.unsubscribedAt ? (
                        <span className="admin-badge">Unsubscribed {formatLongDate(row.unsubscribedAt)}</span>
                      ) : (
                        <Form method="post" className="inline-form">
                          <span className="admin-badge admin-badge-on">Subscribed</span>
                          <input type="hidden" name="id" value={row.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="unsubscribe"
                            className="button-small"
                            disabled={pendingId === String(row.id)}
                          >
                            Unsubscribe<span className="visually-hidden"> {row.email}</span>
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null
        }
        empty={<p>{q ? "No address matches this search." : "Nobody has subscribed yet."}</p>}
        pages={{ page, pages, label: "Subscriber pages" }}
      />
    </>
  );
}
