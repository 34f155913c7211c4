/**
 * GET /healthz: "ok" without touching the database. A load balancer's health check, and the benchmark's
 * baseline — the cheapest page the same server can answer.
 */
export function loader() {
  return new Response("ok", { headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
}
