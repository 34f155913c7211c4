import type { SerializeFrom } from "@remix-run/node";
import type { loader } from "./loader.server";

type History = SerializeFrom<typeof loader>["order"]["history"];

/** Every change of the order, oldest first: from → to, who, when, the courier and any note. */
export function OrderHistory({ history }: { history: History }) {
  return (
    <section className="admin-panel admin-panel-wide" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <table className="admin-table admin-card-table">
        <caption className="visually-hidden">Changes of this order, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Change</th>
            <th scope="col">By</th>
            <th scope="col">Courier and tracking</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {history.map((event) => (
            <tr key={event.id}>
              <td data-label="When">{event.when}</td>
              <td data-label="Change">
                {event.fromStatus === null
                  ? `${event.toStatus} (order placed)`
                  : event.fromStatus === event.toStatus
                    ? `${event.toStatus} (unchanged)`
                    : `${event.fromStatus} → ${event.toStatus}`}
              </td>
              <td data-label="By">{event.actorName}</td>
              <td data-label="Courier and tracking">
                {[event.courier, event.trackingNumber].filter(Boolean).join(", ") || "—"}
              </td>
              <td data-label="Note">{event.note ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
