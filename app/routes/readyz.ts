import { databaseAnswers } from "~/features/operations/index.server";

/**
 * GET /readyz: "ready" when the database answers, otherwise 503 so the load balancer sends shoppers to
 * another instance until it does. /healthz is the liveness check and never touches the database.
 */
export async function loader() {
  try {
    await databaseAnswers();
    return new Response("ready", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  } catch {
    return new Response("database unavailable", {
      status: 503,
      headers: { "Content-Type": "text/plain", "Cache-Control": "no-store", "Retry-After": "5" },
    });
  }
}
