import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { requireBackOffice } from "~/auth.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { FilterSelect } from "~/components/admin/FilterSelect";
import { getDb } from "~/db/db.server";
import { auditAreaLabels, describeAuditDetails, isAuditArea } from "~/features/audit";
import { AUDIT_PAGE_SIZE, auditActors, auditEntries } from "~/features/audit/index.server";
import { formatLongDate } from "~/lib/dates";
import { parseId } from "~/lib/params";
import { normaliseSearch } from "~/lib/search-text";

export const meta: MetaFunction = () => adminMeta("Audit trail");

/** Owners only: every change made in the back office, newest first, narrowed by area, member or subject. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request);
  const params = new URL(request.url).searchParams;
  const area = params.get("area");
  const filter = {
    area: isAuditArea(area) ? area : undefined,
    staffId: parseId(params.get("member") ?? undefined),
    subject: normaliseSearch(params.get("subject")) || undefined,
    before: parseId(params.get("before") ?? undefined),
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
      <Form method="get" className="admin-filters" aria-label="Filter the audit trail">
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
      </Form>
      {entries.length === 0 ? (
        <p>No changes recorded{filter.area || filter.staffId || filter.subject ? " for this filter" : ""}.</p>
      ) : (
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
      )}
      {olderFrom ? (
        <p className="admin-pager">
          <Link to={olderLink()} rel="next">
            Older changes
          </Link>
        </p>
      ) : null}
    </>
  );
}
