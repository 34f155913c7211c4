import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Pager } from "./Pager";

type FilterForm = {
  /** The form's accessible name, e.g. "Filter orders". */
  label: string;
  fields: ReactNode;
  className?: string;
  /** Where the form goes when it is not the list's own address. */
  action?: string;
  role?: "search";
  /** Changes when the filters do, so the fields show the URL's values again after each search. */
  remountKey?: string;
};

/**
 * The frame every back-office list shares (its loader starts with readAdminList, app/lib/admin-list.server.ts): a
 * summary, the GET filter form (it keeps the filters in the URL and works without JavaScript), the count
 * sentence, the table or what to say when there is nothing to show, and the pages.
 */
export function AdminList({
  summary,
  filters,
  count,
  table,
  empty,
  pages,
  more,
}: {
  summary?: ReactNode;
  filters?: FilterForm;
  /** The count sentence, in the list's own words; a node of its own when it needs other markup. */
  count?: ReactNode;
  /** The rows' table, or null when there are none to show. */
  table: ReactNode | null;
  empty?: ReactNode;
  pages?: { page: number; pages: number; label: string };
  /** A list paged by position rather than by number: its "older" link. */
  more?: ReactNode;
}) {
  return (
    <>
      {summary}
      {filters ? (
        <Form
          method="get"
          action={filters.action}
          className={filters.className ?? "admin-filters"}
          role={filters.role}
          aria-label={filters.label}
          key={filters.remountKey}
        >
          {filters.fields}
        </Form>
      ) : null}
      {typeof count === "string" ? <p className="admin-count">{count}</p> : count}
      {table ?? empty}
      {pages ? <Pager page={pages.page} pages={pages.pages} label={pages.label} /> : null}
      {more}
    </>
  );
}
