import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminMeta } from "~/components/admin/admin-meta";
import { getDb } from "~/db/db.server";
import { ageInWords, messages as backupMessages, backupStatus } from "~/features/backups/index.server";
import { dashboard } from "~/features/dashboard/index.server";
import { requireBackOffice } from "~/lib/auth.server";
import { config } from "~/lib/config.server";
import { LOW_STOCK } from "~/lib/limits";
import { formatRupees } from "~/lib/money";

export const meta: MetaFunction = () => adminMeta("Dashboard");

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireBackOffice(request);
  const db = await getDb();
  return json({
    ...(await dashboard(db)),
    backups: member.role === "owner" ? await backupsLine(db) : undefined,
  });
}

/** For owners: the last good backup's age, or the warning of a failed or missing one. */
async function backupsLine(db: Awaited<ReturnType<typeof getDb>>) {
  const now = new Date();
  const status = await backupStatus(db, now, config().backups.time !== undefined);
  const finished = status.lastGood?.finishedAt;
  return {
    warning: status.warning,
    age: finished ? backupMessages.lastBackupAge(ageInWords(now.getTime() - finished.getTime())) : undefined,
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function Dashboard() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Dashboard</h1>
      <section aria-labelledby="sales-heading">
        <h2 id="sales-heading">Sales</h2>
        <dl className="admin-stats">
          <div>
            <dt>Today</dt>
            <dd>
              {formatRupees(data.today.revenue)}{" "}
              <span>{plural(data.today.orders, "paid order", "paid orders")}</span>
            </dd>
          </div>
          <div>
            <dt>This month</dt>
            <dd>
              {formatRupees(data.month.revenue)}{" "}
              <span>{plural(data.month.orders, "paid order", "paid orders")}</span>
            </dd>
          </div>
        </dl>
      </section>
      {data.backups ? (
        <section aria-labelledby="backups-heading">
          <h2 id="backups-heading">
            <Link to="/admin/backups">Backups</Link>
          </h2>
          {data.backups.warning ? (
            <p className="admin-warning" role="alert">
              {data.backups.warning}
            </p>
          ) : null}
          {data.backups.age ? <p>{data.backups.age}</p> : null}
        </section>
      ) : null}
      <section aria-labelledby="todo-heading">
        <h2 id="todo-heading">Needs doing</h2>
        <dl className="admin-stats">
          <div>
            <dt>
              <Link to="/admin/orders?status=Ordered">Orders to process</Link>
            </dt>
            <dd>{data.toProcess}</dd>
          </div>
          <div>
            <dt>Payments still pending at PhonePe</dt>
            <dd>{data.pendingPayments}</dd>
          </div>
          <div>
            <dt>Refunds in progress</dt>
            <dd>{data.refundsInProgress}</dd>
          </div>
          <div>
            <dt>
              <Link to="/admin/products?stock=low">Products low on stock (1 to {LOW_STOCK} left)</Link>
            </dt>
            <dd>{data.lowStock}</dd>
          </div>
          <div>
            <dt>
              <Link to="/admin/products?stock=out">Products sold out</Link>
            </dt>
            <dd>{data.soldOut}</dd>
          </div>
          <div>
            <dt>
              <Link to="/admin/enquiries?show=unread">Unread enquiries</Link>
            </dt>
            <dd>{data.unreadEnquiries}</dd>
          </div>
          <div>
            <dt>
              <Link to="/admin/rentals?status=requested">Rental requests to check</Link>
            </dt>
            <dd>{data.rentals.requested}</dd>
          </div>
          <div>
            <dt>
              <Link to="/admin/rentals?status=active">Rentals ending within {data.rentals.days} days</Link>
            </dt>
            <dd>{data.rentals.ending}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}
