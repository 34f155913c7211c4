import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { AdminList } from "~/components/admin/AdminList";
import { adminMeta } from "~/components/admin/admin-meta";
import { FilterSelect } from "~/components/admin/FilterSelect";
import { getDb } from "~/db/db.server";
import { auditAreaLabels, describeAuditDetails } from "~/features/audit";
import { AUDIT_PAGE_SIZE, auditActors, auditEntries } from "~/features/audit/index.server";
import { auditFiltersSchema } from "~/features/audit/schemas";
import { readAdminList } from "~/lib/admin-list.server";
import { formatLongDate } from "~/lib/dates";

export const meta: MetaFunction = () => adminMeta("Audit trail");

/** Owners only: every change made in the back office, newest first, narrowed by area, member or subject. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { filters } = await readAdminList(request, auditFiltersSchema, { tidy: false });
  const filter = {
    area: filters.area,
    staffId: filters.member,
    subject: filters.subject,
    before: filters.before,
  };
  const db = await getDb();
  const [entries, actors] = await Promise.all([auditEntries(db, filter), auditActors(db)]);
  return json({
    filter,
    actors: actors.filter((a): a is { staffId: number; staffName: string } => a.staffId !== null),
    entries: entries.map((entry) => ({
      id: entry.id,
      when: formatLongDate(entry.createdAt),
      who: entry.staffName,
      action: entry.action,
      subject: entry.subject,
      details: describeAuditDetails(entry.details),
    })),
    olderFrom: entries.length === AUDIT_PAGE_SIZE ? entries.at(-1)?.id : undefined,
  });
}

export default function AuditTrail() {
  const { filter, actors, entries, olderFrom } = useLoaderData<typeof loader>();
  const location = useLocation();
  const olderLink = () => {
    const params = new URLSearchParams(location.search);
    params.set("before", String(olderFrom));
    return `?${params.toString()}`;
  };
  return (
    <>
      <h1>Audit trail</h1>
      <AdminList
        filters={{
          label: "Filter the audit trail",
          fields: (
            <>
              <FilterSelect
                label="Area"
                name="area"
                value={filter.area}
                everything="All areas"
                options={Object.entries(auditAreaLabels).map(([value, label]) => ({ value, label }))}
              />
              <FilterSelect
                label="Member"
                name="member"
                value={filter.staffId}
                everything="Everyone"
                options={actors.map((actor) => ({ value: actor.staffId, label: actor.staffName }))}
              />
              <label>
                Subject
                <input
                  name="subject"
                  defaultValue={filter.subject ?? ""}
                  placeholder="e.g. product 12"
                  maxLength={100}
                />
              </label>
              <button type="submit" className="button-small">
                Show
              </button>
            </>
          ),
        }}
        table={
          entries.length === 0 ? null : (
            <table className="admin-table admin-audit">
              <caption className="visually-hidden">Changes made in the back office, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Subject</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{entry.when}</td>
                    <td>{entry.who}</td>
                    <td>{entry.action}</td>
                    <td>
                      <Link to={`?subject=${encodeURIComponent(entry.subject)}`}>{entry.subject}</Link>
                    </td>
                    <td>
                      {entry.details.length > 0 ? (
                        <ul className="admin-audit-details">
                          {entry.details.map((line) => (
                            <li key={line}>{line}</li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
        empty={
          <p>
            No changes recorded{filter.area || filter.staffId || filter.subject ? " for this filter" : ""}.
          </p>
        }
        more={
          olderFrom ? (
            <p className="admin-pager">
              <Link to={olderLink()} rel="next">
                Older changes
              </Link>
            </p>
          ) : null
        }
      />
    </>
  );
}
