import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminList } from "~/components/admin/AdminList";
import { adminMeta } from "~/components/admin/admin-meta";
import { FilterSelect, optionsOf } from "~/components/admin/FilterSelect";
import { getDb } from "~/db/db.server";
import { ENQUIRY_VIEWS, enquiryViewLabels } from "~/features/content";
import { listEnquiries } from "~/features/content/index.server";
import { enquiryListSchema } from "~/features/content/schemas";
import { readAdminList } from "~/lib/admin-list.server";
import { formatLongDate } from "~/lib/dates";
import { cutText } from "~/lib/text";

export const meta: MetaFunction = () => adminMeta("Enquiries");

/** How much of a message the list shows; the whole of it is on the enquiry's page. */
const MESSAGE_PREVIEW = 80;

/** The Contact form's enquiries: unread first, then the newest; the filter and page live in the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { filters } = await readAdminList(request, enquiryListSchema);
  const list = await listEnquiries(await getDb(), filters);
  return json({
    show: filters.show ?? null,
    ...list,
    rows: list.rows.map((enquiry) => ({
      id: enquiry.id,
      name: enquiry.name,
      email: enquiry.email,
      mobile: enquiry.mobile,
      message: cutText(enquiry.comment, MESSAGE_PREVIEW),
      createdAt: enquiry.createdAt.toISOString(),
      read: enquiry.readAt !== null,
      replies: enquiry.replies,
    })),
  });
}

export default function Enquiries() {
  const { show, rows, total, page, pages, unread } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Enquiries</h1>
      <AdminList
        summary={
          <p className="admin-count">
            {unread === 1 ? "1 unread enquiry" : `${unread} unread enquiries`}
            {show ? ` · ${total} ${enquiryViewLabels[show].toLowerCase()} shown` : ` · ${total} in all`}
          </p>
        }
        filters={{
          label: "Filter enquiries",
          fields: (
            <>
              <FilterSelect
                label="Show"
                name="show"
                value={show}
                everything="All enquiries"
                options={optionsOf(ENQUIRY_VIEWS, (view) => enquiryViewLabels[view])}
              />
              <button type="submit" className="button-small">
                Show
              </button>
            </>
          ),
        }}
        table={
          rows.length > 0 ? (
            <table className="admin-table admin-list">
              <caption className="visually-hidden">Enquiries, unread first, then the newest</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Mobile</th>
                  <th scope="col">Message</th>
                  <th scope="col">Received</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((enquiry) => (
                  <tr key={enquiry.id} className={enquiry.read ? undefined : "admin-unread"}>
                    <td data-label="Name">
                      <Link to={`/admin/enquiries/${enquiry.id}`}>
                        {enquiry.name}
                        {enquiry.read ? null : <span className="visually-hidden"> (unread)</span>}
                      </Link>
                    </td>
                    <td data-label="Email">{enquiry.email}</td>
                    <td data-label="Mobile">{enquiry.mobile}</td>
                    <td data-label="Message">{enquiry.message}</td>
                    <td data-label="Received">{formatLongDate(enquiry.createdAt)}</td>
                    <td data-label="State">
                      {enquiry.read ? "Read" : <strong>Unread</strong>}
                      {enquiry.replies > 0
                        ? ` · ${enquiry.replies === 1 ? "1 reply" : `${enquiry.replies} replies`}`
                        : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null
        }
        empty={<p>{show ? `No ${enquiryViewLabels[show].toLowerCase()} enquiries.` : "No enquiries yet."}</p>}
        pages={{ page, pages, label: "Enquiry pages" }}
      />
    </>
  );
}
